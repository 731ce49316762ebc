/**
 * The ledger's vocabulary (issue 28 point 4, docs/decisions/037), shared by the server and the
 * back-office pages that will show balances.
 */

/**
 * What an account is. Positive postings are debits, negative credits; an asset or expense account
 * normally has a positive balance, a liability, revenue or equity account a negative one. A trading
 * account per asset takes the other side of an exchange of one asset for another, so that each
 * asset's postings still sum to zero (the "currency trading account" of multi-currency books).
 */
export const LEDGER_ACCOUNT_KINDS = ['asset', 'liability', 'revenue', 'expense', 'equity', 'trading'] as const;
export type TLedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** What an entry records. The order lifecycle and the treasury write them; `reversal` corrects one. */
export const LEDGER_ENTRY_KINDS = [
  'opening_balance',
  'payment_received',
  'payout_sent',
  'refund_sent',
  'fee',
  'network_fee',
  /** A mobile money provider's charge on a transfer from a business wallet (issue 28 point 6). */
  'momo_fee',
  'short_payment',
  'over_payment',
  'reversal',
  // Statement reconciliation (docs/decisions/039): money a statement shows that no order claimed
  // goes to suspense, and leaves it when refunded or written off.
  'unidentified_receipt',
  'suspense_refund',
  'suspense_write_off',
] as const;
export type TLedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** An asset's code as accounts and postings keep it: GHS, USD, or a coin symbol in upper case. */
export function ledgerAsset(symbol: string): string {
  return symbol.trim().toUpperCase();
}

/** The entries whose credits to a business account are its fees in a day's settlement (issue 28 point 6). */
export const LEDGER_FEE_ENTRY_KINDS = ['network_fee', 'momo_fee'] as const satisfies readonly TLedgerEntryKind[];

/**
 * The name of a coin wallet's ledger account, as the back office shows it: 'BTC wallet (Bitcoin)'.
 * The server names the account so when it creates it (src/server/modules/ledger/order-entries.ts).
 */
export function walletAccountName(coinSymbol: string, networkName: string): string {
  return `${ledgerAsset(coinSymbol)} wallet (${networkName})`;
}
