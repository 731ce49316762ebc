import { useState, type FormEvent } from 'react';
import type { TProfile } from '#shared/contracts/account.js';
import { TWO_FACTOR_MSG } from '#shared/contracts/two-factor.js';
import { QrCode } from '#web/components/qr-code.js';
import { Button } from '#web/components/ui/button.js';
import { Input } from '#web/components/ui/input.js';
import { CopyButton } from '#web/components/copy-button.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { useConfirmEnrolment, useStartEnrolment } from '#web/features/auth/api/two-factor.js';

/**
 * Turning on two-factor: confirm the password, scan the QR code (or type the key), keep the
 * backup codes, then prove it works with a code from the app.
 */
export function TwoFactorEnrolment({ onDone }: { onDone: (user: TProfile | null) => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const enrolment = start.data;

  const onPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (start.isPending) return;
    if (!password) {
      setError(TWO_FACTOR_MSG.wrongPassword);
      return;
    }
    setError(null);
    start.mutate(password, { onError: (failure) => setError(getErrorMessage(failure)) });
  };

  const onCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setError(TWO_FACTOR_MSG.invalidCode);
      return;
    }
    setError(null);
    confirm.mutate(code.trim(), {
      onSuccess: ({ user }) => onDone(user),
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.code === 'INVALID_CREDENTIALS' ? TWO_FACTOR_MSG.invalidCode : getErrorMessage(failure),
        ),
    });
  };

  if (!enrolment) {
    return (
      <form noValidate onSubmit={onPassword} className="space-y-4">
        <Input
          label="Current password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error ?? undefined}
        />
        <Button type="submit" className="w-full" isLoading={start.isPending}>
          Continue
        </Button>
      </form>
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
      <form noValidate onSubmit={onCode} className="space-y-3" aria-labelledby="confirm-heading">
        <h2 id="confirm-heading" className="text-base font-semibold text-slate-900">
          3. Enter the code from the app
        </h2>
        <Input
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error ?? undefined}
          className="font-mono tracking-widest"
        />
        <Button type="submit" className="w-full" isLoading={confirm.isPending}>
          Turn on two-factor
        </Button>
      </form>
    </div>
  );
}
