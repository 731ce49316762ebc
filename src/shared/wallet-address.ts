import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, base58xrp, bech32, bech32m, createBase58check } from '@scure/base';
import { USDT_NETWORKS, type TUsdtNetwork } from './destinations.js';
import { findCoinNetwork, type TNetworkId } from './networks.js';

// The checks that need no checksum code live in src/shared/destinations.ts (the order page's
// contract reads them without downloading @noble/hashes and @scure/base; issue 26 point 15).
export { COIN_NETWORKS, isGhanaMobileNumber, isValidDestinationTag, toGhanaInternational, USDT_NETWORKS } from './destinations.js';
export type { TUsdtNetwork } from './destinations.js';

/**
 * Wallet address checks per coin, with the checksums of each format, so that a typo is caught
 * before money moves. Isomorphic: the web form and the server use the same rules.
 */
const base58check = createBase58check(sha256);

function hasBase58Version(address: string, versions: readonly number[]): boolean {
  try {
    const payload = base58check.decode(address);
    return payload.length === 21 && versions.includes(payload[0] ?? -1);
  } catch {
    return false;
  }
}

/** Native segwit (bech32 for v0, bech32m for v1+, BIP-173/350), one case only. */
function isSegwitAddress(address: string, hrp: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  if (!lower.startsWith(`${hrp}1`)) return false;
  for (const codec of [bech32, bech32m]) {
    try {
      const decoded = codec.decode(lower as `${string}1${string}`);
      if (decoded.prefix !== hrp || decoded.words.length === 0) continue;
      const version = decoded.words[0] ?? -1;
      const program = codec.fromWords(decoded.words.slice(1));
      if (version === 0 && codec === bech32 && (program.length === 20 || program.length === 32)) return true;
      if (version >= 1 && version <= 16 && codec === bech32m && program.length >= 2 && program.length <= 40) return true;
    } catch {
      // try the other encoding
    }
  }
  return false;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** 0x + 40 hex digits; mixed case must match the EIP-55 checksum. */
function isEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  const hash = toHex(keccak_256(new TextEncoder().encode(body.toLowerCase())));
  for (const [i, char] of [...body].entries()) {
    if (!/[a-f]/i.test(char)) continue;
    const shouldBeUpper = parseInt(hash.charAt(i), 16) >= 8;
    if (shouldBeUpper !== (char === char.toUpperCase())) return false;
  }
  return true;
}

/** Classic XRP address: version 0, 20-byte account id, double-SHA-256 checksum, Ripple alphabet. */
function isXrpAddress(address: string): boolean {
  if (!/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(address)) return false;
  try {
    const bytes = base58xrp.decode(address);
    if (bytes.length !== 25 || bytes[0] !== 0) return false;
    const checksum = sha256(sha256(bytes.slice(0, 21))).slice(0, 4);
    return checksum.every((b, i) => b === bytes[21 + i]);
  } catch {
    return false;
  }
}

function isSolanaAddress(address: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return false;
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}

/** Shelley-era Cardano address (bech32, prefix addr). */
function isCardanoAddress(address: string): boolean {
  if (!address.startsWith('addr1')) return false;
  try {
    const decoded = bech32.decode(address as `${string}1${string}`, false);
    return decoded.prefix === 'addr' && bech32.fromWords(decoded.words).length >= 29;
  } catch {
    return false;
  }
}

export function isValidWalletAddress(coin: string, address: string, network?: TUsdtNetwork): boolean {
  const value = address.trim();
  if (value.length === 0 || value.length > 120) return false;
  switch (coin) {
    case 'btc':
      return hasBase58Version(value, [0x00, 0x05]) || isSegwitAddress(value, 'bc');
    case 'ltc':
      return hasBase58Version(value, [0x30, 0x32, 0x05]) || isSegwitAddress(value, 'ltc');
    case 'doge':
      return hasBase58Version(value, [0x1e, 0x16]);
    case 'eth':
    case 'bnb':
      return isEvmAddress(value);
    case 'usdt':
      if (network === 'TRC20') return hasBase58Version(value, [0x41]);
      if (network === 'ERC20' || network === 'BEP20') return isEvmAddress(value);
      return false;
    case 'xrp':
      return isXrpAddress(value);
    case 'sol':
      return isSolanaAddress(value);
    case 'ada':
      return isCardanoAddress(value);
    default:
      return false;
  }
}

/**
 * A deposit or payout address on this network of this coin, checksum included. It lives here, not
 * in src/shared/networks.ts, so that the pages which only name networks do not download the
 * checksum code (@noble/hashes, @scure/base; issue 26 point 15).
 */
export function isValidAddressOn(coinSymbol: string, network: TNetworkId, address: string): boolean {
  if (coinSymbol === 'usdt') {
    return (USDT_NETWORKS as readonly string[]).includes(network) && isValidWalletAddress('usdt', address, network as TUsdtNetwork);
  }
  return findCoinNetwork(coinSymbol, network) !== undefined && isValidWalletAddress(coinSymbol, address);
}
