import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ZEmail } from '../../../../shared/contracts/account.js';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/auth-card';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const forgotPassword = useForgotPassword();
  const toast = useToast();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = ZEmail.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      return;
    }
    setEmailError(undefined);
    forgotPassword.mutate(
      { email: parsed.data },
      {
        onError: (error) => {
          const message = getErrorMessage(error);
          setFormError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <AuthCard
      title="Forgot password"
      description="Enter your email and we will send you a link to reset your password."
      footer={<Link to={paths.login.getHref()}>Back to log in</Link>}
    >
      {forgotPassword.isSuccess ? (
        <Alert variant="success">{forgotPassword.data.message}</Alert>
      ) : (
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
            error={emailError}
          />
          <Button type="submit" className="w-full" isLoading={forgotPassword.isPending}>
            Send reset link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
