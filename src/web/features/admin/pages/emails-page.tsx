import { AdminPlaceholderPage } from '../components/admin-placeholder-page';

export function EmailsPage() {
  return <AdminPlaceholderPage title="Email Log" />;
}
