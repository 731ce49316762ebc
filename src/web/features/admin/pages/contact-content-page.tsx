import { AdminPlaceholderPage } from '../components/admin-placeholder-page';

export function ContactContentPage() {
  return <AdminPlaceholderPage title="Manage Contact Page" />;
}
