import { Fragment, type Key, type ReactNode } from 'react';
import type { TSortDirection } from '#web/lib/url-filter.js';
import { QueryErrorAlert } from './query-error-alert';
import { SortableHeader } from './sortable-header';
import {
  Table,
  TableActionCell,
  TableActionHeaderCell,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableLoadingRow,
  TableMessageRow,
  TableRow,
} from './table';

export type TColumn<TRow, TSort extends string = string> = {
  header: string;
  /** Read by screen readers only (the actions column). */
  isHeaderHidden?: boolean;
  /**
   * The row's buttons: the column stays in view at the right edge while the others scroll
   * sideways. By default the last column when its header is hidden (every list's 'Actions').
   */
  isActions?: boolean;
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
  /** Cells wrap to fit the card before the table scrolls sideways (Table's `wrap`). */
  wrap?: boolean;
  /** A row with its own state (a row that edits in place) instead of the columns' cells. */
  renderRow?: (row: TRow) => ReactNode;
};

/** Whether `column` is the actions column (TColumn.isActions). */
export function isActionColumn<TRow, TSort extends string>(column: TColumn<TRow, TSort>, index: number, count: number): boolean {
  return column.isActions ?? (column.isHeaderHidden === true && index === count - 1);
}

/**
 * The one table of the admin lists: a failed load with 'Try again' above it, the loading row,
 * the empty row (not when the load failed: the alert says why), sortable headers, and the
 * rows by their columns. Where it does not fit (a tablet, a phone) it scrolls sideways inside
 * its card with the actions column kept in view (a row of `renderRow` uses TableActionCell).
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
  wrap,
  renderRow,
}: DataTableProps<TRow, TSort>) {
  return (
    <>
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} className="mb-4" />}
      <Table caption={caption} hideCaption wrap={wrap}>
        <TableHead>
          <tr>
            {columns.map((column, index) => {
              if (column.sortKey !== undefined && sort) {
                return (
                  <SortableHeader key={column.header} column={column.sortKey} sort={sort.sort} dir={sort.dir} onSort={sort.onSort}>
                    {column.header}
                  </SortableHeader>
                );
              }
              const HeaderCell = isActionColumn(column, index, columns.length) ? TableActionHeaderCell : TableHeaderCell;
              return (
                <HeaderCell key={column.header}>
                  {column.isHeaderHidden ? <span className="sr-only">{column.header}</span> : column.header}
                </HeaderCell>
              );
            })}
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
                    {columns.map((column, index) => {
                      const Cell = isActionColumn(column, index, columns.length) ? TableActionCell : TableCell;
                      return (
                        <Cell key={column.header} className={column.className}>
                          {column.cell?.(row)}
                        </Cell>
                      );
                    })}
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
