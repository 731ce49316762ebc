import { AdminPlaceholderPage } from '../components/admin-placeholder-page';

export function KycSubmissionsPage() {
  return <AdminPlaceholderPage title="KYC Management" />;
}
