import { Link } from 'react-router';
import { MSG } from '../../../../shared/messages.js';
import { paths } from '../../../lib/paths';
import { AuthCard } from '../components/auth-card';

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
