import { useState } from 'react';
import { PageHeading } from '#web/components/page-heading.js';
import { Alert } from '#web/components/ui/alert.js';
import { useSession } from '#web/lib/session.js';
import { useMyKyc } from '#web/features/kyc/api/get-my-kyc.js';
import { KycForm } from '#web/features/kyc/components/kyc-form.js';
import { KycPendingPanel, KycVerifiedPanel } from '#web/features/kyc/components/kyc-status-panels.js';
import { canSubmitKyc } from '#web/features/kyc/kyc-status.js';

/**
 * /kyc. The profile's kycStatus decides what shows (unverified: the form; pending: the review
 * panel; verified: done; rejected: the reason and the form again). The latest submission adds
 * the submission date and the rejection reason.
 */
export function KycPage() {
  const { user } = useSession();
  const myKyc = useMyKyc();
  const [hasJustSubmitted, setHasJustSubmitted] = useState(false);
  if (!user) return null; // RequireCustomer guarantees a customer.

  const submission = myKyc.data?.submission ?? null;
  const status = user.kycStatus;

  return (
    <div className="container-page max-w-3xl py-8">
      <PageHeading
        title="Verify your identity"
        description={
          canSubmitKyc(status)
            ? 'Until your identity is verified your account has a $20 trading limit. Upload a photo of both sides of your ID.'
            : undefined
        }
      />
      {status === 'pending' && <KycPendingPanel submittedAt={submission?.submittedAt} focusOnMount={hasJustSubmitted} />}
      {status === 'verified' && <KycVerifiedPanel />}
      {canSubmitKyc(status) && (
        <div className="space-y-6">
          {status === 'rejected' && (
            <Alert variant="warning">
              <p className="font-semibold">Your identity verification was not approved.</p>
              {submission?.status === 'rejected' && submission.rejectionReason && (
                <p className="mt-1">Reason: {submission.rejectionReason}</p>
              )}
              <p className="mt-1">Please check your details and submit your documents again.</p>
            </Alert>
          )}
          <div className="card">
            <KycForm onSubmitted={() => setHasJustSubmitted(true)} />
          </div>
        </div>
      )}
    </div>
  );
}
