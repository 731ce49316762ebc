import { Link } from '#web/lib/router.js';
import type { TProfile } from '#shared/contracts/account.js';
import { MSG } from '#shared/messages.js';
import { isStaffRole } from '#shared/permissions.js';
import { paths } from '#web/lib/paths.js';

/**
 * Said on every signed-in page while the password last signed in with is weaker than the policy
 * (docs/decisions/023): it keeps working, and the person is asked to change it.
 */
export function PasswordChangeBanner({ user }: { user: TProfile | null }) {
  if (!user?.passwordChangeRequested) return null;
  const href = isStaffRole(user.role) ? paths.admin.changePassword.getHref() : paths.security.getHref();
  return (
    <div role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      {MSG.passwordChangeRequested}{' '}
      <Link to={href} className="font-semibold underline">
        Change password
      </Link>
    </div>
  );
}
