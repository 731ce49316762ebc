import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useSearchParams } from '#web/lib/router.js';
import { isStaffRole } from '#shared/permissions.js';
import { Splash } from '#web/components/ui/splash.js';
import { getSafeAdminReturnPath, getSafeCustomerReturnPath, paths } from '#web/lib/paths.js';
import { getHomePathFor, sessionQueryOptions } from '#web/lib/session.js';

/**
 * Guest pages send signed-in people away, so they act on a fresh answer of the server only: the
 * profile held (cached in localStorage, or read a while ago) may have outlived its session
 * (expired, signed out from another browser), and sending its owner to a dashboard that then
 * finds no session would bounce them to the landing page instead of the form they asked for.
 * The session is read again whenever a guest page opens; anonymous visitors see the form at once.
 */
function useConfirmedUser() {
  const query = useQuery({ ...sessionQueryOptions(), refetchOnMount: 'always' });
  const user = query.data ?? null;
  const hasServerAnswer = query.dataUpdatedAt > 0 || query.isError;
  return { user, isWaiting: user !== null && (query.isFetching || !hasServerAnswer) };
}

/**
 * /login and /signup: a signed-in person goes on, customers back to the page they were sent here
 * from (?from=, when it is a customer page of this app) or their dashboard, staff to the back-office.
 */
export function GuestOnly() {
  const { user, isWaiting } = useConfirmedUser();
  const [searchParams] = useSearchParams();
  if (isWaiting) return <Splash message="Restoring your session…" />;
  if (user) {
    const target = isStaffRole(user.role) ? getHomePathFor(user) : getSafeCustomerReturnPath(searchParams.get('from'));
    return <Navigate to={target} replace />;
  }
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
