import { Navigate, Outlet, useSearchParams } from 'react-router';
import { isStaffRole } from '../../../shared/permissions.js';
import { getSafeAdminReturnPath, paths } from '../../lib/paths';
import { getHomePathFor, useSession } from '../../lib/session';

/** /login and /signup: a signed-in person goes to their dashboard (staff to the back-office). */
export function GuestOnly() {
  const { user } = useSession();
  if (user) return <Navigate to={getHomePathFor(user)} replace />;
  return <Outlet />;
}

/** /admin/login: signed-in staff go back where they came from (?from=), customers to /dashboard. */
export function AdminGuestOnly() {
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  if (!user) return <Outlet />;
  if (!isStaffRole(user.role)) return <Navigate to={paths.dashboard.getHref()} replace />;
  return <Navigate to={getSafeAdminReturnPath(searchParams.get('from'))} replace />;
}
