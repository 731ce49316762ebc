import { Link, useLocation, useSearchParams } from '#web/lib/router.js';
import { IDLE_MSG } from '#shared/session-activity.js';
import { Alert } from '#web/components/ui/alert.js';
import { paths } from '#web/lib/paths.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';
import { LoginForm } from '#web/features/auth/components/login-form.js';

export function AdminLoginPage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  // Sent here by the back-office's idle sign-out (app/layouts/idle-session-guard.tsx).
  const wasIdle = (useLocation().state as { reason?: string } | null)?.reason === 'idle';

  return (
    <AuthCard
      title="Admin Login"
      description="Staff access to the CediCrypto back-office."
      footer={<Link to={paths.home.getHref()}>Back to CediCrypto</Link>}
    >
      {wasIdle && <Alert className="mb-4">{IDLE_MSG.signedOut}</Alert>}
      <LoginForm portal="admin" defaultEmail={email} />
    </AuthCard>
  );
}
