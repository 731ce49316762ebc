import type { TAdminOrder } from '#shared/contracts/orders.js';
import { toDecimal } from '#shared/money.js';

/** 'BUY BTC', 'SELL ETH' (the row title of the admin list). */
export function orderTypeLabel(order: Pick<TAdminOrder, 'type' | 'coinSymbol'>): string {
  return `${order.type.toUpperCase()} ${order.coinSymbol.toUpperCase()}`;
}

/** The status word used in the confirmation: 'Are you sure you want to mark this order as {status}?' */
export type TOrderDecision = 'approve' | 'cancel';
export const DECISION_STATUS: Record<TOrderDecision, 'completed' | 'cancelled'> = { approve: 'completed', cancel: 'cancelled' };

export function decisionQuestion(decision: TOrderDecision): string {
  return `Are you sure you want to mark this order as ${DECISION_STATUS[decision]}?`;
}

/** The label of the payment transaction id: mobile money for buys, the chain for sells. */
export function txIdLabel(order: Pick<TAdminOrder, 'type'>): string {
  return order.type === 'buy' ? 'MoMo TxID' : 'On-chain TxID';
}

/**
 * Fiat paid per coin (fiat / crypto) as a plain decimal string, '0' when the crypto amount is
 * 0 or unreadable (both Order Details). Decimal arithmetic, never floats.
 */
export function effectiveRate(order: Pick<TAdminOrder, 'amountFiat' | 'amountCrypto'>): string {
  try {
    const crypto = toDecimal(order.amountCrypto);
    if (crypto.isZero()) return '0';
    return toDecimal(order.amountFiat).div(crypto).toFixed();
  } catch {
    return '0';
  }
}
