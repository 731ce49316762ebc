import { USER_SORTS } from '#shared/contracts/admin.js';
import type { TUserListFilter } from './api/users';

export const KYC_FILTERS = ['all', 'verified', 'pending', 'rejected', 'unverified'] as const;
export const ACCOUNT_FILTERS = ['all', 'active', 'banned'] as const;
export type TUserSort = (typeof USER_SORTS)[number];

export const KYC_FILTER_LABELS: Record<TUserListFilter['kyc'], string> = {
  all: 'All',
  verified: 'Verified',
  pending: 'Pending',
  rejected: 'Rejected',
  unverified: 'Unverified',
};
export const ACCOUNT_FILTER_LABELS: Record<TUserListFilter['account'], string> = { all: 'All', active: 'Active', banned: 'Banned' };

/** Spec section 2: newest registrations first. */
export const DEFAULT_USER_FILTER: TUserListFilter = { q: '', kyc: 'all', account: 'all', sort: 'createdAt', dir: 'desc', page: 1 };

function pick<T extends string>(values: readonly T[], raw: string | null, fallback: T): T {
  return values.find((value) => value === raw) ?? fallback;
}

/** The list state lives in the URL (shareable, survives reload); unknown values fall back to defaults. */
export function readUserFilter(params: URLSearchParams): TUserListFilter {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    kyc: pick(KYC_FILTERS, params.get('kyc'), DEFAULT_USER_FILTER.kyc),
    account: pick(ACCOUNT_FILTERS, params.get('account'), DEFAULT_USER_FILTER.account),
    sort: pick(USER_SORTS, params.get('sort'), DEFAULT_USER_FILTER.sort),
    dir: pick(['asc', 'desc'] as const, params.get('dir'), DEFAULT_USER_FILTER.dir),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Only what differs from the defaults is written, so the plain page has a clean URL. */
export function writeUserFilter(filter: TUserListFilter): URLSearchParams {
  const params = new URLSearchParams();
  const q = filter.q.trim();
  if (q) params.set('q', q);
  if (filter.kyc !== DEFAULT_USER_FILTER.kyc) params.set('kyc', filter.kyc);
  if (filter.account !== DEFAULT_USER_FILTER.account) params.set('account', filter.account);
  if (filter.sort !== DEFAULT_USER_FILTER.sort || filter.dir !== DEFAULT_USER_FILTER.dir) {
    params.set('sort', filter.sort);
    params.set('dir', filter.dir);
  }
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** First click on a column sorts ascending; clicking the same column again flips the direction. */
export function nextSort(filter: TUserListFilter, column: TUserSort): TUserListFilter {
  const dir = filter.sort === column ? (filter.dir === 'asc' ? 'desc' : 'asc') : 'asc';
  return { ...filter, sort: column, dir, page: 1 };
}
