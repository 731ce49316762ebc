import { HARDENED_OFFSET, HDKey } from '@scure/bip32';
import { NETWORK as BITCOIN, p2pkh, p2wpkh } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import { DEPOSIT_KEY_MSG, keyFamilyOf, type TKeyFamily } from '#shared/deposit-keys.js';
import type { TNetworkId } from '#shared/networks.js';

/**
 * Deposit addresses derived from a watch-only, account-level extended public key (issue 32 point 1,
 * docs/decisions/056). The server only ever holds public keys: a private extended key is refused
 * before anything is derived, and nothing here can sign. Receive addresses are chain 0, index i
 * (m/purpose'/coin'/account'/0/i, the account part already in the key):
 * - BTC: BIP84 native segwit (bc1q…), from a zpub or xpub;
 * - LTC: BIP84 native segwit (ltc1q…), from a zpub, Ltub or xpub;
 * - DOGE: BIP44 P2PKH (D…), from a dgub or xpub;
 * - ERC20 and BEP20 (ETH, USDT, BNB): BIP44 coin 60, EIP-55 checksummed 0x addresses, from an xpub;
 * - TRC20: BIP44 coin 195, base58check with the 0x41 prefix (T…), from an xpub.
 */

const base58check = createBase58check(sha256);

/** SLIP-132 version bytes of extended keys: what each prefix means. */
const VERSIONS: Record<number, { prefix: string; isPrivate: boolean; kind: 'plain' | 'p2wpkh' | 'p2sh-p2wpkh' | 'multisig' | 'testnet' }> =
  {
    0x0488b21e: { prefix: 'xpub', isPrivate: false, kind: 'plain' },
    0x0488ade4: { prefix: 'xprv', isPrivate: true, kind: 'plain' },
    0x049d7cb2: { prefix: 'ypub', isPrivate: false, kind: 'p2sh-p2wpkh' },
    0x049d7878: { prefix: 'yprv', isPrivate: true, kind: 'p2sh-p2wpkh' },
    0x04b24746: { prefix: 'zpub', isPrivate: false, kind: 'p2wpkh' },
    0x04b2430c: { prefix: 'zprv', isPrivate: true, kind: 'p2wpkh' },
    0x0295b43f: { prefix: 'Ypub', isPrivate: false, kind: 'multisig' },
    0x0295b005: { prefix: 'Yprv', isPrivate: true, kind: 'multisig' },
    0x02aa7ed3: { prefix: 'Zpub', isPrivate: false, kind: 'multisig' },
    0x02aa7a99: { prefix: 'Zprv', isPrivate: true, kind: 'multisig' },
    0x043587cf: { prefix: 'tpub', isPrivate: false, kind: 'testnet' },
    0x04358394: { prefix: 'tprv', isPrivate: true, kind: 'testnet' },
    0x044a5262: { prefix: 'upub', isPrivate: false, kind: 'testnet' },
    0x044a4e28: { prefix: 'uprv', isPrivate: true, kind: 'testnet' },
    0x045f1cf6: { prefix: 'vpub', isPrivate: false, kind: 'testnet' },
    0x045f18bc: { prefix: 'vprv', isPrivate: true, kind: 'testnet' },
    0x019da462: { prefix: 'Ltub', isPrivate: false, kind: 'plain' },
    0x019d9cfe: { prefix: 'Ltpv', isPrivate: true, kind: 'plain' },
    0x01b26ef6: { prefix: 'Mtub', isPrivate: false, kind: 'p2sh-p2wpkh' },
    0x01b26792: { prefix: 'Mtpv', isPrivate: true, kind: 'p2sh-p2wpkh' },
    0x02facafd: { prefix: 'dgub', isPrivate: false, kind: 'plain' },
    0x02fac398: { prefix: 'dgpv', isPrivate: true, kind: 'plain' },
  };

/** The prefixes each family accepts (docs/decisions/056). */
export const ACCEPTED_PREFIXES: Record<TKeyFamily, readonly string[]> = {
  btc: ['zpub', 'xpub'],
  ltc: ['zpub', 'Ltub', 'xpub'],
  doge: ['dgub', 'xpub'],
  evm: ['xpub'],
  tron: ['xpub'],
};

const LITECOIN: BTC_NETWORK = { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 };
const DOGECOIN: BTC_NETWORK = { bech32: '', pubKeyHash: 0x1e, scriptHash: 0x16, wif: 0x9e };

export class DepositKeyError extends Error {}

/** A checked account key: the HD node and what identifies it. */
export type TAccountKey = {
  family: TKeyFamily;
  /** The key as entered, trimmed. */
  extendedKey: string;
  prefix: string;
  node: HDKey;
  /** The BIP32 fingerprint of the account key (hash160 of its public key, first 4 bytes), in hex. */
  fingerprint: string;
  /** The key's public key and chain code, hashed: the same key written with another prefix is the same key. */
  identity: string;
  /** The receive chain's node (…/0), derived once: each address then costs one child derivation. */
  receiveChain?: HDKey;
};

