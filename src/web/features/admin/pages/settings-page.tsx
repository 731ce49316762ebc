import { AdminPlaceholderPage } from '../components/admin-placeholder-page';

export function SettingsPage() {
  return <AdminPlaceholderPage title="Settings" />;
}
