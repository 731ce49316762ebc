import { CHAT_MSG } from '#shared/contracts/chat.js';
import { Button } from '#web/components/ui/button.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { cn } from '#web/lib/cn.js';

/** Where the messages will be, while they load or after loading failed (with 'Try again'). */
export function ThreadStatus({
  isError,
  errorText,
  onRetry,
  className,
}: {
  isError: boolean;
  errorText: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-1 items-center justify-center p-4 text-sm text-slate-600', className)}>
      {isError ? (
        <div role="alert" className="text-center">
          <p>{errorText}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : (
        <p role="status" className="inline-flex items-center gap-2">
          <Spinner /> {CHAT_MSG.loading}
        </p>
      )}
    </div>
  );
}
