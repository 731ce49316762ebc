import type { TNetworkId } from './networks.js';

/**
 * Watch-only keys for deposit addresses (issue 32 point 1, docs/decisions/056): which networks
 * can have one, how their addresses are derived, and the texts the back office shows. The
 * derivation itself runs on the server (src/server/modules/deposit-keys/derive.ts).
 */
export const KEY_FAMILIES = ['btc', 'ltc', 'doge', 'evm', 'tron'] as const;
export type TKeyFamily = (typeof KEY_FAMILIES)[number];

/** The networks whose deposit address may come from a key; the others (XRP, ADA, SOL) keep the fixed address. */
const FAMILY_OF: Partial<Record<TNetworkId, TKeyFamily>> = {
  BTC: 'btc',
  LTC: 'ltc',
  DOGE: 'doge',
  ERC20: 'evm',
  BEP20: 'evm',
  TRC20: 'tron',
};

export function keyFamilyOf(network: string): TKeyFamily | null {
  return Object.hasOwn(FAMILY_OF, network) ? (FAMILY_OF[network as TNetworkId] ?? null) : null;
}

/** The derivation each family uses, in words, for the admin page. */
export const KEY_SCHEME: Record<TKeyFamily, { path: string; addresses: string; prefixes: string }> = {
  btc: { path: "m/84'/0'/0'", addresses: 'native SegWit (bc1q…)', prefixes: 'zpub or xpub' },
  ltc: { path: "m/84'/2'/0'", addresses: 'native SegWit (ltc1q…)', prefixes: 'zpub, Ltub or xpub' },
  doge: { path: "m/44'/3'/0'", addresses: 'legacy (D…)', prefixes: 'dgub or xpub' },
  evm: { path: "m/44'/60'/0'", addresses: 'EIP-55 checksummed (0x…)', prefixes: 'xpub' },
  tron: { path: "m/44'/195'/0'", addresses: 'TRON (T…)', prefixes: 'xpub' },
};

/**
 * Wallet apps stop looking for payments after this many unused addresses in a row (the BIP44 gap
 * limit). The admin page warns when that many orders in a row got an address and none was paid.
 */
export const GAP_LIMIT = 20;

/** The customer's sell page under an address derived for the order (its own export: the order page's bundle takes only this). */
export const PER_ORDER_ADDRESS_NOTE = 'This address is for this order only. Do not send to it again for another order.';

/**
 * Whether a pasted key starts like a private extended key (xprv, zprv, tprv, Ltpv, dgpv, …): the
 * form refuses it before it is sent anywhere. The server checks the key's bytes as well.
 */
export function looksPrivate(key: string): boolean {
  return /^(xprv|yprv|zprv|tprv|uprv|vprv|Yprv|Zprv|Ltpv|Mtpv|dgpv)/.test(key.trim());
}

export const DEPOSIT_KEY_MSG = {
  networkHasNoKeys: 'This network takes a fixed deposit address only.',
  privateKey:
    'This is a private key. Never enter a private key here: anyone who sees it can take the funds. Export the account’s extended public key (xpub, zpub, …) from your wallet instead.',
  notAKey: 'This is not an extended public key. Copy the account’s xpub (or zpub) from your wallet app again.',
  unknownPrefix: (accepted: readonly string[]) => `This key’s prefix is unknown. Enter the account’s ${accepted.join(' or ')}.`,
  wrongPrefix: (prefix: string, accepted: readonly string[]) =>
    `A ${prefix} key is for another network or address type. Enter the account’s ${accepted.join(' or ')}.`,
  testnet: (prefix: string) => `A ${prefix} key is for a test network. Enter the key of a main-network account.`,
  multisig: (prefix: string) =>
    `A ${prefix} key is for a multisignature wallet, which is not supported. Enter a single-signature account’s key.`,
  notAccountLevel: (depth: number) =>
    `This key is at depth ${depth}. Enter the account-level key (depth 3, such as m/84'/0'/0'), the one your wallet exports for the account.`,
  gapWarning: (count: number) =>
    `${count} orders in a row got an address from this key and none has been paid. Wallet apps stop looking after ${GAP_LIMIT} unused addresses: raise the gap limit in your wallet app (to ${count + GAP_LIMIT} or more) or it will not show later deposits.`,
  forThisOrder: PER_ORDER_ADDRESS_NOTE,
  keyFormNotice: 'A change of a deposit key waits for another Super Admin or Manager to approve it, and every admin is emailed.',
  previewFirst: 'Preview the addresses of this key and compare them with your wallet app before saving.',
  keyHint: (path: string, prefixes: string) =>
    `Optional. The account's extended public key (${prefixes}, ${path}): each sell order then gets its own address. Never a private key.`,
} as const;
