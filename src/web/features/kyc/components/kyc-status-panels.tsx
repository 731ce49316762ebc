import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
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

/** Pending: no form; the review promise of docs/product.md §9 and why trading waits. */
export function KycPendingPanel({ submittedAt, focusOnMount = false }: { submittedAt?: string; focusOnMount?: boolean }) {
  const headingRef = useFocusOnMount(focusOnMount);
  return (
    <section className="card space-y-3 border-amber-200 bg-amber-50" aria-labelledby="kyc-pending-heading">
      <h2 id="kyc-pending-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-amber-900 focus:outline-none">
        Your documents are under review
      </h2>
      <p className="text-amber-900">
        Review usually takes 24-48 hours. Trading is paused until your identity is verified; we will email you as soon as it is done.
      </p>
      {submittedAt && <p className="text-sm text-amber-800">Submitted {formatDateTime(submittedAt)}</p>}
      <Link to={paths.dashboard.getHref()} className={buttonClassName('outline', 'md')}>
        Back to dashboard
      </Link>
    </section>
  );
}

/** Verified: nothing more to do. */
export function KycVerifiedPanel() {
  return (
    <section className="card space-y-3 border-brand-200 bg-brand-50" aria-labelledby="kyc-verified-heading">
      <h2 id="kyc-verified-heading" className="text-lg font-semibold text-brand-900">
        Your identity is verified
      </h2>
      <p className="text-brand-900">Your account has no trading limit.</p>
      <Link to={paths.buy.getHref()} className={buttonClassName('primary', 'md')}>
        Buy crypto
      </Link>
    </section>
  );
}
