import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { base64, createBase58check, hex } from '@scure/base';
import { p2sh, p2wpkh } from '@scure/btc-signer';
import {
  bitcoinMessageHash,
  ethereumMessageHash,
  toChecksumAddress,
  tronAddressOf,
  tronMessageHash,
} from '#server/modules/travel-rule/signatures.js';

/*
 * Wallets made up in a test, as a customer's wallet software would sign with them (Bitcoin Core /
 * Electrum / Trezor message signatures, MetaMask's personal_sign, TronWeb's signMessageV2). The
 * keys are random per call and live only in the test: never a stored secret.
 */

const base58check = createBase58check(sha256);

function signRecovered(digest: Uint8Array, secret: Uint8Array): { recovery: number; rs: Uint8Array } {
  const bytes = secp256k1.sign(digest, secret, { prehash: false, format: 'recovered' });
  return { recovery: bytes[0] ?? 0, rs: bytes.subarray(1) };
}

export type TBtcKind = 'p2pkh' | 'p2pkh-uncompressed' | 'p2sh-p2wpkh' | 'p2wpkh';

/** A Bitcoin wallet of one address kind and its message signer (the header byte as BIP-137 writes it). */
export function btcWallet(kind: TBtcKind = 'p2wpkh') {
  const secret = secp256k1.utils.randomSecretKey();
  const compressed = secp256k1.getPublicKey(secret, true);
  const uncompressed = secp256k1.getPublicKey(secret, false);
  const address =
    kind === 'p2pkh'
      ? base58check.encode(concatBytes(Uint8Array.of(0), ripemd160(sha256(compressed))))
      : kind === 'p2pkh-uncompressed'
        ? base58check.encode(concatBytes(Uint8Array.of(0), ripemd160(sha256(uncompressed))))
        : kind === 'p2sh-p2wpkh'
          ? p2sh(p2wpkh(compressed)).address!
          : p2wpkh(compressed).address!;
  const offset = { p2pkh: 31, 'p2pkh-uncompressed': 27, 'p2sh-p2wpkh': 35, p2wpkh: 39 }[kind];
  return {
    address,
    sign(message: string): string {
      const { recovery, rs } = signRecovered(bitcoinMessageHash(message), secret);
      return base64.encode(concatBytes(Uint8Array.of(offset + recovery), rs));
    },
  };
}

function rsv(digest: Uint8Array, secret: Uint8Array): string {
  const { recovery, rs } = signRecovered(digest, secret);
  return `0x${hex.encode(rs)}${(27 + recovery).toString(16)}`;
}

/** An EVM wallet (Ethereum, BNB Smart Chain) and its personal_sign. */
export function evmWallet() {
  const secret = secp256k1.utils.randomSecretKey();
  const account = keccak_256(secp256k1.getPublicKey(secret, false).subarray(1)).subarray(12);
  return { address: toChecksumAddress(hex.encode(account)), sign: (message: string) => rsv(ethereumMessageHash(message), secret) };
}

/** A TRON wallet and its signMessageV2. */
export function tronWallet() {
  const secret = secp256k1.utils.randomSecretKey();
  const account = keccak_256(secp256k1.getPublicKey(secret, false).subarray(1)).subarray(12);
  return { address: tronAddressOf(account), sign: (message: string) => rsv(tronMessageHash(message), secret) };
}
