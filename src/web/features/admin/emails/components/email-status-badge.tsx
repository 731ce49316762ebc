import { Badge, type BadgeVariant } from '#web/components/ui/badge.js';
import type { TEmailStatus } from '#web/features/admin/emails/api/emails.js';

const BADGES: Record<TEmailStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'warning' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
  skipped: { label: 'Skipped', variant: 'neutral' },
};

/** Delivery state of a logged email; the text says it too (colour is never alone). */
export function EmailStatusBadge({ status }: { status: TEmailStatus }) {
  const { label, variant } = BADGES[status];
  return <Badge variant={variant}>{label}</Badge>;
}
