import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ZEmail } from '#shared/contracts/account.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Input } from '#web/components/ui/input.js';
import { useToast } from '#web/components/ui/toast.js';
import { getErrorMessage } from '#web/lib/api.js';
import { paths } from '#web/lib/paths.js';
import { useForgotPassword } from '#web/features/auth/api/forgot-password.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';

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
