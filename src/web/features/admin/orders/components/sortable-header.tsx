import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.js';
import type { TOrderSort, TSortDirection } from '#web/features/admin/orders/lib/order-filter.js';

type SortableHeaderProps = {
  column: TOrderSort;
  sort: TOrderSort;
  dir: TSortDirection;
  onSort: (column: TOrderSort) => void;
  className?: string;
  children: ReactNode;
};

/**
 * A column header with a sort button. aria-sort sits on the header cell of the sorted column
 * only (ARIA: one sorted column at a time); the arrow is decorative.
 */
export function SortableHeader({ column, sort, dir, onSort, className, children }: SortableHeaderProps) {
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
        className="inline-flex w-full items-center gap-1 px-4 py-3 text-left font-semibold tracking-wide whitespace-nowrap uppercase hover:text-slate-900"
      >
        {children}
        <span aria-hidden="true" className={cn('text-[0.7rem]', isSorted ? 'text-slate-900' : 'text-slate-400')}>
          {isSorted ? (dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
