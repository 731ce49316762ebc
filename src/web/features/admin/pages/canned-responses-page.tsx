import { AdminPlaceholderPage } from '../components/admin-placeholder-page';

export function CannedResponsesPage() {
  return <AdminPlaceholderPage title="Canned Responses" />;
}
