import { AdminPlaceholderPage } from '../components/admin-placeholder-page';

export function CoinsPage() {
  return <AdminPlaceholderPage title="Currency Management" />;
}
