import type { ReactNode } from 'react';
import { QueryErrorAlert } from './query-error-alert';
import { Spinner } from './spinner';

/** 'Loading …' with a spinner, announced politely. */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-slate-700">
      <Spinner className="text-brand-700" /> {children}
    </p>
  );
}

/**
 * 'Refreshing…' with a spinner while what a page shows is read again, or nothing (its first load
 * says 'Loading …' instead): a page heading's actions, or beside a list's filters. Not a
 * component, so that a heading without it has no actions at all.
 */
export function refreshingStatus(
  query: { isFetching: boolean; isPending: boolean },
  className = 'flex items-center gap-2 text-sm text-slate-600',
): ReactNode {
  return query.isFetching && !query.isPending ? (
    <span role="status" className={className}>
      <Spinner /> Refreshing…
    </span>
  ) : undefined;
}

/** What QueryContent needs of its TanStack query. */
type TContentQuery<TData> = { data: TData | undefined; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * One loaded thing (a page's settings, a dialog's record): its content once there is data (kept
 * while a refetch fails), else the failure with 'Try again', else 'Loading …'.
 */
export function QueryContent<TData>({
  query,
  loadingText,
  errorMessage,
  children,
}: {
  query: TContentQuery<TData>;
  loadingText: string;
  /** The page's own words for a failed load; the server's reason otherwise. */
  errorMessage?: string;
  children: (data: TData) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) return <QueryErrorAlert error={query.error} message={errorMessage} onRetry={() => void query.refetch()} />;
  return <LoadingStatus>{loadingText}</LoadingStatus>;
}

/** A labelled value of a record dialog (user, KYC submission, email). */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}
