import { Link, useSearchParams } from 'react-router';
import { paths } from '#web/lib/paths.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';
import { LoginForm } from '#web/features/auth/components/login-form.js';

export function AdminLoginPage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';

  return (
    <AuthCard
      title="Admin Login"
      description="Staff access to the CediCrypto back-office."
      footer={<Link to={paths.home.getHref()}>Back to CediCrypto</Link>}
    >
      <LoginForm portal="admin" defaultEmail={email} />
    </AuthCard>
  );
}
