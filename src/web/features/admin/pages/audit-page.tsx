import { AdminPlaceholderPage } from '../components/admin-placeholder-page';

export function AuditPage() {
  return <AdminPlaceholderPage title="Audit Log" />;
}
