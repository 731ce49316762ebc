import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { MSG } from '../../../../shared/messages.js';
import { Alert } from '../../../components/ui/alert';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { NewPasswordForm } from '../components/new-password-form';
import { useRedirectAfterSuccess } from '../lib/use-redirect-after-success';


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
