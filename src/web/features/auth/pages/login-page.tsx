import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  return (
    <AuthCard
      title="Log in"
      description="Welcome back. Log in to buy and sell crypto."
      footer={
        <>
          New to CediCrypto? <Link to={paths.signup.getHref()}>Sign up</Link>
        </>
      }
    >
      <LoginForm portal="customer" />
    </AuthCard>
  );
}
