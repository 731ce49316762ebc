import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { TWO_FACTOR_MSG } from '#shared/contracts/two-factor.js';
import { isStaffRole } from '#shared/permissions.js';
import { Alert } from '#web/components/ui/alert.js';
import { getSafeAdminReturnPath, paths } from '#web/lib/paths.js';
import { useSession } from '#web/lib/session.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';
import { TwoFactorEnrolment } from '#web/features/auth/components/two-factor-enrolment.js';

/** /admin/two-factor-setup: every staff account enrols an authenticator before the back-office opens. */
export function TwoFactorSetupPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnPath = getSafeAdminReturnPath(searchParams.get('from'));
  if (!user) return <Navigate to={paths.admin.login.getHref()} replace />;
  if (!isStaffRole(user.role)) return <Navigate to={paths.admin.accessDenied.getHref()} replace />;
  if (user.twoFactorEnabled) return <Navigate to={returnPath} replace />;

  return (
    <AuthCard
      title="Set up two-factor authentication"
      description="Staff accounts sign in with a password and a code from an authenticator app."
    >
      <div className="space-y-4">
        <Alert variant="info">{TWO_FACTOR_MSG.setupRequired}</Alert>
        <TwoFactorEnrolment onDone={() => navigate(returnPath, { replace: true })} />
      </div>
    </AuthCard>
  );
}
