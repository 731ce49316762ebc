import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

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
