import type { TOrder, TOrderStatus } from '#shared/contracts/orders.js';
import { isStaffPendingStatus, isSubmittedStatus, ORDER_STATUS_LABELS } from '#shared/order-rules.js';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.js';

/**
 * The product's "Pending" is a submitted order (docs/decisions/014): the words are the
 * contract's ORDER_STATUS_LABELS, the colour only repeats them.
 */
const STATUS_VARIANTS: Record<TOrderStatus, BadgeVariant> = {
  awaiting_payment: 'info',
  awaiting_deposit: 'info',
  payment_submitted: 'warning',
  deposit_submitted: 'warning',
  deposit_detected: 'warning',
  payment_confirmed: 'warning',
  deposit_confirmed: 'warning',
  completed: 'success',
  cancelled: 'danger',
  expired: 'neutral',
  refunded: 'neutral',
};

export function OrderStatusBadge({ status }: { status: TOrderStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}

/** Staff may approve (or refund) it: the customer has paid (or sent) and nobody decided yet. */
export function isDecidable(order: Pick<TOrder, 'status'>): boolean {
  return isStaffPendingStatus(order.status);
}

/** Staff may cancel it: paid, they say, but nobody confirmed the money arrived (issue 28: money that arrived is refunded). */
export function isCancellable(order: Pick<TOrder, 'status'>): boolean {
  return isSubmittedStatus(order.status);
}

/** 'Buy BTC', 'Sell ETH'. */
export function orderTitle(order: Pick<TOrder, 'type' | 'coinSymbol'>): string {
  return `${order.type === 'buy' ? 'Buy' : 'Sell'} ${order.coinSymbol.toUpperCase()}`;
}
