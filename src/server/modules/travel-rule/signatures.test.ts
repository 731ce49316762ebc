import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { btcWallet, evmWallet, tronWallet, type TBtcKind } from '#test/helpers/message-signing.js';
import { bitcoinMessageHash, ethereumMessageHash, toChecksumAddress, verifySignedMessage } from './signatures.js';

const MESSAGE = 'CediCrypto: I control this wallet for order 12. Challenge 0f3a';

describe('message signatures (docs/decisions/076)', () => {
  it.each<TBtcKind>(['p2pkh', 'p2pkh-uncompressed', 'p2sh-p2wpkh', 'p2wpkh'])(
    'a Bitcoin %s signature proves its own address only',
    (kind) => {
      const wallet = btcWallet(kind);
      const signature = wallet.sign(MESSAGE);
      expect(verifySignedMessage('btc', wallet.address, MESSAGE, signature)).toBe(true);
      expect(verifySignedMessage('btc', wallet.address, `${MESSAGE}.`, signature)).toBe(false);
      expect(verifySignedMessage('btc', btcWallet(kind).address, MESSAGE, signature)).toBe(false);
      expect(verifySignedMessage('btc', wallet.address, MESSAGE, 'not base64!')).toBe(false);
    },
  );

  it('an EVM personal_sign proves its address, in any case of the address', () => {
    const wallet = evmWallet();
    const signature = wallet.sign(MESSAGE);
    expect(verifySignedMessage('evm', wallet.address, MESSAGE, signature)).toBe(true);
    expect(verifySignedMessage('evm', wallet.address.toLowerCase(), MESSAGE, signature)).toBe(true);
    expect(verifySignedMessage('evm', evmWallet().address, MESSAGE, signature)).toBe(false);
    expect(verifySignedMessage('evm', wallet.address, 'another text', signature)).toBe(false);
  });

  it('a TRON signMessageV2 proves its address', () => {
    const wallet = tronWallet();
    expect(wallet.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const signature = wallet.sign(MESSAGE);
    expect(verifySignedMessage('tron', wallet.address, MESSAGE, signature)).toBe(true);
    expect(verifySignedMessage('tron', tronWallet().address, MESSAGE, signature)).toBe(false);
    // An EVM signature over the same text is not a TRON one (the prefixes differ).
    expect(verifySignedMessage('tron', wallet.address, MESSAGE, evmWallet().sign(MESSAGE))).toBe(false);
  });

  it('hashes messages as the wallets do', () => {
    // ethers' documented hashMessage("Hello World").
    expect(Buffer.from(ethereumMessageHash('Hello World')).toString('hex')).toBe(
      'a1de988600a42c4b4ab089b619297c17d53cffae5d5120d82d8a92d0bb3b78f2',
    );
    // Bitcoin's, written out with node:crypto: 0x18, the prefix, the length byte, the text, SHA-256 twice.
    const once = createHash('sha256')
      .update(
        Buffer.concat([Buffer.from([0x18]), Buffer.from('Bitcoin Signed Message:\n'), Buffer.from([MESSAGE.length]), Buffer.from(MESSAGE)]),
      )
      .digest();
    expect(Buffer.from(bitcoinMessageHash(MESSAGE)).toString('hex')).toBe(createHash('sha256').update(once).digest('hex'));
  });

  it('checksums an address as EIP-55 does', () => {
    // EIP-55's own examples.
    expect(toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(toChecksumAddress('0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359')).toBe('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359');
  });
});
