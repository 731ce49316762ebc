import { useEffect, useRef } from 'react';
import { Link } from '#web/lib/router.js';
import { formatTier0Limit, TIER_MSG } from '#shared/contracts/tiers.js';
import { buttonClassName } from '#web/components/ui/button.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { paths } from '#web/lib/paths.js';

/** Moves focus to the panel's heading when it replaces the form, so the change is announced. */
function useFocusOnMount(shouldFocus: boolean) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (shouldFocus) ref.current?.focus();
  }, [shouldFocus]);
  return ref;
}

/**
 * Pending: no form; the review promise of docs/product.md §9 and that the Tier 0 limit stays usable
 * meanwhile (issue 26 point 11). `limitUsd`: the Tier 0 limit of the settings, named once it is known.
 */
export function KycPendingPanel({
  submittedAt,
  limitUsd,
  focusOnMount = false,
}: {
  submittedAt?: string;
  limitUsd?: string;
  focusOnMount?: boolean;
}) {
  const headingRef = useFocusOnMount(focusOnMount);
  return (
    <section className="card space-y-3 border-amber-200 bg-amber-50" aria-labelledby="kyc-pending-heading">
      <h3 id="kyc-pending-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-amber-900 focus:outline-none">
        {TIER_MSG.underReviewTitle}
      </h3>
      <p className="text-amber-900">
        {TIER_MSG.underReview} {limitUsd && TIER_MSG.tradeDuringReview(limitUsd)} We will email you as soon as it is done.
      </p>
      {submittedAt && <p className="text-sm text-amber-800">Submitted {formatDateTime(submittedAt)}</p>}
      <Link to={paths.dashboard.getHref()} className={buttonClassName('outline', 'md')}>
        Back to dashboard
      </Link>
    </section>
  );
}

/**
 * Verified: the identity step is done; the tier's limits are shown above it (docs/decisions/016).
 * `limitUsd`: the Tier 0 limit of the settings, named once it is known.
 */
export function KycVerifiedPanel({ tier, limitUsd }: { tier: number; limitUsd?: string }) {
  return (
    <section className="card space-y-3 border-brand-200 bg-brand-50" aria-labelledby="kyc-verified-heading">
      <h3 id="kyc-verified-heading" className="text-lg font-semibold text-brand-900">
        Your identity is verified
      </h3>
      <p className="text-brand-900">
        Your account is at Tier {tier}: the {limitUsd ? `${formatTier0Limit(limitUsd)} limit` : 'Tier 0 limit'} is lifted, and daily and
        monthly limits apply.
      </p>
      <Link to={paths.buy.getHref()} className={buttonClassName('primary', 'md')}>
        Buy crypto
      </Link>
    </section>
  );
}

/** A Tier 2 request under review: trading goes on at Tier 1 meanwhile. */
export function Tier2PendingPanel({ submittedAt, focusOnMount = false }: { submittedAt?: string; focusOnMount?: boolean }) {
  const headingRef = useFocusOnMount(focusOnMount);
  return (
    <section className="card space-y-3 border-amber-200 bg-amber-50" aria-labelledby="tier2-pending-heading">
      <h3 id="tier2-pending-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-amber-900 focus:outline-none">
        Your Tier 2 documents are under review
      </h3>
      <p className="text-amber-900">Review usually takes 24-48 hours. You can keep trading within your Tier 1 limits meanwhile.</p>
      {submittedAt && <p className="text-sm text-amber-800">Submitted {formatDateTime(submittedAt)}</p>}
    </section>
  );
}
