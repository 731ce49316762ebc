import { Link } from '#web/lib/router.js';
import { MSG } from '#shared/messages.js';
import { paths } from '#web/lib/paths.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';

export function AccessDeniedPage() {
  return (
    <AuthCard title={MSG.accessDeniedTitle}>
      <div className="space-y-4">
        <p className="text-slate-700">{MSG.forbidden}</p>
        <Link to={paths.admin.dashboard.getHref()}>Back to dashboard</Link>
      </div>
    </AuthCard>
  );
}
