import { useState } from 'react';
import { Link, useSearchParams } from '#web/lib/router.js';
import { STAFF_MSG } from '#shared/contracts/staff.js';
import { Alert } from '#web/components/ui/alert.js';
import { ApiError } from '#web/lib/api.js';
import { paths } from '#web/lib/paths.js';
import { useInvitationCheck, useSetPassword } from '#web/features/auth/api/set-password.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';
import { LinkCheckCard } from '#web/features/auth/components/link-check-card.js';
import { NewPasswordForm } from '#web/features/auth/components/new-password-form.js';
import { useRedirectAfterSuccess } from '#web/features/auth/lib/use-redirect-after-success.js';

const isCode = (error: unknown, code: string) => error instanceof ApiError && error.code === code;

/**
 * /admin/set-password?token=…: the page the invitation email of a new admin links to. The link
 * is checked as the page opens: a used one says so (sign in instead) rather than showing a form
 * that can only fail, and an unknown or expired one asks for a new invitation.
 */
export function SetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const check = useInvitationCheck(token);
  const mutation = useSetPassword();
  // The link was used by someone else between the check and this submit (another tab).
  const [isUsedOnSubmit, setIsUsedOnSubmit] = useState(false);

  useRedirectAfterSuccess(mutation.isSuccess, paths.admin.login.getHref());

  const onSubmit = (password: string, showError: (error: unknown) => void) => {
    mutation.mutate(
      { token, password },
      { onError: (error) => (isCode(error, 'INVITATION_ALREADY_ACCEPTED') ? setIsUsedOnSubmit(true) : showError(error)) },
    );
  };

  const loginLink = <Link to={paths.admin.login.getHref()}>Go to the admin login</Link>;

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Set your password" footer={loginLink}>
        <Alert variant="success">{STAFF_MSG.passwordSet}</Alert>
      </AuthCard>
    );
  }

  if (isUsedOnSubmit || isCode(check.error, 'INVITATION_ALREADY_ACCEPTED')) {
    return (
      <AuthCard title="Invitation already used" footer={loginLink}>
        <Alert variant="info">{STAFF_MSG.invitationUsed}</Alert>
      </AuthCard>
    );
  }

  if (!token || isCode(check.error, 'INVALID_TOKEN')) {
    return (
      <AuthCard title="Set your password" footer={loginLink}>
        <Alert variant="error">{STAFF_MSG.invitationInvalid}</Alert>
      </AuthCard>
    );
  }

  if (check.isError || check.isPending) {
    return <LinkCheckCard check={check} title="Set your password" footer={loginLink} checkingText="Checking your invitation link…" />;
  }

  return (
    <AuthCard
      title="Set your password"
      description="Welcome to the CediCrypto back-office. Choose a password of at least 12 characters."
      footer={loginLink}
    >
      <NewPasswordForm submitLabel="Set password" isPending={mutation.isPending} onSubmit={onSubmit} />
    </AuthCard>
  );
}
