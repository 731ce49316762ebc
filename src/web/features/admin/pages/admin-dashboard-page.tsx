import { ROLE_LABELS } from '../../../../shared/permissions.js';
import { ComingSoon } from '../../../components/coming-soon';
import { getFirstName, useSession } from '../../../lib/session';

export function AdminDashboardPage() {
  const { user } = useSession();
  const roleLabel = user?.role ? ROLE_LABELS[user.role] : null;

  return (
    <div className="space-y-4">
      {user && (
        <p className="text-sm text-slate-600">
          Signed in as {getFirstName(user.fullName)}
          {roleLabel && ` (${roleLabel})`}
        </p>
      )}
      <ComingSoon title="Dashboard" description="Users, pending orders and volume at a glance." />
    </div>
  );
}
