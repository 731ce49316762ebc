import { Navigate, useNavigate, useSearchParams } from '#web/lib/router.js';
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
  // The link emailed after a reset (issue 26): kept through the sign-in, which comes back here.
  const enrolmentToken = searchParams.get('token') ?? undefined;
  if (!user) {
    const back = enrolmentToken ? `${paths.admin.twoFactorSetup.getHref()}?token=${encodeURIComponent(enrolmentToken)}` : undefined;
    return <Navigate to={paths.admin.login.getHref(back ? { from: back } : {})} replace />;
  }
  if (!isStaffRole(user.role)) return <Navigate to={paths.admin.accessDenied.getHref()} replace />;
  if (user.twoFactorEnabled) return <Navigate to={returnPath} replace />;

  return (
    <AuthCard
      title="Set up two-factor authentication"
      description="Staff accounts sign in with a password and a code from an authenticator app."
    >
      <div className="space-y-4">
        <Alert variant="info">{TWO_FACTOR_MSG.setupRequired}</Alert>
        <TwoFactorEnrolment enrolmentToken={enrolmentToken} onDone={() => navigate(returnPath, { replace: true })} />
      </div>
    </AuthCard>
  );
}
