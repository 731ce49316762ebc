import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TWO_FACTOR_MSG, ZTwoFactorCode } from '#shared/contracts/two-factor.js';
import { Button } from '#web/components/ui/button.js';
import { Input } from '#web/components/ui/input.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { useVerifySecondFactor } from '#web/features/auth/api/login.js';

type SecondFactorFormProps = {
  portal: 'customer' | 'admin';
  /** Back to the password step, with the reason (the sign-in attempt expired or was used up). */
  onRestart: (message: string | null) => void;
};

/** Second step of a sign-in with two-factor on. */
export function SecondFactorForm({ portal, onRestart }: SecondFactorFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifySecondFactor();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    const parsed = ZTwoFactorCode.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? TWO_FACTOR_MSG.invalidCode);
      return;
    }
    setError(null);
    verify.mutate(
      { code: parsed.data, portal },
      {
        onError: (failure) => {
          const message = getErrorMessage(failure);
          // A used-up attempt (replayed code, expired, too many tries) needs the password again.
          const isOver =
            failure instanceof ApiError &&
            (failure.code === 'RATE_LIMITED' || failure.code === 'SIGN_IN_EXPIRED' || failure.code === 'CODE_REUSED');
          if (isOver) onRestart(message);
          else setError(message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-700">
        Enter the 6-digit code from your authenticator app. Lost your phone? Use one of your backup codes.
      </p>
      <Input
        ref={inputRef}
        label="Authentication code"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={11}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error ?? undefined}
        className="font-mono tracking-widest"
      />
      <Button type="submit" className="w-full" isLoading={verify.isPending}>
        Verify
      </Button>
      <Button variant="ghost" className="w-full" onClick={() => onRestart(null)} disabled={verify.isPending}>
        Start over
      </Button>
    </form>
  );
}
