import { describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { isValidAddressOn } from '#shared/wallet-address.js';
import { DEPOSIT_KEY_MSG } from '#shared/deposit-keys.js';
import { deriveAddress, parseAccountKey, previewAddresses, toChecksumAddress } from './derive.js';

/**
 * The published vectors of the BIP39 test mnemonic "abandon … about" (no passphrase): BIP84's own
 * account zpub and first receive addresses (bitcoin/bips, bip-0084.mediawiki), and the addresses
 * every wallet (Trezor, Ledger, Trust Wallet Core, Ian Coleman's tool) derives from it on
 * Ethereum m/44'/60'/0'/0/i, TRON m/44'/195'/0'/0/0, Litecoin m/84'/2'/0'/0/0 and Dogecoin
 * m/44'/3'/0'/0/0. The seed is derived here, in the test only: product code never sees one.
 */
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seed = pbkdf2(sha512, MNEMONIC.normalize('NFKD'), 'mnemonic', { c: 2048, dkLen: 64 });
const root = HDKey.fromMasterSeed(seed);
const BIP84_ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const base58check = createBase58check(sha256);

/** The account xpub at `path` written with other version bytes (how wallets export zpub, Ltub, dgub). */
function withVersion(path: string, version: number): string {
  const bytes = base58check.decode(root.derive(path).publicExtendedKey);
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(0, version);
  return base58check.encode(bytes);
}
const accountXpub = (path: string) => root.derive(path).publicExtendedKey;

describe('deposit addresses from an account extended public key', () => {
  it("BIP84's vector: the account zpub and its first receive addresses", () => {
    expect(withVersion("m/84'/0'/0'", 0x04b24746)).toBe(BIP84_ZPUB);
    const key = parseAccountKey('BTC', BIP84_ZPUB);
    expect(key.prefix).toBe('zpub');
    expect(previewAddresses(key)).toEqual([
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
      // Index 2: not in BIP84's text, but what every wallet derives for this mnemonic (Electrum, Sparrow, Trezor).
      'bc1qp59yckz4ae5c4efgw2s5wfyvrz0ala7rgvuz8z',
    ]);
    // The same account written as an xpub is the same key: same addresses, same identity.
    const asXpub = parseAccountKey('BTC', accountXpub("m/84'/0'/0'"));
    expect(asXpub.prefix).toBe('xpub');
    expect(previewAddresses(asXpub)).toEqual(previewAddresses(key));
    expect(asXpub.identity).toBe(key.identity);
    expect(key.fingerprint).toMatch(/^[0-9a-f]{8}$/);
  });

  it("Ethereum m/44'/60'/0'/0/i: EIP-55 checksummed, the same on ERC20 and BEP20", () => {
    const xpub = accountXpub("m/44'/60'/0'");
    const erc20 = parseAccountKey('ERC20', xpub);
    expect(deriveAddress(erc20, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(deriveAddress(erc20, 1)).toBe('0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0');
    expect(deriveAddress(parseAccountKey('BEP20', xpub), 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    for (const address of previewAddresses(erc20)) expect(isValidAddressOn('usdt', 'ERC20', address)).toBe(true);
  });

  it("TRON m/44'/195'/0'/0/0", () => {
    const key = parseAccountKey('TRC20', accountXpub("m/44'/195'/0'"));
    expect(deriveAddress(key, 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    for (const address of previewAddresses(key)) expect(isValidAddressOn('usdt', 'TRC20', address)).toBe(true);
  });

  it("Litecoin BIP84 m/84'/2'/0'/0/0 from a zpub, an Ltub or an xpub", () => {
    for (const version of [0x04b24746, 0x019da462, 0x0488b21e]) {
      const key = parseAccountKey('LTC', withVersion("m/84'/2'/0'", version));
      expect(deriveAddress(key, 0)).toBe('ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh');
      for (const address of previewAddresses(key)) expect(isValidAddressOn('ltc', 'LTC', address)).toBe(true);
    }
  });

  it("Dogecoin BIP44 m/44'/3'/0'/0/0 from a dgub or an xpub", () => {
    for (const version of [0x02facafd, 0x0488b21e]) {
      const key = parseAccountKey('DOGE', withVersion("m/44'/3'/0'", version));
      expect(deriveAddress(key, 0)).toBe('DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC');
      for (const address of previewAddresses(key)) expect(isValidAddressOn('doge', 'DOGE', address)).toBe(true);
    }
  });

  it('refuses private keys, whatever their prefix, without repeating them', () => {
    const xprv = root.derive("m/84'/0'/0'").privateExtendedKey;
    expect(xprv.startsWith('xprv')).toBe(true);
    expect(() => parseAccountKey('BTC', xprv)).toThrow(DEPOSIT_KEY_MSG.privateKey);
    // zprv: the same private key with BIP84's private version bytes.
    const bytes = base58check.decode(xprv);
    new DataView(bytes.buffer, bytes.byteOffset).setUint32(0, 0x04b2430c);
    expect(() => parseAccountKey('BTC', base58check.encode(bytes))).toThrow(DEPOSIT_KEY_MSG.privateKey);
    // tprv, and a private key under a public prefix (the key byte says it).
    new DataView(bytes.buffer, bytes.byteOffset).setUint32(0, 0x04358394);
    expect(() => parseAccountKey('BTC', base58check.encode(bytes))).toThrow(DEPOSIT_KEY_MSG.privateKey);
    new DataView(bytes.buffer, bytes.byteOffset).setUint32(0, 0x04b24746);
    expect(() => parseAccountKey('BTC', base58check.encode(bytes))).toThrow(DEPOSIT_KEY_MSG.privateKey);
    // A mistyped private key still reads as one.
    expect(() => parseAccountKey('BTC', `${xprv.slice(0, -1)}x`)).toThrow(DEPOSIT_KEY_MSG.privateKey);
    try {
      parseAccountKey('BTC', xprv);
    } catch (error) {
      expect(String(error)).not.toContain(xprv.slice(4, 20));
    }
  });

  it('refuses keys of another network or address type, test networks, other depths and garbage', () => {
    expect(() => parseAccountKey('ERC20', BIP84_ZPUB)).toThrow(DEPOSIT_KEY_MSG.wrongPrefix('zpub', ['xpub']));
    expect(() => parseAccountKey('BTC', withVersion("m/49'/0'/0'", 0x049d7cb2))).toThrow(
      DEPOSIT_KEY_MSG.wrongPrefix('ypub', ['zpub', 'xpub']),
    );
    expect(() => parseAccountKey('LTC', withVersion("m/49'/2'/0'", 0x01b26ef6))).toThrow(
      DEPOSIT_KEY_MSG.wrongPrefix('Mtub', ['zpub', 'Ltub', 'xpub']),
    );
    expect(() => parseAccountKey('BTC', withVersion("m/84'/1'/0'", 0x045f1cf6))).toThrow(DEPOSIT_KEY_MSG.testnet('vpub'));
    expect(() => parseAccountKey('BTC', root.publicExtendedKey)).toThrow(DEPOSIT_KEY_MSG.notAccountLevel(0));
    expect(() => parseAccountKey('BTC', root.derive("m/84'/0'/0'/0").publicExtendedKey)).toThrow(DEPOSIT_KEY_MSG.notAccountLevel(4));
    expect(() => parseAccountKey('BTC', 'hello')).toThrow(DEPOSIT_KEY_MSG.notAKey);
    expect(() => parseAccountKey('BTC', `${BIP84_ZPUB.slice(0, -1)}n`)).toThrow(DEPOSIT_KEY_MSG.notAKey);
    // The zpub with its last characters mistyped (as it was once copied into a task): the checksum catches it.
    expect(() => parseAccountKey('BTC', `${BIP84_ZPUB.slice(0, -7)}AExGm`)).toThrow(DEPOSIT_KEY_MSG.notAKey);
    expect(() => parseAccountKey('BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toThrow(DEPOSIT_KEY_MSG.notAKey);
    expect(() => parseAccountKey('XRP', BIP84_ZPUB)).toThrow(DEPOSIT_KEY_MSG.networkHasNoKeys);
  });

  it("EIP-55's published examples", () => {
    for (const address of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'])
      expect(toChecksumAddress(address.slice(2))).toBe(address);
  });
});
