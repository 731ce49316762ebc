import { Navigate, Outlet, useLocation } from '#web/lib/router.js';
import { isStaffRole } from '#shared/permissions.js';
import { loginHrefReturningTo, paths } from '#web/lib/paths.js';
import { useSession } from '#web/lib/session.js';

/**
 * Customer pages: anonymous people go to the customer login, which brings them back here once
 * signed in (a link from an order email, /#/orders/12, opens that order); staff go to their
 * back-office.
 */
export function RequireCustomer() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={loginHrefReturningTo(`${location.pathname}${location.search}`)} replace />;
  if (isStaffRole(user.role)) return <Navigate to={paths.admin.dashboard.getHref()} replace />;
  return <Outlet />;
}
