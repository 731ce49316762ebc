import { Badge } from '#web/components/ui/badge.js';

/** Active green, Banned red, Closed grey (closing is final, docs/decisions/017); the text says it too. */
export function AccountStatusBadge({ isBanned, closedAt = null }: { isBanned: boolean; closedAt?: string | null }) {
  const [variant, text] = closedAt
    ? (['neutral', 'Closed'] as const)
    : isBanned
      ? (['danger', 'Banned'] as const)
      : (['success', 'Active'] as const);
  return (
    <Badge variant={variant}>
      <span className="sr-only">Account: </span>
      {text}
    </Badge>
  );
}
