import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ZPassword } from '../../../../shared/contracts/account.js';
import { STAFF_MSG } from '../../../../shared/contracts/staff.js';
import { MSG } from '../../../../shared/messages.js';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter';
import { getErrorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useSetPassword } from '../api/set-password';
import { AuthCard } from '../components/auth-card';

/** As after a password reset: on to the (admin) login after 3 seconds. */
const REDIRECT_DELAY_MS = 3_000;

type TErrors = { password?: string; confirmPassword?: string };

/** /admin/set-password?token=…: the page the invitation email of a new admin links to. */
export function SetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useSetPassword();
  const navigate = useNavigate();

  useEffect(() => {
    if (!mutation.isSuccess) return;
    const timer = setTimeout(() => navigate(paths.admin.login.getHref(), { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [mutation.isSuccess, navigate]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);
    const nextErrors: TErrors = {};
    const parsed = ZPassword.safeParse(password);
    if (!parsed.success) nextErrors.password = parsed.error.issues[0]?.message;
    if (confirmPassword !== password) nextErrors.confirmPassword = MSG.passwordsDoNotMatch;
    setErrors(nextErrors);
    if (nextErrors.password || nextErrors.confirmPassword) return;
    mutation.mutate({ token, password }, { onError: (error) => setFormError(getErrorMessage(error)) });
  };

  const loginLink = <Link to={paths.admin.login.getHref()}>Go to the admin login</Link>;

  if (!token) {
    return (
      <AuthCard title="Set your password" footer={loginLink}>
        <Alert variant="error">{STAFF_MSG.invitationInvalid}</Alert>
      </AuthCard>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Set your password" footer={loginLink}>
        <Alert variant="success">{STAFF_MSG.passwordSet}</Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set your password" description="Welcome to the CediCrypto back-office. Choose a password of at least 8 characters." footer={loginLink}>
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
        <Button type="submit" className="w-full" isLoading={mutation.isPending}>
          Set password
        </Button>
      </form>
    </AuthCard>
  );
}
