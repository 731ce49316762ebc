import { Link, useNavigate } from 'react-router';
import type { TProfile } from '../../../../shared/contracts/account.js';
import { paths } from '../../../lib/paths';
import { AuthCard } from '../components/auth-card';
import { SignupForm } from '../components/signup-form';

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
