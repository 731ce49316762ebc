import { Navigate, Outlet, useLocation } from 'react-router';
import { isStaffRole } from '../../../shared/permissions.js';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';

/** The whole back-office: staff only. Each page then checks its own area (RequireArea). */
export function RequireStaff() {
  const { user } = useSession();
  const location = useLocation();
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
