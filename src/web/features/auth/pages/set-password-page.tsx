import { Link, useSearchParams } from 'react-router';
import { STAFF_MSG } from '#shared/contracts/staff.js';
import { Alert } from '#web/components/ui/alert.js';
import { paths } from '#web/lib/paths.js';
import { useSetPassword } from '#web/features/auth/api/set-password.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';
import { NewPasswordForm } from '#web/features/auth/components/new-password-form.js';
import { useRedirectAfterSuccess } from '#web/features/auth/lib/use-redirect-after-success.js';

/** /admin/set-password?token=…: the page the invitation email of a new admin links to. */
export function SetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const mutation = useSetPassword();

  useRedirectAfterSuccess(mutation.isSuccess, paths.admin.login.getHref());

  const onSubmit = (password: string, showError: (error: unknown) => void) => {
    mutation.mutate({ token, password }, { onError: showError });
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
    <AuthCard
      title="Set your password"
      description="Welcome to the CediCrypto back-office. Choose a password of at least 8 characters."
      footer={loginLink}
    >
      <NewPasswordForm submitLabel="Set password" isPending={mutation.isPending} onSubmit={onSubmit} />
    </AuthCard>
  );
}
