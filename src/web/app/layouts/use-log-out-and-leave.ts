import { useNavigate } from '#web/lib/router.js';
import type { TProfile } from '#shared/contracts/account.js';
import { isStaffRole } from '#shared/permissions.js';
import { useLogout } from '#web/features/auth/api/logout.js';
import { paths } from '#web/lib/paths.js';

/**
 * Logs out and leaves for the public home (customers) or the admin login (staff). A customer
 * leaves their page first: signed out on it, its guard would send them to the login, to come
 * back to it (RequireCustomer). Staff leave after, the admin login sending signed-in staff back.
 */
export function useLogOutAndLeave(user: TProfile) {
  const logoutMutation = useLogout();
  const navigate = useNavigate();
  const isStaff = isStaffRole(user.role);
  const target = isStaff ? paths.admin.login.getHref() : paths.home.getHref();

  const run = async () => {
    // flushSync: the move is drawn before anything else. In a transition (React Router's
    // default) the session's null, an urgent update, could reach this page's guard first,
    // still on screen, which would send to the login with ?from= this page
    // (use-log-out-and-leave.test.tsx).
    if (!isStaff) await navigate(target, { replace: true, flushSync: true });
    // Local caches are cleared even when the server cannot be reached.
    await logoutMutation.mutateAsync().catch(() => undefined);
    if (isStaff) await navigate(target, { replace: true });
  };
  return { run: () => void run(), isPending: logoutMutation.isPending };
}
