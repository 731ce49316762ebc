import { Link, useNavigate } from 'react-router';
import type { TProfile } from '#shared/contracts/account.js';
import { paths } from '#web/lib/paths.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';
import { SignupForm } from '#web/features/auth/components/signup-form.js';

export function SignupPage() {
  const navigate = useNavigate();
  // The new account is handed to the 'Account Created!' page, which adopts it as the session.
  const onCreated = (user: TProfile) => navigate(paths.accountCreated.getHref(), { replace: true, state: { user } });

  return (
    <AuthCard
      title="Create your account"
      description="It takes a minute. You can trade up to $20 before verifying your identity."
      footer={
        <>
          Already have an account? <Link to={paths.login.getHref()}>Log in here</Link>
        </>
      }
    >
      <SignupForm onCreated={onCreated} />
    </AuthCard>
  );
}
