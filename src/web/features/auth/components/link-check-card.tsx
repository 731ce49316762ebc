import type { ReactNode } from 'react';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { AuthCard } from './auth-card';

/**
 * A password page while its emailed link is being checked ('Checking your … link…'), or when the
 * check failed for a reason other than the link's (the failure, with 'Try again'). The page
 * shows what the link's own answers mean (used, invalid) and its form itself.
 */
export function LinkCheckCard({
  check,
  title,
  footer,
  checkingText,
}: {
  check: { isError: boolean; error: unknown; refetch: () => unknown };
  title: string;
  footer: ReactNode;
  checkingText: string;
}) {
  return (
    <AuthCard title={title} footer={footer}>
      {check.isError ? (
        <QueryErrorAlert error={check.error} onRetry={() => void check.refetch()} />
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> {checkingText}
        </p>
      )}
    </AuthCard>
  );
}
