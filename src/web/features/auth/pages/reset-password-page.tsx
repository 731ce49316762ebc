import { Link, useParams, useSearchParams } from '#web/lib/router.js';
import { MSG } from '#shared/messages.js';
import { Alert } from '#web/components/ui/alert.js';
import { ApiError } from '#web/lib/api.js';
import { paths } from '#web/lib/paths.js';
import { useResetLinkCheck, useResetPassword } from '#web/features/auth/api/reset-password.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';
import { LinkCheckCard } from '#web/features/auth/components/link-check-card.js';
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

  if (check.isError || check.isPending) {
    return <LinkCheckCard check={check} title="Reset password" footer={newLink} checkingText="Checking your reset link…" />;
  }

  return (
    <AuthCard title="Reset password" description="Choose a new password of at least 12 characters." footer={newLink}>
      <NewPasswordForm submitLabel="Reset password" isPending={resetPassword.isPending} onSubmit={onSubmit} />
    </AuthCard>
  );
}
