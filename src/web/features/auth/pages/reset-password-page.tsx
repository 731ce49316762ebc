import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ZPassword } from '../../../../shared/contracts/account.js';
import { MSG } from '../../../../shared/messages.js';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';

/** Spec section 2: after a successful reset the person goes to the login page after 3 seconds. */
const REDIRECT_DELAY_MS = 3_000;

type ResetErrors = { password?: string; confirmPassword?: string };

export function ResetPasswordPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const token = params.token ?? searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<ResetErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const resetPassword = useResetPassword();
  const toast = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    if (!resetPassword.isSuccess) return;
    const timer = setTimeout(() => navigate(paths.login.getHref(), { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [resetPassword.isSuccess, navigate]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const nextErrors: ResetErrors = {};
    const parsed = ZPassword.safeParse(password);
    if (!parsed.success) nextErrors.password = parsed.error.issues[0]?.message;
    if (confirmPassword !== password) nextErrors.confirmPassword = MSG.passwordsDoNotMatch;
    setErrors(nextErrors);
    if (nextErrors.password || nextErrors.confirmPassword) return;

    resetPassword.mutate(
      { token, password },
      {
        onError: (error) => {
          const message = getErrorMessage(error);
          setFormError(message);
          toast.error(message);
        },
      },
    );
  };

  if (!token) {
    return (
      <AuthCard title="Reset password">
        <Alert variant="error">{MSG.resetInvalid}</Alert>
        <p className="mt-4 text-sm">
          <Link to={paths.forgotPassword.getHref()}>Request a new reset link</Link>
        </p>
      </AuthCard>
    );
  }

  if (resetPassword.isSuccess) {
    return (
      <AuthCard title="Reset password">
        <Alert variant="success">{MSG.resetDone}</Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset password"
      description="Choose a new password of at least 8 characters."
      footer={<Link to={paths.forgotPassword.getHref()}>Request a new reset link</Link>}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
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
        <Button type="submit" className="w-full" isLoading={resetPassword.isPending}>
          Reset password
        </Button>
      </form>
    </AuthCard>
  );
}
