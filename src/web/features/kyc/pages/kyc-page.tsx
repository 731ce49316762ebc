import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { KYC_MSG } from '#shared/contracts/kyc.js';
import { formatTier0Limit } from '#shared/contracts/tiers.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Alert } from '#web/components/ui/alert.js';
import { QueryContent } from '#web/components/ui/query-content.js';
import { useSession } from '#web/lib/session.js';
import { LIMIT_QUERY_KEY, useTradingLimit } from '#web/lib/trading-limit.js';
import { useMyKyc } from '#web/features/kyc/api/get-my-kyc.js';
import { usePhoneStatus } from '#web/features/kyc/api/phone.js';
import { KycForm } from '#web/features/kyc/components/kyc-form.js';
import { KycPendingPanel, KycVerifiedPanel, Tier2PendingPanel } from '#web/features/kyc/components/kyc-status-panels.js';
import { PhoneVerification } from '#web/features/kyc/components/phone-verification.js';
import { Tier2Form } from '#web/features/kyc/components/tier2-form.js';
import { TierOverview } from '#web/features/kyc/components/tier-overview.js';
import { canSubmitKyc } from '#web/features/kyc/kyc-status.js';

function Step({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /kyc, the verification page (docs/decisions/016): the customer's tier with what is left today
 * and this month, then the three steps up. Step 1 the phone (a one-time SMS code); step 2 the
 * identity, where the profile's kycStatus decides what shows (unverified: the form once the
 * phone is verified; pending: the review panel; verified: done; rejected: the reason and the form
 * again); step 3 Tier 2, from Tier 1 with a verified phone: proof of address and source of
 * funds. The Tier 0 limit stated is the setting's (docs/decisions/016).
 */
export function KycPage() {
  const { user } = useSession();
  const myKyc = useMyKyc();
  const limit = useTradingLimit();
  const phone = usePhoneStatus();
  const queryClient = useQueryClient();
  const [justSubmitted, setJustSubmitted] = useState<1 | 2 | null>(null);
  if (!user) return null; // RequireCustomer guarantees a customer.

  const submission = myKyc.data?.submission ?? null;
  const status = user.kycStatus;
  const tier = limit.data?.tier ?? (status === 'verified' ? 1 : 0);
  const isPhoneVerified = Boolean(phone.data?.verifiedAt) || limit.data?.phoneVerified === true;
  const tier2Submission = submission?.level === 2 ? submission : null;

  return (
    <div className="container-page max-w-3xl space-y-8 py-8">
      <PageHeading
        title="Verify your identity"
        description="Your verification tier sets how much you can trade. Each step below takes you up a tier."
      />
      <QueryContent query={limit} loadingText="Loading your limits…">
        {(loaded) => <TierOverview limit={loaded} />}
      </QueryContent>

      <Step id="step-phone" title="Step 1: Verify your phone number">
        <PhoneVerification headingLevel={3} onVerified={() => void queryClient.invalidateQueries({ queryKey: LIMIT_QUERY_KEY })} />
      </Step>

      <Step id="step-identity" title="Step 2: Verify your identity (Tier 1)">
        {status === 'pending' && (
          <KycPendingPanel submittedAt={submission?.submittedAt} limitUsd={limit.data?.limitUsd} focusOnMount={justSubmitted === 1} />
        )}
        {status === 'verified' && <KycVerifiedPanel tier={tier} limitUsd={limit.data?.limitUsd} />}
        {canSubmitKyc(status) &&
          (isPhoneVerified ? (
            <div className="space-y-6">
              {status === 'rejected' && (
                <Alert variant="warning">
                  <p className="font-semibold">Your identity verification was not approved.</p>
                  {submission?.level === 1 && submission.status === 'rejected' && submission.rejectionReason && (
                    <p className="mt-1">Reason: {submission.rejectionReason}</p>
                  )}
                  <p className="mt-1">Please check your details and submit your documents again.</p>
                </Alert>
              )}
              <p className="text-slate-700">
                {limit.data &&
                  `Until your identity is verified your account has a ${formatTier0Limit(limit.data.limitUsd)} trading limit. `}
                Upload a photo of both sides of your ID and a selfie of you holding it.
              </p>
              <div className="card">
                <KycForm onSubmitted={() => setJustSubmitted(1)} />
              </div>
            </div>
          ) : (
            <Alert variant="info">{KYC_MSG.phoneNotVerified}</Alert>
          ))}
      </Step>

      <Step id="step-tier2" title="Step 3: Proof of address and source of funds (Tier 2)">
        {tier >= 2 ? (
          <p className="text-slate-800">Your account is at Tier 2, the highest tier.</p>
        ) : tier < 1 ? (
          <p className="text-slate-700">Available once your identity is verified (Tier 1). Tier 2 raises your daily and monthly limits.</p>
        ) : tier2Submission?.status === 'pending' ? (
          <Tier2PendingPanel submittedAt={tier2Submission.submittedAt} focusOnMount={justSubmitted === 2} />
        ) : phone.data && !isPhoneVerified ? (
          // Customers moved to Tier 1 by migration 0012 may have no verified phone: step 1 first.
          <Alert variant="info">{KYC_MSG.tier2PhoneNotVerified}</Alert>
        ) : (
          <div className="space-y-6">
            {tier2Submission?.status === 'rejected' && (
              <Alert variant="warning">
                <p className="font-semibold">Your Tier 2 request was not approved.</p>
                {tier2Submission.rejectionReason && <p className="mt-1">Reason: {tier2Submission.rejectionReason}</p>}
                <p className="mt-1">You keep Tier 1. Please check your documents and send them again.</p>
              </Alert>
            )}
            <p className="text-slate-700">
              For higher limits, send a proof of address and tell us where the money you trade with comes from. You keep trading at Tier 1
              while we review it.
            </p>
            <div className="card">
              <Tier2Form onSubmitted={() => setJustSubmitted(2)} />
            </div>
          </div>
        )}
      </Step>
    </div>
  );
}
