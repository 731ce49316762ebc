import { Navigate, Outlet, useLocation } from '#web/lib/router.js';
import { canAccess, type TArea } from '#shared/permissions.js';
import { paths } from '#web/lib/paths.js';
import { useSession } from '#web/lib/session.js';

/**
 * Admin pages: anonymous people go to the admin login, which brings them back here afterwards;
 * anyone whose role may not see `area` (customers included) gets Access Denied.
 * The server checks the same table (src/shared/permissions.ts) on every request.
 */
export function RequireArea({ area }: { area: TArea }) {
  const { user } = useSession();
  const location = useLocation();

  if (!user) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={paths.admin.login.getHref({ from })} replace />;
  }
  if (!canAccess(user.role, area)) return <Navigate to={paths.admin.accessDenied.getHref()} replace />;
  return <Outlet />;
}
