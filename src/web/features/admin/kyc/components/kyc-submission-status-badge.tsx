import { Badge, type BadgeVariant } from '#web/components/ui/badge.js';

type TSubmissionStatus = 'pending' | 'approved' | 'rejected';

const BADGES: Record<TSubmissionStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'danger' },
};

/** Approved green, pending amber, rejected red; the text says it too (colour is never alone). */
export function KycSubmissionStatusBadge({ status }: { status: TSubmissionStatus }) {
  const { label, variant } = BADGES[status];
  return <Badge variant={variant}>{label}</Badge>;
}
