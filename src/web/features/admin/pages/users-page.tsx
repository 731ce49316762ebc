import { AdminPlaceholderPage } from '../components/admin-placeholder-page';

export function UsersPage() {
  return <AdminPlaceholderPage title="User Management" />;
}
