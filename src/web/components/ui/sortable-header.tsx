import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.js';
import type { TSortDirection } from '#web/lib/url-filter.js';

type SortableHeaderProps<TColumn extends string> = {
  column: TColumn;
  /** The list's current sort. */
  sort: TColumn;
  dir: TSortDirection;
  onSort: (column: TColumn) => void;
  className?: string;
  children: ReactNode;
};

/**
 * The one sortable column header of the admin lists: a button that sorts by the column, and
 * aria-sort on the header cell of the sorted column only (ARIA: one sorted column at a time);
 * the arrow is decorative.
 */
export function SortableHeader<TColumn extends string>({ column, sort, dir, onSort, className, children }: SortableHeaderProps<TColumn>) {
  const isSorted = sort === column;
  return (
    <th
      scope="col"
      aria-sort={isSorted ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
      className={cn('p-0 font-semibold', className)}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex w-full items-center gap-1 px-4 py-3 text-left font-semibold tracking-wide whitespace-nowrap uppercase hover:bg-slate-200/60 hover:text-slate-900"
      >
        {children}
        <span aria-hidden="true" className={cn('text-[0.7rem]', isSorted ? 'text-slate-900' : 'text-slate-400')}>
          {isSorted ? (dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
