import { useNavigate } from 'react-router';
import type { TProfile } from '#shared/contracts/account.js';
import { isStaffRole } from '#shared/permissions.js';
import { useLogout } from '#web/features/auth/api/logout.js';
import { paths } from '#web/lib/paths.js';

/** Logs out, then leaves for the public home (customers) or the admin login (staff). */
export function useLogOutAndLeave(user: TProfile) {
  const logoutMutation = useLogout();
  const navigate = useNavigate();
  const target = isStaffRole(user.role) ? paths.admin.login.getHref() : paths.home.getHref();

  const run = async () => {
    // Local caches are cleared even when the server cannot be reached.
    await logoutMutation.mutateAsync().catch(() => undefined);
    await navigate(target, { replace: true });
  };
  return { run: () => void run(), isPending: logoutMutation.isPending };
}
