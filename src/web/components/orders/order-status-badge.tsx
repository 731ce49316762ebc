import type { TOrder } from '#shared/contracts/orders.js';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.js';

const STATUS_BADGES: Record<TOrder['status'], { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'warning' },
  completed: { label: 'Completed', variant: 'success' },
  cancelled: { label: 'Cancelled', variant: 'danger' },
};

export function OrderStatusBadge({ status }: { status: TOrder['status'] }) {
  const { label, variant } = STATUS_BADGES[status];
  return <Badge variant={variant}>{label}</Badge>;
}

/** 'Buy BTC', 'Sell ETH'. */
export function orderTitle(order: Pick<TOrder, 'type' | 'coinSymbol'>): string {
  return `${order.type === 'buy' ? 'Buy' : 'Sell'} ${order.coinSymbol.toUpperCase()}`;
}
