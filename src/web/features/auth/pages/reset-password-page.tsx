import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { MSG } from '#shared/messages.js';
import { Alert } from '#web/components/ui/alert.js';
import { useToast } from '#web/components/ui/toast.js';
import { getErrorMessage } from '#web/lib/api.js';
import { paths } from '#web/lib/paths.js';
import { useResetPassword } from '#web/features/auth/api/reset-password.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';
import { NewPasswordForm } from '#web/features/auth/components/new-password-form.js';
import { useRedirectAfterSuccess } from '#web/features/auth/lib/use-redirect-after-success.js';

export function ResetPasswordPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const token = params.token ?? searchParams.get('token') ?? '';
  const [formError, setFormError] = useState<string | null>(null);
  const resetPassword = useResetPassword();
  const toast = useToast();

  useRedirectAfterSuccess(resetPassword.isSuccess, paths.login.getHref());

  const onSubmit = (password: string) => {
    setFormError(null);
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
      <NewPasswordForm submitLabel="Reset password" isPending={resetPassword.isPending} formError={formError} onSubmit={onSubmit} />
    </AuthCard>
  );
}