/**
 * Reads an extended public key for a network: refuses private keys, keys of another network or
 * address type, and keys that are not at account level (depth 3, hardened index). Error messages
 * never repeat the key.
 */
export function parseAccountKey(network: TNetworkId, input: string): TAccountKey {
  const family = keyFamilyOf(network);
  if (!family) throw new DepositKeyError(DEPOSIT_KEY_MSG.networkHasNoKeys);
  const extendedKey = input.trim();
  let payload: Uint8Array;
  try {
    payload = base58check.decode(extendedKey);
  } catch {
    // A private key with a typo is still a private key: say so from its prefix.
    if (/^[a-zA-Z]{1,2}(prv|pv)/.test(extendedKey.slice(0, 4))) throw new DepositKeyError(DEPOSIT_KEY_MSG.privateKey);
    throw new DepositKeyError(DEPOSIT_KEY_MSG.notAKey);
  }
  if (payload.length !== 78) throw new DepositKeyError(DEPOSIT_KEY_MSG.notAKey);
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const version = VERSIONS[view.getUint32(0)];
  // Byte 45 is 0x00 before a private key's 32 bytes, 0x02 or 0x03 before a compressed public key.
  if (version?.isPrivate || payload[45] === 0) throw new DepositKeyError(DEPOSIT_KEY_MSG.privateKey);
  if (!version) throw new DepositKeyError(DEPOSIT_KEY_MSG.unknownPrefix(ACCEPTED_PREFIXES[family]));
  if (version.kind === 'testnet') throw new DepositKeyError(DEPOSIT_KEY_MSG.testnet(version.prefix));
  if (version.kind === 'multisig') throw new DepositKeyError(DEPOSIT_KEY_MSG.multisig(version.prefix));
  if (!ACCEPTED_PREFIXES[family].includes(version.prefix))
    throw new DepositKeyError(DEPOSIT_KEY_MSG.wrongPrefix(version.prefix, ACCEPTED_PREFIXES[family]));
  let node: HDKey;
  try {
    node = new HDKey({
      versions: { public: view.getUint32(0), private: 0 },
      depth: payload[4] ?? 0,
      parentFingerprint: view.getUint32(5),
      index: view.getUint32(9),
      chainCode: payload.slice(13, 45),
      publicKey: payload.slice(45, 78),
    });
  } catch {
    throw new DepositKeyError(DEPOSIT_KEY_MSG.notAKey);
  }
  if (node.depth !== 3 || node.index < HARDENED_OFFSET) throw new DepositKeyError(DEPOSIT_KEY_MSG.notAccountLevel(node.depth));
  const publicKey = node.publicKey;
  const chainCode = node.chainCode;
  if (!publicKey || !chainCode) throw new DepositKeyError(DEPOSIT_KEY_MSG.notAKey);
  const identifier = node.identifier;
  return {
    family,
    extendedKey,
    prefix: version.prefix,
    node,
    fingerprint: identifier ? bytesToHex(identifier.slice(0, 4)) : '',
    identity: bytesToHex(sha256(new Uint8Array([...publicKey, ...chainCode]))),
  };
}

/** 0x + 40 hex digits, upper case where the keccak-256 of the lower-case hex says (EIP-55). */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i += 1) {
    const char = lower.charAt(i);
    out += parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/** The last 20 bytes of keccak-256 of the uncompressed public key without its 0x04 byte. */
function evmBytes(compressed: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(compressed).toBytes(false);
  return keccak_256(uncompressed.slice(1)).slice(12);
}

function addressOf(family: TKeyFamily, publicKey: Uint8Array): string {
  switch (family) {
    case 'btc':
      return p2wpkh(publicKey, BITCOIN).address as string;
    case 'ltc':
      return p2wpkh(publicKey, LITECOIN).address as string;
    case 'doge':
      return p2pkh(publicKey, DOGECOIN).address as string;
    case 'evm':
      return toChecksumAddress(bytesToHex(evmBytes(publicKey)));
    case 'tron':
      return base58check.encode(new Uint8Array([0x41, ...evmBytes(publicKey)]));
  }
}

/** The receive address at `index` (chain 0) of an account key. */
export function deriveAddress(key: TAccountKey, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= HARDENED_OFFSET) throw new DepositKeyError('Index out of range.');
  key.receiveChain ??= key.node.deriveChild(0);
  const child = key.receiveChain.deriveChild(index);
  if (!child.publicKey) throw new DepositKeyError(DEPOSIT_KEY_MSG.notAKey);
  return addressOf(key.family, child.publicKey);
}

/** The first `count` receive addresses: what the operator compares with their wallet app before saving. */
export function previewAddresses(key: TAccountKey, count = 3): string[] {
  return Array.from({ length: count }, (_, index) => deriveAddress(key, index));
}
