import type { TAdminOrder } from '#shared/contracts/orders.js';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.js';

const BADGES: Record<TAdminOrder['status'], { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'warning' },
  completed: { label: 'Completed', variant: 'success' },
  cancelled: { label: 'Cancelled', variant: 'danger' },
};

/** Completed green, pending amber, cancelled red; the text says it too (colour is never alone). */
export function AdminOrderStatusBadge({ status }: { status: TAdminOrder['status'] }) {
  const { label, variant } = BADGES[status];
  return <Badge variant={variant}>{label}</Badge>;
}
