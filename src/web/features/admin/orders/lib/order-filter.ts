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

/**
 * The "Needs action" view (docs/decisions/014): the submitted orders ('pending'), the oldest
 * payment first. Only a preset of the list's own filter, so its URL is the list's
 * (`?status=pending&sort=submittedAt&dir=asc`) and the server's strict query contract reads it.
 */
export const NEEDS_ACTION_FILTER: TAdminOrderFilter = { ...DEFAULT_ORDER_FILTER, status: 'pending', sort: 'submittedAt', dir: 'asc' };

/** The list shows the "Needs action" view: submitted orders, oldest payment first (whatever the search or dates). */
export function isNeedsActionView(filter: TAdminOrderFilter): boolean {
  return filter.status === NEEDS_ACTION_FILTER.status && filter.sort === NEEDS_ACTION_FILTER.sort && filter.dir === NEEDS_ACTION_FILTER.dir;
}

/** The list's URL, read with the server's own query contract (ZAdminOrderQuery). */
export const orderUrlFilter = createUrlFilter<TAdminOrderFilter>(ZAdminOrderQuery.shape, DEFAULT_ORDER_FILTER);

/** The href of the "Needs action" view (the dashboard links to it). */
export function needsActionSearch(): string {
  return orderUrlFilter.write(NEEDS_ACTION_FILTER).toString();
}

/** True when anything differs from the default list (search, status or dates). */
export function isFiltered(filter: TAdminOrderFilter): boolean {
  return Boolean(filter.q || filter.from || filter.to || filter.status !== 'all');
}
