import { AdminPlaceholderPage } from '../components/admin-placeholder-page';

export function AdminManagementPage() {
  return <AdminPlaceholderPage title="Admin Management" />;
}
