import { useMutation } from '@tanstack/react-query';
import { VERIFY_MSG, ZResendVerificationResponse } from '#shared/contracts/email-verification.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { apiRequest, getErrorMessage } from '#web/lib/api.js';

function resendVerification() {
  return apiRequest('/api/account/verification-email', {
    method: 'POST',
    body: {},
    schema: ZResendVerificationResponse,
    operation: 'Resend',
  });
}

/**
 * "Verify your email" (issue 26 point 5, docs/decisions/024): a customer whose address is not
 * confirmed yet sees it, with the address and a button that sends a new link (rate-limited by the
 * server). On the dashboard, and on Buy and Sell, where an order needs it.
 */
export function EmailVerificationNotice({ email }: { email: string }) {
  const resend = useMutation({ mutationFn: resendVerification });
  return (
    <section
      aria-labelledby="verify-email-title"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <h2 id="verify-email-title" className="font-semibold">
        {VERIFY_MSG.bannerTitle}
      </h2>
      <p className="mt-1">{VERIFY_MSG.banner(email)}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" size="sm" isLoading={resend.isPending} onClick={() => resend.mutate()}>
          {VERIFY_MSG.resend}
        </Button>
      </div>
      {resend.isSuccess && (
        <Alert variant="success" className="mt-3">
          {resend.data.message}
        </Alert>
      )}
      {resend.isError && (
        <Alert variant="error" className="mt-3">
          {getErrorMessage(resend.error)}
        </Alert>
      )}
    </section>
  );
}
