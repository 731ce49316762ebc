import { AdminPlaceholderPage } from '../components/admin-placeholder-page';

export function OrdersPage() {
  return <AdminPlaceholderPage title="Order Management" />;
}
