import { Link, useParams, useSearchParams } from 'react-router';
import { MSG } from '#shared/messages.js';
import { Alert } from '#web/components/ui/alert.js';
import { paths } from '#web/lib/paths.js';
import { useResetPassword } from '#web/features/auth/api/reset-password.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';
import { NewPasswordForm } from '#web/features/auth/components/new-password-form.js';
import { useRedirectAfterSuccess } from '#web/features/auth/lib/use-redirect-after-success.js';

export function ResetPasswordPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const token = params.token ?? searchParams.get('token') ?? '';
  const resetPassword = useResetPassword();

  useRedirectAfterSuccess(resetPassword.isSuccess, paths.login.getHref());

  const onSubmit = (password: string, showError: (error: unknown) => void) => {
    resetPassword.mutate({ token, password }, { onError: showError });
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
      description="Choose a new password of at least 12 characters."
      footer={<Link to={paths.forgotPassword.getHref()}>Request a new reset link</Link>}
    >
      <NewPasswordForm submitLabel="Reset password" isPending={resetPassword.isPending} onSubmit={onSubmit} />
    </AuthCard>
  );
}
