import { ledgerAsset, walletAccountName } from '#shared/ledger.js';
import { networkLabel } from '#shared/networks.js';
import { Dec, type TDecimal } from '#shared/money.js';
import type { TAccountSpec, TPostingInput } from './service.js';

/**
 * The accounts and postings of an order's money movements (issue 28 points 2–4, the account plan
 * of docs/decisions/037, the entries of docs/decisions/038). Pure: the lifecycle
 * (src/server/modules/orders/settlement.ts) writes them with postEntry in the transition's
 * transaction. Positive amounts are debits, negative credits; each builder's postings sum to zero
 * per asset (src/server/modules/ledger/order-entries.test.ts), and a zero line is left out (an
 * order with no fee has no fee posting).
 */

export const CEDIS = 'GHS';

/** A business MoMo wallet or bank account: one payment method. */
export function paymentMethodAccount(method: { id: number; name: string; details: { type: string } }): TAccountSpec {
  const rail = method.details.type === 'bank' ? 'bank' : 'momo';
  return { code: `asset:${rail}:${method.id}`, kind: 'asset', asset: CEDIS, name: method.name };
}

/** A coin wallet on one network. */
export function walletAccount(coinSymbol: string, network: string): TAccountSpec {
  const asset = ledgerAsset(coinSymbol);
  return { code: `asset:wallet:${asset}:${network}`, kind: 'asset', asset, name: walletAccountName(asset, networkLabel(network)) };
}

export function customerAccount(userId: string, asset: string): TAccountSpec {
  const code = ledgerAsset(asset);
  return { code: `liability:customer:${userId}:${code}`, kind: 'liability', asset: code, name: `Owed to customer ${userId} (${code})` };
}

export function feeRevenueAccount(asset: string): TAccountSpec {
  const code = ledgerAsset(asset);
  return { code: `revenue:fee:${code}`, kind: 'revenue', asset: code, name: `Fee revenue (${code})` };
}

export function tradingAccount(asset: string): TAccountSpec {
  const code = ledgerAsset(asset);
  return { code: `trading:${code}`, kind: 'trading', asset: code, name: `Trading (${code})` };
}

/** What sending cost the business: the network fee of a coin, or the MoMo or bank charge in cedis. */
export function chargeExpenseAccount(asset: string): TAccountSpec {
  const code = ledgerAsset(asset);
  return code === CEDIS
    ? { code: 'expense:momo_fee:GHS', kind: 'expense', asset: CEDIS, name: 'MoMo and bank charges (GHS)' }
    : { code: `expense:network_fee:${code}`, kind: 'expense', asset: code, name: `Network fees (${code})` };
}

function lines(...postings: [TAccountSpec, TDecimal][]): TPostingInput[] {
  return postings.filter(([, amount]) => !amount.isZero()).map(([account, amount]) => ({ account, amount: amount.toFixed() }));
}

/** Money or coins arrived in a business account: owed to the customer until paid out or refunded. */
export function paymentReceivedPostings(input: { into: TAccountSpec; customer: TAccountSpec; amount: string }): TPostingInput[] {
  const amount = new Dec(input.amount);
  return lines([input.into, amount], [input.customer, amount.negated()]);
}

/**
 * A buy paid out: the cedis owed to the customer (`settledCedis`) become the fee and, through the
 * trading accounts, the coins that leave the wallet. GHS and the coin each sum to zero.
 */
export function buyPayoutPostings(input: {
  userId: string;
  coinSymbol: string;
  wallet: TAccountSpec;
  settledCedis: string;
  feeCedis: string;
  coinsSent: string;
}): TPostingInput[] {
  const settled = new Dec(input.settledCedis);
  const fee = new Dec(input.feeCedis);
  const coins = new Dec(input.coinsSent);
  return lines(
    [customerAccount(input.userId, CEDIS), settled],
    [feeRevenueAccount(CEDIS), fee.negated()],
    [tradingAccount(CEDIS), settled.minus(fee).negated()],
    [tradingAccount(input.coinSymbol), coins],
    [input.wallet, coins.negated()],
  );
}

/**
 * A sell paid out: the coins owed to the customer (`settledCoins`) go to the trading account; the
 * cedis paid out plus the fee the business keeps come from it. GHS and the coin each sum to zero.
 */
export function sellPayoutPostings(input: {
  userId: string;
  coinSymbol: string;
  paidFrom: TAccountSpec;
  settledCoins: string;
  cedisSent: string;
  feeCedis: string;
}): TPostingInput[] {
  const coins = new Dec(input.settledCoins);
  const sent = new Dec(input.cedisSent);
  const fee = new Dec(input.feeCedis);
  return lines(
    [customerAccount(input.userId, input.coinSymbol), coins],
    [tradingAccount(input.coinSymbol), coins.negated()],
    [tradingAccount(CEDIS), sent.plus(fee)],
    [feeRevenueAccount(CEDIS), fee.negated()],
    [input.paidFrom, sent.negated()],
  );
}

/** What the customer is owed goes back to them from a business account. */
export function refundPostings(input: { from: TAccountSpec; customer: TAccountSpec; amount: string }): TPostingInput[] {
  const amount = new Dec(input.amount);
  return lines([input.customer, amount], [input.from, amount.negated()]);
}

/** What sending cost: an expense, out of the account that sent. Empty when nothing was charged. */
export function chargePostings(input: { from: TAccountSpec; amount: string }): TPostingInput[] {
  const amount = new Dec(input.amount);
  return lines([chargeExpenseAccount(input.from.asset), amount], [input.from, amount.negated()]);
}
