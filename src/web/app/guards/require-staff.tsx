import { Navigate, Outlet, useLocation } from '#web/lib/router.js';
import { isStaffRole } from '#shared/permissions.js';
import { Splash } from '#web/components/ui/splash.js';
import { paths } from '#web/lib/paths.js';
import { useSession } from '#web/lib/session.js';

/**
 * The whole back-office: staff only. Each page then checks its own area (RequireArea). The menu
 * and pages come from the server's answer, not from a profile cached in localStorage: the role
 * may have changed, or the account been deleted, since it was cached.
 */
export function RequireStaff() {
  const { user, isConfirmed } = useSession();
  const location = useLocation();
  if (user && !isConfirmed) return <Splash message="Restoring your session…" />;
  if (!user) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={paths.admin.login.getHref({ from })} replace />;
  }
  if (!isStaffRole(user.role)) return <Navigate to={paths.admin.accessDenied.getHref()} replace />;
  // Staff enrol a second factor before anything else (the server refuses them until they do).
  if (!user.twoFactorEnabled) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={`${paths.admin.twoFactorSetup.getHref()}?from=${encodeURIComponent(from)}`} replace />;
  }
  return <Outlet />;
}
