import { Button } from './button';

type PaginationProps = {
  page: number;
  totalPages: number;
  /** The next page cannot be trusted while the shown rows are the previous answer. */
  isNextBlocked?: boolean;
  onPage: (page: number) => void;
};

/**
 * Previous / Next and 'Page X of Y', only when there is more than one page (docs/product.md §2:
 * 'Page X of Y' only when more than one page): a list of one page shows nothing here.
 */
export function Pagination({ page, totalPages, isNextBlocked = false, onPage }: PaginationProps) {
  if (totalPages <= 1) return null;
  const current = Math.min(page, totalPages);
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={current <= 1} onClick={() => onPage(current - 1)}>
        Previous
      </Button>
      <span className="text-sm text-slate-700" aria-live="polite">
        Page {current} of {totalPages}
      </span>
      <Button variant="outline" size="sm" disabled={current >= totalPages || isNextBlocked} onClick={() => onPage(current + 1)}>
        Next
      </Button>
    </nav>
  );
}

/** The pages of a list's answer: one at least (the list loading or empty has one, which shows nothing here). */
export function pageCount(data: { total: number; pageSize: number } | undefined): number {
  return data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
}

/** The URL's `page` of a list whose only filter is its page (the Email and SMS Logs): a whole number from 1, else 1. */
export function readPageParam(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
