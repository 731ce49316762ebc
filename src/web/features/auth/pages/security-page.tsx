import { useState } from 'react';
import { TWO_FACTOR_MSG } from '#shared/contracts/two-factor.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { useToast } from '#web/components/ui/toast.js';
import { getErrorMessage } from '#web/lib/api.js';
import { useDisableTwoFactor, useTwoFactorStatus } from '#web/features/auth/api/two-factor.js';
import { CurrentPasswordForm } from '#web/features/auth/components/current-password-form.js';
import { TwoFactorEnrolment } from '#web/features/auth/components/two-factor-enrolment.js';
import { SmsOrderUpdatesSetting } from '#web/features/auth/components/sms-order-updates-setting.js';
import { ChangePasswordForm } from '#web/features/auth/components/change-password-form.js';

/** /security: a customer turns two-factor authentication on or off, changes the password (issue 26), and order SMS (issue 18). */
export function SecurityPage() {
  const status = useTwoFactorStatus();
  const disable = useDisableTwoFactor();
  const toast = useToast();
  const [isEnrolling, setIsEnrolling] = useState(false);
  // Opened on demand, like two-factor's enrolment: one "Current password" field on screen at a time.
  const [isChangingPassword, setIsChangingPassword] = useState(false);

  return (
    <div className="container-page max-w-xl space-y-6 py-8">
      <PageHeading title="Security" description="Protect your account with a code from an authenticator app at every sign-in." />
      <section className="card space-y-4" aria-labelledby="two-factor-heading">
        <h2 id="two-factor-heading" className="text-lg font-semibold text-slate-900">
          Two-factor authentication
        </h2>
        {status.isPending ? (
          <p role="status" className="inline-flex items-center gap-2 text-sm text-slate-700">
            <Spinner /> Loading…
          </p>
        ) : status.isError ? (
          <Alert variant="error">{getErrorMessage(status.error)}</Alert>
        ) : status.data.enabled ? (
          <>
            <Alert variant="success">{TWO_FACTOR_MSG.enabled}</Alert>
            <CurrentPasswordForm
              submitLabel="Turn off two-factor"
              variant="danger"
              isPending={disable.isPending}
              onSubmit={(password, showError) =>
                disable.mutate(password, { onSuccess: () => toast.success(TWO_FACTOR_MSG.disabled), onError: showError })
              }
            />
          </>
        ) : isEnrolling ? (
          <TwoFactorEnrolment
            onDone={() => {
              setIsEnrolling(false);
              toast.success(TWO_FACTOR_MSG.enabled);
            }}
          />
        ) : (
          <>
            <p className="text-sm text-slate-700">
              Two-factor authentication is off. Turn it on so a stolen password alone cannot open your account.
            </p>
            <Button onClick={() => setIsEnrolling(true)}>Turn on two-factor</Button>
          </>
        )}
      </section>
      <section className="card space-y-4" aria-labelledby="change-password-heading">
        <h2 id="change-password-heading" className="text-lg font-semibold text-slate-900">
          Change password
        </h2>
        {isChangingPassword ? (
          <ChangePasswordForm isStaff={false} onDone={() => setIsChangingPassword(false)} />
        ) : (
          <Button variant="outline" onClick={() => setIsChangingPassword(true)}>
            Change password
          </Button>
        )}
      </section>
      <SmsOrderUpdatesSetting />
    </div>
  );
}
