import type { TKycStatus } from '#shared/contracts/account.js';
import { Badge, type BadgeVariant } from './ui/badge';

const KYC_BADGES: Record<TKycStatus, { label: string; variant: BadgeVariant }> = {
  unverified: { label: 'Unverified', variant: 'neutral' },
  pending: { label: 'Pending', variant: 'warning' },
  verified: { label: 'Verified', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'danger' },
};

export function KycBadge({ status }: { status: TKycStatus }) {
  const { label, variant } = KYC_BADGES[status];
  return (
    <Badge variant={variant}>
      <span className="sr-only">KYC status: </span>
      {label}
    </Badge>
  );
}
