import { Fragment, type Key, type ReactNode } from 'react';
import type { TSortDirection } from '#web/lib/url-filter.js';
import { QueryErrorAlert } from './query-error-alert';
import { SortableHeader } from './sortable-header';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableLoadingRow, TableMessageRow, TableRow } from './table';

export type TColumn<TRow, TSort extends string = string> = {
  header: string;
  /** Read by screen readers only (the actions column). */
  isHeaderHidden?: boolean;
  /** Sorts the list when its header is clicked (with `sort` on the table). */
  sortKey?: TSort;
  className?: string;
  /** The cell of a row; a table with `renderRow` names only its headers. */
  cell?: (row: TRow) => ReactNode;
};

/** What the table needs of its TanStack query. */
export type TListQuery = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

type DataTableProps<TRow, TSort extends string> = {
  caption: string;
  columns: readonly TColumn<TRow, TSort>[];
  rows: readonly TRow[];
  rowKey: (row: TRow) => Key;
  query: TListQuery;
  loadingText: string;
  emptyText: ReactNode;
  sort?: { sort: TSort; dir: TSortDirection; onSort: (column: TSort) => void };
  rowClassName?: string;
  /** A row with its own state (a row that edits in place) instead of the columns' cells. */
  renderRow?: (row: TRow) => ReactNode;
};

/**
 * The one table of the admin lists: a failed load with 'Try again' above it, the loading row,
 * the empty row (not when the load failed: the alert says why), sortable headers, and the
 * rows by their columns. It scrolls sideways inside its card on a phone.
 */
export function DataTable<TRow, TSort extends string = never>({
  caption,
  columns,
  rows,
  rowKey,
  query,
  loadingText,
  emptyText,
  sort,
  rowClassName,
  renderRow,
}: DataTableProps<TRow, TSort>) {
  return (
    <>
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} className="mb-4" />}
      <Table caption={caption} hideCaption>
        <TableHead>
          <tr>
            {columns.map((column) =>
              column.sortKey !== undefined && sort ? (
                <SortableHeader key={column.header} column={column.sortKey} sort={sort.sort} dir={sort.dir} onSort={sort.onSort}>
                  {column.header}
                </SortableHeader>
              ) : (
                <TableHeaderCell key={column.header}>
                  {column.isHeaderHidden ? <span className="sr-only">{column.header}</span> : column.header}
                </TableHeaderCell>
              ),
            )}
          </tr>
        </TableHead>
        <TableBody>
          {query.isPending ? (
            <TableLoadingRow colSpan={columns.length}>{loadingText}</TableLoadingRow>
          ) : rows.length === 0 ? (
            !query.isError && <TableMessageRow colSpan={columns.length}>{emptyText}</TableMessageRow>
          ) : (
            rows.map((row) => (
              <Fragment key={rowKey(row)}>
                {renderRow ? (
                  renderRow(row)
                ) : (
                  <TableRow className={rowClassName}>
                    {columns.map((column) => (
                      <TableCell key={column.header} className={column.className}>
                        {column.cell?.(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                )}
              </Fragment>
            ))
          )}
        </TableBody>
      </Table>
    </>
  );
}
