import { Navigate, Outlet } from 'react-router';
import { isStaffRole } from '#shared/permissions.js';
import { paths } from '#web/lib/paths.js';
import { useSession } from '#web/lib/session.js';

/** Customer pages: anonymous people go to '/', staff go to their back-office. */
export function RequireCustomer() {
  const { user } = useSession();
  if (!user) return <Navigate to={paths.home.getHref()} replace />;
  if (isStaffRole(user.role)) return <Navigate to={paths.admin.dashboard.getHref()} replace />;
  return <Outlet />;
}
