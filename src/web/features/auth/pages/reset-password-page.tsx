import { Link, useParams, useSearchParams } from 'react-router';
import { MSG } from '#shared/messages.js';
import { Alert } from '#web/components/ui/alert.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { ApiError } from '#web/lib/api.js';
import { paths } from '#web/lib/paths.js';
import { useResetLinkCheck, useResetPassword } from '#web/features/auth/api/reset-password.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';
import { NewPasswordForm } from '#web/features/auth/components/new-password-form.js';
import { useRedirectAfterSuccess } from '#web/features/auth/lib/use-redirect-after-success.js';

/**
 * The page a password-reset email links to. The link is checked as the page opens (issue 26
 * point 16): a used or expired one says so at once, rather than after a new password was typed.
 */
export function ResetPasswordPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const token = params.token ?? searchParams.get('token') ?? '';
  const check = useResetLinkCheck(token);
  const resetPassword = useResetPassword();

  useRedirectAfterSuccess(resetPassword.isSuccess, paths.login.getHref());

  const onSubmit = (password: string, showError: (error: unknown) => void) => {
    resetPassword.mutate({ token, password }, { onError: showError });
  };

  const newLink = <Link to={paths.forgotPassword.getHref()}>Request a new reset link</Link>;

  if (resetPassword.isSuccess) {
    return (
      <AuthCard title="Reset password">
        <Alert variant="success">{MSG.resetDone}</Alert>
      </AuthCard>
    );
  }

  if (!token || (check.error instanceof ApiError && check.error.code === 'INVALID_TOKEN')) {
    return (
      <AuthCard title="Reset password" footer={newLink}>
        <Alert variant="error">{MSG.resetInvalid}</Alert>
      </AuthCard>
    );
  }

  if (check.isError) {
    return (
      <AuthCard title="Reset password" footer={newLink}>
        <QueryErrorAlert error={check.error} onRetry={() => void check.refetch()} />
      </AuthCard>
    );
  }

  if (check.isPending) {
    return (
      <AuthCard title="Reset password" footer={newLink}>
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Checking your reset link…
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" description="Choose a new password of at least 12 characters." footer={newLink}>
      <NewPasswordForm submitLabel="Reset password" isPending={resetPassword.isPending} onSubmit={onSubmit} />
    </AuthCard>
  );
}
