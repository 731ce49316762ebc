import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ZLoginRequest } from '#shared/contracts/account.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Input } from '#web/components/ui/input.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { getFieldErrors, type FieldErrors } from '#web/lib/form-errors.js';
import { paths } from '#web/lib/paths.js';
import { useLogin } from '#web/features/auth/api/login.js';
import { SecondFactorForm } from './second-factor-form';

type LoginField = 'email' | 'password';

type LoginFormProps = {
  portal: 'customer' | 'admin';
  defaultEmail?: string;
};

/** Email + password form for both portals; the route guards redirect once signed in. */
export function LoginForm({ portal, defaultEmail = '' }: LoginFormProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<LoginField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isCodeStep, setIsCodeStep] = useState(false);
  const loginMutation = useLogin();
  const toast = useToast();
  const navigate = useNavigate();

  const handleError = (error: unknown, submittedEmail: string) => {
    const message = getErrorMessage(error);
    toast.error(message);
    if (error instanceof ApiError && error.code === 'ADMIN_LOGIN_REQUIRED') {
      // Spec section 6: customer login falls back to the admin login automatically.
      void navigate(paths.admin.login.getHref({ email: submittedEmail }));
      return;
    }
    if (error instanceof ApiError && error.fields) setFieldErrors(error.fields as FieldErrors<LoginField>);
    setFormError(message);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = ZLoginRequest.safeParse({ email, password, portal });
    if (!parsed.success) {
      setFieldErrors(getFieldErrors<LoginField>(parsed.error));
      return;
    }
    setFieldErrors({});
    loginMutation.mutate(parsed.data, {
      onSuccess: ({ twoFactorRequired }) => {
        if (twoFactorRequired) setIsCodeStep(true);
      },
      onError: (error) => handleError(error, parsed.data.email),
    });
  };

  if (isCodeStep) {
    return (
      <SecondFactorForm
        portal={portal}
        onRestart={(message) => {
          setIsCodeStep(false);
          setPassword('');
          setFormError(message);
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {formError && <Alert variant="error">{formError}</Alert>}
      <Input
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldErrors.email}
      />
      <Input
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
      />
      {portal === 'customer' && (
        <p className="text-right text-sm">
          <Link to={paths.forgotPassword.getHref()}>Forgot password?</Link>
        </p>
      )}
      <Button type="submit" className="w-full" isLoading={loginMutation.isPending}>
        Log in
      </Button>
    </form>
  );
}
