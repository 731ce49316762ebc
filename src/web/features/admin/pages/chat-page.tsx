import { AdminPlaceholderPage } from '../components/admin-placeholder-page';

export function ChatPage() {
  return <AdminPlaceholderPage title="Live Chat Support" />;
}
