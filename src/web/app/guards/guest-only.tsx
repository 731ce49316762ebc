import { Navigate, Outlet, useSearchParams } from 'react-router';
import { isStaffRole } from '../../../shared/permissions.js';
import { Splash } from '../../components/ui/splash';
import { getSafeAdminReturnPath, paths } from '../../lib/paths';
import { getHomePathFor, useSession } from '../../lib/session';

/**
 * Guest pages send signed-in people away, so they act on the server's answer only: a profile
 * cached in localStorage may outlive its session (expired, signed out from another browser), and
 * sending its owner to a dashboard that then finds no session would bounce them to the landing
 * page instead of showing the form they asked for.
 */
function useConfirmedUser() {
  const { user, isConfirmed } = useSession();
  return { user, isWaiting: user !== null && !isConfirmed };
}

/** /login and /signup: a signed-in person goes to their dashboard (staff to the back-office). */
export function GuestOnly() {
  const { user, isWaiting } = useConfirmedUser();
  if (isWaiting) return <Splash message="Restoring your session…" />;
  if (user) return <Navigate to={getHomePathFor(user)} replace />;
  return <Outlet />;
}

/** /admin/login: signed-in staff go back where they came from (?from=), customers to /dashboard. */
export function AdminGuestOnly() {
  const { user, isWaiting } = useConfirmedUser();
  const [searchParams] = useSearchParams();
  if (isWaiting) return <Splash message="Restoring your session…" />;
  if (!user) return <Outlet />;
  if (!isStaffRole(user.role)) return <Navigate to={paths.dashboard.getHref()} replace />;
  return <Navigate to={getSafeAdminReturnPath(searchParams.get('from'))} replace />;
}
