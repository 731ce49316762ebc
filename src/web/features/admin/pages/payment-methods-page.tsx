import { AdminPlaceholderPage } from '../components/admin-placeholder-page';

export function PaymentMethodsPage() {
  return <AdminPlaceholderPage title="Payment Methods" />;
}
