import type { TSmsLogItem } from '#shared/contracts/sms.js';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.js';

const BADGES: Record<TSmsLogItem['status'], { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'warning' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
  skipped: { label: 'Skipped', variant: 'neutral' },
};

/** Delivery state of a logged SMS; the text says it too (colour is never alone). */
export function SmsStatusBadge({ status }: { status: TSmsLogItem['status'] }) {
  const { label, variant } = BADGES[status];
  return <Badge variant={variant}>{label}</Badge>;
}
