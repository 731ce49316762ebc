import { useEffect } from 'react';
import { z } from 'zod';
import { ZTwoFactorCode } from '#shared/contracts/two-factor.js';
import { Form, TextField } from '#web/components/form/form.js';
import { useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { useVerifySecondFactor } from '#web/features/auth/api/login.js';

type SecondFactorFormProps = {
  portal: 'customer' | 'admin';
  /** Back to the password step, with the reason (the sign-in attempt expired or was used up). */
  onRestart: (message: string | null) => void;
};

const ZSecondFactorForm = z.object({ code: ZTwoFactorCode });

/** Second step of a sign-in with two-factor on. */
export function SecondFactorForm({ portal, onRestart }: SecondFactorFormProps) {
  const form = useZodForm(ZSecondFactorForm, { defaultValues: { code: '' } });
  const verify = useVerifySecondFactor();

  useEffect(() => form.setFocus('code'), [form]);

  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={({ code }) => {
        if (verify.isPending) return;
        verify.mutate(
          { code, portal },
          {
            onError: (failure) => {
              // A used-up attempt (replayed code, expired, too many tries) needs the password again.
              const isOver =
                failure instanceof ApiError &&
                (failure.code === 'RATE_LIMITED' || failure.code === 'SIGN_IN_EXPIRED' || failure.code === 'CODE_REUSED');
              if (isOver) onRestart(getErrorMessage(failure));
              // A wrong code is the code field's error, wherever the server put it.
              else form.setError('code', { type: 'server', message: getErrorMessage(failure) }, { shouldFocus: true });
            },
          },
        );
      }}
    >
      <p className="text-sm text-slate-700">
        Enter the 6-digit code from your authenticator app. Lost your phone? Use one of your backup codes.
      </p>
      <TextField
        label="Authentication code"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={14}
        required
        className="font-mono tracking-widest"
      />
      <Button type="submit" className="w-full" isLoading={verify.isPending}>
        Verify
      </Button>
      <Button variant="ghost" className="w-full" onClick={() => onRestart(null)} disabled={verify.isPending}>
        Start over
      </Button>
    </Form>
  );
}
