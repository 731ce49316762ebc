/**
 * Payment transaction ids (a mobile money or bank reference, an on-chain hash) compared by what
 * they say, not by how they were typed (docs/decisions/009-canonical-transaction-ids.md).
 *
 * The key is the id in Unicode NFKC (full-width and other compatibility forms become plain
 * letters and digits), lower-cased, with every separator, space, punctuation mark and invisible
 * or format character removed. MoMo, bank and on-chain ids are written in Latin letters and
 * digits, so an id whose key still holds anything else (a Cyrillic or Greek letter that looks
 * Latin, an accent, a symbol) is refused rather than keyed: no look-alike can pass as a new id.
 *
 * Shared by the server (the live-order uniqueness rule, the admin search) and the web forms.
 */

/** Removed: punctuation (dashes, dots, slashes...), separators and spaces, controls, format and other invisible characters. */
const IGNORED = /[\p{P}\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const KEY = /^[a-z0-9]+$/;

/** The canonical key of a transaction id, or null when the id is not one we accept. */
export function toTransactionKey(raw: string): string | null {
  const key = raw.normalize('NFKC').toLowerCase().normalize('NFKC').replace(IGNORED, '');
  return KEY.test(key) ? key : null;
}

/**
 * `raw` in NFKC with punctuation, separators, controls and invisible characters removed, when what
 * remains is Latin letters and digits only (case kept); otherwise null. Tested before any case
 * mapping, so no non-Latin letter can become a Latin one ('ß' upper-cased is 'SS'). The ID number
 * key (contracts/kyc.ts idNumberKey) is built on it.
 */
export function toLatinKey(raw: string): string | null {
  const key = raw.normalize('NFKC').replace(IGNORED, '');
  return /^[A-Za-z0-9]+$/.test(key) ? key : null;
}

/** True when `raw` is an id we accept (its key is Latin letters and digits only, and not empty). */
export function isTransactionId(raw: string): boolean {
  return toTransactionKey(raw) !== null;
}

/**
 * The rails a payment transaction id comes from (docs/decisions/009): a buy's mobile money
 * transfer (by provider) or bank transfer, a sell's on-chain transaction.
 */
export const PAYMENT_RAILS = ['mtn', 'telecel', 'airteltigo', 'bank', 'chain'] as const;
export type TPaymentRail = (typeof PAYMENT_RAILS)[number];

/**
 * Per rail: the fewest letters and digits (counted in the key) an id may have, and an example of
 * the id's shape for the form's hint. The minimums are conservative, below the lengths the
 * providers' ids are known to have (MTN MoMo transaction ids are 10 to 11 digits, Telecel Cash
 * ones 16 digits with leading zeros, about 10 without), so that no
 * real id is refused while a 1-character slip is (docs/decisions/009).
 */
export const PAYMENT_RAIL_RULES: Record<TPaymentRail, { label: string; minLength: number; example: string }> = {
  mtn: { label: 'MTN MoMo', minLength: 8, example: '48123456789' },
  telecel: { label: 'Telecel Cash', minLength: 8, example: '0000004812345678' },
  airteltigo: { label: 'AirtelTigo Money', minLength: 6, example: '12345678901' },
  bank: { label: 'bank', minLength: 6, example: 'FT24001ABC123' },
  chain: { label: 'on-chain', minLength: 8, example: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060' },
};

/** The rail of a mobile money provider's name (contracts/orders.ts MOMO_PROVIDERS), or null. */
export function railOfProvider(provider: string): TPaymentRail | null {
  const name = provider.toLowerCase();
  if (name.includes('mtn')) return 'mtn';
  if (name.includes('telecel') || name.includes('vodafone')) return 'telecel';
  if (name.includes('airtel') || name.includes('tigo')) return 'airteltigo';
  return null;
}

/**
 * The rail of an order's transaction id: a sell's is on-chain; a buy's the provider of the MoMo
 * account it was paid to, or a bank. A buy from before the pay-to copy (no payTo) is read from
 * the payment method's name, and counts as a bank transfer when that names no MoMo provider.
 */
export function railOfOrder(order: {
  type: 'buy' | 'sell';
  payTo?: { type: 'momo'; provider: string } | { type: 'bank' } | null;
  paymentMethod?: string | null;
}): TPaymentRail {
  if (order.type === 'sell') return 'chain';
  if (order.payTo?.type === 'bank') return 'bank';
  if (order.payTo?.type === 'momo') return railOfProvider(order.payTo.provider) ?? 'mtn';
  return railOfProvider(order.paymentMethod ?? '') ?? 'bank';
}

/**
 * The key of a transaction id on its rail, what the live-order uniqueness rule compares: the
 * toTransactionKey key, then for an on-chain hash a leading '0x' dropped (EVM hashes are written
 * with and without it), for a MoMo id or bank reference its leading zeros dropped ('0012345678'
 * and '12345678' are one reference; '000' keys as '0'). Migration 0014 folded older keys the same
 * way. Null when the id is not one we accept.
 */
export function paymentTxKeyOf(rail: TPaymentRail, raw: string): string | null {
  const key = toTransactionKey(raw);
  if (key === null) return null;
  if (rail === 'chain') return /^0x[a-z0-9]+$/.test(key) ? key.slice(2) : key;
  return key.replace(/^0+(?=.)/, '');
}

/**
 * The key of a payout reference staff record on approval (issue 28 point 1): a buy's outgoing
 * on-chain hash keyed like a sell's payment hash, a sell's MoMo or bank reference like a buy's
 * payment id. A payout paid into the same chain hash or MoMo id as a customer's payment has the
 * same key as that payment, which is how the lifecycle tells one from the other.
 */
export function payoutReferenceKeyOf(orderType: 'buy' | 'sell', raw: string): string | null {
  return paymentTxKeyOf(orderType === 'buy' ? 'chain' : 'bank', raw);
}

/** What is wrong with a transaction id on its rail (no key, or shorter than the rail's minimum), or null. */
export function transactionIdIssue(rail: TPaymentRail, raw: string): 'format' | 'tooShort' | null {
  const key = paymentTxKeyOf(rail, raw);
  if (key === null) return 'format';
  return key.length < PAYMENT_RAIL_RULES[rail].minLength ? 'tooShort' : null;
}
