import { ADMIN_ORDER_SORTS, ORDER_STATUSES } from '#shared/contracts/orders.js';
import { isCalendarDay } from '#shared/contracts/common.js';

export const ORDER_STATUS_FILTERS = ['all', ...ORDER_STATUSES] as const;
export type TOrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];
export type TOrderSort = (typeof ADMIN_ORDER_SORTS)[number];
export type TSortDirection = 'asc' | 'desc';

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
const SEARCH_MAX_LENGTH = 200;

/** Newest first, nothing filtered (docs/product.md §2: default createdAt descending). */
export const DEFAULT_ORDER_FILTER: TAdminOrderFilter = { q: '', status: 'all', from: '', to: '', sort: 'createdAt', dir: 'desc', page: 1 };

function readDay(value: string | null): string {
  return value && isCalendarDay(value) ? value : '';
}

function pick<const T extends readonly string[]>(values: T, raw: string | null, fallback: T[number]): T[number] {
  return values.find((value) => value === raw) ?? fallback;
}

/** The filter from the URL; anything unreadable falls back to its default. */
export function readOrderFilter(params: URLSearchParams): TAdminOrderFilter {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    status: pick(ORDER_STATUS_FILTERS, params.get('status'), DEFAULT_ORDER_FILTER.status),
    from: readDay(params.get('from')),
    to: readDay(params.get('to')),
    sort: pick(ADMIN_ORDER_SORTS, params.get('sort'), DEFAULT_ORDER_FILTER.sort),
    dir: pick(['asc', 'desc'] as const, params.get('dir'), DEFAULT_ORDER_FILTER.dir),
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

/** The URL params of a filter; defaults are left out so a clean list has a clean URL. */
export function writeOrderFilter(filter: TAdminOrderFilter): URLSearchParams {
  const params = new URLSearchParams();
  const q = filter.q.trim();
  if (q) params.set('q', q);
  if (filter.status !== DEFAULT_ORDER_FILTER.status) params.set('status', filter.status);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.sort !== DEFAULT_ORDER_FILTER.sort || filter.dir !== DEFAULT_ORDER_FILTER.dir) {
    params.set('sort', filter.sort);
    params.set('dir', filter.dir);
  }
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** True when anything differs from the default list (search, status, dates or sort). */
export function isFiltered(filter: TAdminOrderFilter): boolean {
  return Boolean(filter.q || filter.from || filter.to || filter.status !== 'all');
}

/** Spec: the first click on a column sorts ascending, another click on the same column flips it. */
export function nextSort(filter: TAdminOrderFilter, column: TOrderSort): Pick<TAdminOrderFilter, 'sort' | 'dir'> {
  if (filter.sort !== column) return { sort: column, dir: 'asc' };
  return { sort: column, dir: filter.dir === 'asc' ? 'desc' : 'asc' };
}
