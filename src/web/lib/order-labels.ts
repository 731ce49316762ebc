import type { TAdminOrder, TOrder } from '#shared/contracts/orders.js';

/** 'BUY BTC', 'SELL ETH' (the row title of the admin list). */
export function orderTypeLabel(order: Pick<TAdminOrder, 'type' | 'coinSymbol'>): string {
  return `${order.type.toUpperCase()} ${order.coinSymbol.toUpperCase()}`;
}

/** The status word used in the confirmation: 'Are you sure you want to mark this order as {status}?' */
export type TOrderDecision = 'approve' | 'cancel' | 'confirm' | 'refund';
export const DECISION_STATUS: Record<TOrderDecision, string> = {
  approve: 'completed',
  cancel: 'cancelled',
  confirm: 'payment confirmed',
  refund: 'refunded',
};

export function decisionQuestion(decision: TOrderDecision): string {
  return `Are you sure you want to mark this order as ${DECISION_STATUS[decision]}?`;
}

/**
 * The label of the payment transaction id (docs/decisions/014, issue 15 point 6): 'MoMo TxID'
 * only for a buy paid by mobile money, 'Bank reference' for a buy paid by bank transfer,
 * 'On-chain TxID' for a sell. A buy from before the lifecycle (no account kept) keeps the
 * product's 'MoMo TxID'.
 */
export function txIdLabel(order: Pick<TOrder, 'type'> & { payTo?: TOrder['payTo'] }): string {
  if (order.type === 'sell') return 'On-chain TxID';
  return order.payTo?.type === 'bank' ? 'Bank reference' : 'MoMo TxID';
}

/** What staff paid out with: a buy's outgoing transaction hash, a sell's MoMo or bank payout reference. */
export function payoutReferenceLabel(order: Pick<TOrder, 'type'> & { payout?: TOrder['payout'] }): string {
  if (order.type === 'buy') return 'Payout transaction';
  return order.payout?.type === 'bank' ? 'Bank payout reference' : 'MoMo payout reference';
}
