import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base64, createBase58check, hex } from '@scure/base';
import { p2sh, p2wpkh } from '@scure/btc-signer';
import type { SIGNATURE_FORMATS } from '#shared/contracts/travel-rule.js';

/*
 * Proof that a customer controls a self-hosted wallet (issue 34 point 1, docs/decisions/076-travel-rule-data.md):
 * a message signed with the wallet's key, checked here with the audited libraries the project
 * already uses (@noble/curves, @noble/hashes, @scure/btc-signer, @scure/base). Nothing is trusted
 * from the client but the signature: the message is the server's challenge, the address the one
 * the customer stated. Each check recovers the public key from the signature and derives the
 * address from it; the signature proves control when that address is the stated one.
 */

/** The signature families the server can verify (src/shared/contracts/travel-rule.ts signatureFormatOf); other networks' wallets are reviewed by compliance. */
export type TSignatureFamily = (typeof SIGNATURE_FORMATS)[number];

const base58check = createBase58check(sha256);
const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes));

/** Bitcoin's CompactSize length prefix (messages here are far below 0xfd bytes, but longer ones are encoded too). */
function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n);
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8);
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24);
}

/** The digest Bitcoin Core, Electrum and Trezor sign: double SHA-256 of "\x18Bitcoin Signed Message:\n" + CompactSize(len) + message. */
export function bitcoinMessageHash(message: string): Uint8Array {
  const prefix = utf8ToBytes('Bitcoin Signed Message:\n');
  const body = utf8ToBytes(message);
  return sha256(sha256(concatBytes(varint(prefix.length), prefix, varint(body.length), body)));
}

/** EIP-191 version 0x45 (personal_sign): keccak256("\x19Ethereum Signed Message:\n" + byte length + message). */
export function ethereumMessageHash(message: string): Uint8Array {
  const body = utf8ToBytes(message);
  return keccak_256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`), body));
}

/** TronWeb's signMessageV2: keccak256("\x19TRON Signed Message:\n" + byte length + message). */
export function tronMessageHash(message: string): Uint8Array {
  const body = utf8ToBytes(message);
  return keccak_256(concatBytes(utf8ToBytes(`\x19TRON Signed Message:\n${body.length}`), body));
}

/** The public key (uncompressed or compressed) of a 64-byte r||s with its recovery id, or null when none exists. */
function recover(rs: Uint8Array, recovery: number, digest: Uint8Array, compressed: boolean): Uint8Array | null {
  try {
    const point = secp256k1.Signature.fromBytes(rs, 'compact').addRecoveryBit(recovery).recoverPublicKey(digest);
    return point.toBytes(compressed);
  } catch {
    return null;
  }
}

/**
 * The legacy Bitcoin message signature (base64 of 65 bytes: a header byte, then r and s). The
 * header says the recovery id and the key's kind: 27-30 an uncompressed key (P2PKH), 31-34 a
 * compressed key (P2PKH; Electrum also signs its segwit addresses so), 35-38 P2SH-P2WPKH and 39-42
 * P2WPKH as Trezor and BIP-137 write them. A compressed key proves any of its three
 * single-key addresses, as Electrum's own check accepts.
 */
export function verifyBitcoinMessage(address: string, message: string, signature: string): boolean {
  let bytes: Uint8Array;
  try {
    bytes = base64.decode(signature.trim());
  } catch {
    return false;
  }
  if (bytes.length !== 65) return false;
  const header = bytes[0] ?? 0;
  if (header < 27 || header > 42) return false;
  const compressed = header >= 31;
  const key = recover(bytes.subarray(1), (header - 27) & 3, bitcoinMessageHash(message), compressed);
  if (!key) return false;
  const candidates = compressed
    ? [base58check.encode(concatBytes(Uint8Array.of(0x00), hash160(key))), p2wpkh(key).address, p2sh(p2wpkh(key)).address]
    : [base58check.encode(concatBytes(Uint8Array.of(0x00), hash160(key)))];
  const stated = address.trim();
  // Bech32 addresses are compared in lower case (BIP-173: one case, either); base58 exactly.
  return candidates.some((candidate) => candidate !== undefined && (candidate === stated || candidate === stated.toLowerCase()));
}

/** r||s||v from 0x-prefixed (or bare) hex, v as 27/28 or 0/1; null when it is not one. */
function parseRsv(signature: string): { rs: Uint8Array; recovery: number } | null {
  const text = signature.trim().replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]{130}$/.test(text)) return null;
  const bytes = hex.decode(text.toLowerCase());
  const v = bytes[64] ?? 0;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  return { rs: bytes.subarray(0, 64), recovery };
}

/** The 20-byte account of an uncompressed public key, as Ethereum and TRON derive it. */
function accountOf(uncompressed: Uint8Array): Uint8Array {
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

/** EIP-55: the address with its checksum capitals. */
export function toChecksumAddress(address: string): string {
  const body = address.toLowerCase().replace(/^0x/, '');
  const digest = hex.encode(keccak_256(utf8ToBytes(body)));
  return `0x${[...body].map((char, i) => (parseInt(digest.charAt(i), 16) >= 8 ? char.toUpperCase() : char)).join('')}`;
}

/** EIP-191 personal_sign: the recovered account, checksummed, is the stated address, checksummed. */
export function verifyEvmMessage(address: string, message: string, signature: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address.trim())) return false;
  const parsed = parseRsv(signature);
  if (!parsed) return false;
  const key = recover(parsed.rs, parsed.recovery, ethereumMessageHash(message), false);
  if (!key) return false;
  return toChecksumAddress(hex.encode(accountOf(key))) === toChecksumAddress(address.trim());
}

/** TRON's address of an account: base58check of 0x41 and the 20 bytes. */
export function tronAddressOf(account: Uint8Array): string {
  return base58check.encode(concatBytes(Uint8Array.of(0x41), account));
}

/** TRON signMessageV2: the recovered account as a base58check address with the 0x41 prefix is the stated address. */
export function verifyTronMessage(address: string, message: string, signature: string): boolean {
  const parsed = parseRsv(signature);
  if (!parsed) return false;
  const key = recover(parsed.rs, parsed.recovery, tronMessageHash(message), false);
  if (!key) return false;
  return tronAddressOf(accountOf(key)) === address.trim();
}

/** Whether `signature` over `message` proves control of `address` in `family`. */
export function verifySignedMessage(family: TSignatureFamily, address: string, message: string, signature: string): boolean {
  if (family === 'btc') return verifyBitcoinMessage(address, message, signature);
  if (family === 'evm') return verifyEvmMessage(address, message, signature);
  return verifyTronMessage(address, message, signature);
}
