import type { TProfile } from '#shared/contracts/account.js';
import { TWO_FACTOR_MSG, ZTwoFactorConfirmRequest } from '#shared/contracts/two-factor.js';
import { CopyButton } from '#web/components/copy-button.js';
import { Form, FormAlert, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { QrCode } from '#web/components/qr-code.js';
import { Button } from '#web/components/ui/button.js';
import { ApiError } from '#web/lib/api.js';
import { useConfirmEnrolment, useStartEnrolment } from '#web/features/auth/api/two-factor.js';
import { CurrentPasswordForm } from './current-password-form';

/**
 * Turning on two-factor: confirm the password, scan the QR code (or type the key), keep the
 * backup codes, then prove it works with a code from the app.
 */
export function TwoFactorEnrolment({
  onDone,
  enrolmentToken,
}: {
  onDone: (user: TProfile | null) => void;
  /** After a reset: the token of the emailed setup link (issue 26). */
  enrolmentToken?: string;
}) {
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const codeForm = useZodForm(ZTwoFactorConfirmRequest, { defaultValues: { code: '' } });
  const enrolment = start.data;

  if (!enrolment) {
    return (
      <CurrentPasswordForm
        submitLabel="Continue"
        isPending={start.isPending}
        onSubmit={(password, showError) => start.mutate({ password, enrolmentToken }, { onError: showError })}
      />
    );
  }

  const groupedSecret = enrolment.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <div className="space-y-5">
      <section aria-labelledby="scan-heading" className="space-y-3">
        <h2 id="scan-heading" className="text-base font-semibold text-slate-900">
          1. Scan with your authenticator app
        </h2>
        <QrCode value={enrolment.totpUri} label="QR code for your authenticator app" />
        <p className="text-sm text-slate-700">
          Can’t scan? Enter this key:{' '}
          <code className="font-mono break-all text-slate-900" aria-label="Authenticator key">
            {groupedSecret}
          </code>
        </p>
      </section>
      <section aria-labelledby="backup-heading" className="space-y-2">
        <h2 id="backup-heading" className="text-base font-semibold text-slate-900">
          2. Keep your backup codes
        </h2>
        <p className="text-sm text-slate-700">
          Each works once, if you lose your phone. Store them somewhere safe; they are not shown again.
        </p>
        <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-900">
          {enrolment.backupCodes.map((backupCode) => (
            <li key={backupCode}>{backupCode}</li>
          ))}
        </ul>
        <CopyButton text={enrolment.backupCodes.join('\n')} label="Copy backup codes" />
      </section>
      <Form
        form={codeForm}
        className="space-y-3"
        aria-labelledby="confirm-heading"
        onSubmit={({ code }) => {
          if (confirm.isPending) return;
          confirm.mutate(code, {
            onSuccess: ({ user }) => onDone(user),
            onError: (failure) => {
              // A wrong code is refused as a credential; on this form it is the code that is wrong.
              if (failure instanceof ApiError && failure.code === 'INVALID_CREDENTIALS') {
                codeForm.setError('code', { type: 'server', message: TWO_FACTOR_MSG.invalidCode }, { shouldFocus: true });
              } else showServerError(codeForm, failure);
            },
          });
        }}
      >
        <h2 id="confirm-heading" className="text-base font-semibold text-slate-900">
          3. Enter the code from the app
        </h2>
        <TextField
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          className="font-mono tracking-widest"
        />
        <FormAlert />
        <Button type="submit" className="w-full" isLoading={confirm.isPending}>
          Turn on two-factor
        </Button>
      </Form>
    </div>
  );
}
