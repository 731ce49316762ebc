import { USER_SORTS, ZUserQuery } from '#shared/contracts/admin.js';
import { createUrlFilter } from '#web/lib/url-filter.js';
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

/** docs/product.md §2: newest registrations first. */
export const DEFAULT_USER_FILTER: TUserListFilter = { q: '', kyc: 'all', account: 'all', sort: 'createdAt', dir: 'desc', page: 1 };

/** The list's URL, read with the server's own query contract (ZUserQuery). */
export const userUrlFilter = createUrlFilter<TUserListFilter>(ZUserQuery.shape, DEFAULT_USER_FILTER);
