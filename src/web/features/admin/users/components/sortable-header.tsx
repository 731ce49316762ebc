import { TableHeaderCell } from '#web/components/ui/table.js';
import type { TUserListFilter } from '#web/features/admin/users/api/users.js';
import type { TUserSort } from '#web/features/admin/users/user-filters.js';

type SortableHeaderProps = {
  label: string;
  column: TUserSort;
  filter: TUserListFilter;
  onSort: (column: TUserSort) => void;
};

/** A column header whose button sorts by it; aria-sort on the header tells the current order. */
export function SortableHeader({ label, column, filter, onSort }: SortableHeaderProps) {
  const isActive = filter.sort === column;
  const ariaSort = isActive ? (filter.dir === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <TableHeaderCell aria-sort={ariaSort}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 font-semibold tracking-wide uppercase hover:bg-slate-200/60 hover:text-slate-900"
      >
        {label}
        <span aria-hidden="true" className={isActive ? 'text-slate-900' : 'text-slate-400'}>
          {isActive ? (filter.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </TableHeaderCell>
  );
}
