import { ADMIN_ORDER_SORTS, ZAdminOrderQuery, type TOrderStatusFilter } from '#shared/contracts/orders.js';
import { createUrlFilter, type TSortDirection } from '#web/lib/url-filter.js';

export { ORDER_STATUS_FILTERS, type TOrderStatusFilter } from '#shared/contracts/orders.js';
export type TOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

/** Everything that selects the rows shown: kept in the URL search params. */
export type TAdminOrderFilter = {
  q: string;
  status: TOrderStatusFilter;
  /** 'YYYY-MM-DD' or '' (whole days, Africa/Accra). */
  from: string;
  to: string;
  sort: TOrderSort;
  dir: TSortDirection;
  page: number;
};

export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

/** Newest first, nothing filtered (docs/product.md §2: default createdAt descending). */
export const DEFAULT_ORDER_FILTER: TAdminOrderFilter = { q: '', status: 'all', from: '', to: '', sort: 'createdAt', dir: 'desc', page: 1 };

/** The list's URL, read with the server's own query contract (ZAdminOrderQuery). */
export const orderUrlFilter = createUrlFilter<TAdminOrderFilter>(ZAdminOrderQuery.shape, DEFAULT_ORDER_FILTER);

/** True when anything differs from the default list (search, status or dates). */
export function isFiltered(filter: TAdminOrderFilter): boolean {
  return Boolean(filter.q || filter.from || filter.to || filter.status !== 'all');
}
