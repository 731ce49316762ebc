import { getErrorMessage } from '#web/lib/api.js';
import { cn } from '#web/lib/cn.js';
import { Alert } from './alert';
import { Button } from './button';

/** A failed load: the reason in the person's words (or the page's own message), and 'Try again'. */
export function QueryErrorAlert({
  error,
  message,
  onRetry,
  className,
}: {
  error: unknown;
  message?: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Alert variant="error" className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      <span>{message ?? getErrorMessage(error)}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
