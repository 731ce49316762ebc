import { isSubmittedStatus, type TOrder, type TOrderStatus } from '#shared/contracts/orders.js';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.js';

/** The product's "Pending" is a submitted order (docs/decisions/014); the text says it too, colour is never alone. */
const STATUS_BADGES: Record<TOrderStatus, { label: string; variant: BadgeVariant }> = {
  awaiting_payment: { label: 'Awaiting payment', variant: 'info' },
  awaiting_deposit: { label: 'Awaiting deposit', variant: 'info' },
  payment_submitted: { label: 'Pending', variant: 'warning' },
  deposit_submitted: { label: 'Pending', variant: 'warning' },
  completed: { label: 'Completed', variant: 'success' },
  cancelled: { label: 'Cancelled', variant: 'danger' },
  expired: { label: 'Expired', variant: 'neutral' },
};

export function OrderStatusBadge({ status }: { status: TOrderStatus }) {
  const { label, variant } = STATUS_BADGES[status];
  return <Badge variant={variant}>{label}</Badge>;
}

/** Staff may approve or cancel it: the customer has paid (or sent) and nobody decided yet. */
export function isDecidable(order: Pick<TOrder, 'status'>): boolean {
  return isSubmittedStatus(order.status);
}

/** 'Buy BTC', 'Sell ETH'. */
export function orderTitle(order: Pick<TOrder, 'type' | 'coinSymbol'>): string {
  return `${order.type === 'buy' ? 'Buy' : 'Sell'} ${order.coinSymbol.toUpperCase()}`;
}
