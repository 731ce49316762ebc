import { Badge } from '#web/components/ui/badge.js';

/** Active green, Banned red; the text says it too. */
export function AccountStatusBadge({ isBanned }: { isBanned: boolean }) {
  return (
    <Badge variant={isBanned ? 'danger' : 'success'}>
      <span className="sr-only">Account: </span>
      {isBanned ? 'Banned' : 'Active'}
    </Badge>
  );
}
