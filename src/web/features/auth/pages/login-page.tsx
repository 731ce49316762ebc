import { Link } from '#web/lib/router.js';
import { paths } from '#web/lib/paths.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';
import { LoginForm } from '#web/features/auth/components/login-form.js';

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
