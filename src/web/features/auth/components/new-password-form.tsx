import { useState, type FormEvent } from 'react';
import { ZPassword } from '#shared/contracts/account.js';
import { MSG } from '#shared/messages.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Input } from '#web/components/ui/input.js';
import { PasswordStrengthMeter } from '#web/components/ui/password-strength-meter.js';

type NewPasswordFormProps = {
  submitLabel: string;
  isPending: boolean;
  /** The server's answer to the last attempt, if it failed. */
  formError: string | null;
  /** Called with a password that passed the rules (docs/product.md §5: at least 8, confirmed). */
  onSubmit: (password: string) => void;
};

/** New password + confirmation with the strength meter: the reset and the invitation pages. */
export function NewPasswordForm({ submitLabel, isPending, formError, onSubmit }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmPassword?: string }>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    const parsed = ZPassword.safeParse(password);
    const next = {
      password: parsed.success ? undefined : parsed.error.issues[0]?.message,
      confirmPassword: confirmPassword !== password ? MSG.passwordsDoNotMatch : undefined,
    };
    setErrors(next);
    if (next.password || next.confirmPassword) return;
    onSubmit(password);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {formError && <Alert variant="error">{formError}</Alert>}
      <Input
        label="New password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        hint={password ? <PasswordStrengthMeter password={password} /> : undefined}
      />
      <Input
        label="Confirm password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
        error={errors.confirmPassword}
      />
      <Button type="submit" className="w-full" isLoading={isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
