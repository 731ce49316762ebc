import { Link } from '#web/lib/router.js';
import type { TKycStatus } from '#shared/contracts/account.js';
import { TIER_MSG } from '#shared/contracts/tiers.js';
import { formatGhs } from '#shared/format.js';
import { Alert } from '#web/components/ui/alert.js';
import { buttonClassName } from '#web/components/ui/button.js';
import { paths } from '#web/lib/paths.js';
import { useTradingLimit } from '#web/lib/trading-limit.js';

/**
 * docs/product.md §4: unverified customers see the Tier 0 limit (the setting's, $20 by default:
 * docs/decisions/016) and the step left (the phone, then the identity), pending ones that review
 * takes 24-48 hours and that the Tier 0 limit stays usable meanwhile, with what is left of it
 * (issue 26 point 11); verified and rejected customers see no limit banner
 * (rejected ones get a small note leading back to /kyc, the same rule as the header's 'Complete
 * KYC'). Verified customers see their tier's limits instead (docs/decisions/016).
 */
export function KycBanner({ status }: { status: TKycStatus }) {
  if (status === 'verified') return <TierLimitNote />;
  if (status === 'pending') return <ReviewBanner />;
  if (status === 'rejected') {
    return (
      <p className="text-sm text-slate-700">
        Your identity verification was not approved. <Link to={paths.kyc.getHref()}>Submit your documents again</Link>
      </p>
    );
  }
  return <Tier0Banner />;
}

/** A Tier 1 request under review: the Tier 0 limit stays usable, and what is left of it once known. */
function ReviewBanner() {
  const limit = useTradingLimit().data;
  return (
    <Alert variant="info">
      <p className="font-semibold">{TIER_MSG.underReviewTitle}</p>
      <p className="mt-1">
        {TIER_MSG.underReview}
        {limit && ` ${TIER_MSG.tradeDuringReview(limit.limitUsd)} ${TIER_MSG.tier0Left(limit.remainingUsd)}`}
      </p>
    </Alert>
  );
}

/** Tier 0: the limit of the settings once known, and what is left to do for Tier 1. */
function Tier0Banner() {
  const limit = useTradingLimit().data;
  return (
    <Alert variant="warning" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      {limit && (
        <p>
          <span className="font-semibold">{TIER_MSG.tier0Limit(limit.limitUsd)}</span>{' '}
          {limit.phoneVerified ? 'Verify your identity for higher limits.' : 'Verify your phone and identity for higher limits.'}
        </p>
      )}
      <Link to={paths.kyc.getHref()} className={buttonClassName('primary', 'sm', 'shrink-0')}>
        Complete KYC
      </Link>
    </Alert>
  );
}

/** A verified customer's tier: what is left today and this month, and the way up (docs/decisions/016). */
function TierLimitNote() {
  const limit = useTradingLimit().data;
  if (!limit || limit.leftTodayGhs === null || limit.leftThisMonthGhs === null) return null;
  return (
    <p className="text-sm text-slate-700">
      <span className="font-semibold">Tier {limit.tier}:</span> {formatGhs(limit.leftTodayGhs)} left today,{' '}
      {formatGhs(limit.leftThisMonthGhs)} left this month.{' '}
      <Link to={paths.kyc.getHref()}>{limit.nextTier ? 'Raise your limits' : 'See your limits'}</Link>
    </p>
  );
}
