import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZAdminUserDetail, ZAdminUserList, type TUserQuery, type ZAdminUser } from '#shared/contracts/admin.js';
import { ZCloseAccountResponse } from '#shared/contracts/compliance.js';
import { apiRequest } from '#web/lib/api.js';

export type TAdminUser = z.infer<typeof ZAdminUser>;
export type TUserListFilter = Required<Pick<TUserQuery, 'kyc' | 'account' | 'sort' | 'dir' | 'page'>> & { q: string };
export type TBanAction = 'ban' | 'unban';

/** In memory only, never persisted to storage (decisions/013 D10); gone with the query cache at logout. */
export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  lists: ['admin', 'users', 'list'] as const,
  list: (filter: TUserListFilter) => ['admin', 'users', 'list', filter] as const,
  detail: (id: string) => ['admin', 'users', 'detail', id] as const,
};

export function listAdminUsers(filter: TUserListFilter, signal?: AbortSignal) {
  return apiRequest('/api/admin/users', {
    query: {
      q: filter.q.trim() || undefined,
      kyc: filter.kyc,
      account: filter.account,
      sort: filter.sort,
      dir: filter.dir,
      page: String(filter.page),
    },
    schema: ZAdminUserList,
    operation: 'Loading users',
    signal,
  });
}

export const adminUsersQueryOptions = (filter: TUserListFilter) =>
  queryOptions({
    queryKey: adminUserKeys.list(filter),
    queryFn: ({ signal }) => listAdminUsers(filter, signal),
    // The previous page stays on screen while the next one (or a new search) loads.
    placeholderData: keepPreviousData,
  });

/** One page of customers (10 a page) for a search, filters and sort. */
export function useAdminUsers(filter: TUserListFilter) {
  return useQuery(adminUsersQueryOptions(filter));
}

export function getAdminUser(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(id)}`, {
    schema: ZAdminUserDetail,
    operation: 'Loading the user',
    signal,
  });
}

export const adminUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminUserKeys.detail(id),
    queryFn: ({ signal }) => getAdminUser(id, signal),
  });

/** One customer with their 5 most recent orders. */
export function useAdminUser(id: string) {
  return useQuery(adminUserQueryOptions(id));
}

/** A ban carries its reason (required by the server, issue 27 point 5); an unban none. */
export function setUserBanned({ id, action, reason }: { id: string; action: TBanAction; reason?: string }) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    ...(action === 'ban' ? { body: { reason: reason ?? '' } } : {}),
    schema: ZAdminUserDetail.pick({ user: true }),
    operation: action === 'ban' ? 'Banning the user' : 'Unbanning the user',
  });
}

/** Bans (every session of the user ends at once) or unbans; the lists and the profile are re-read. */
export function useSetUserBanned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserBanned,
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUserKeys.lists }),
        queryClient.invalidateQueries({ queryKey: adminUserKeys.detail(id) }),
      ]),
  });
}

export function closeCustomerAccount({ id, reason }: { id: string; reason: string }) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(id)}/close`, {
    method: 'POST',
    body: { reason },
    schema: ZCloseAccountResponse,
    operation: 'Closing the account',
  });
}

/**
 * Closes a customer's account (super admin, docs/decisions/017): signed out, never able to sign in
 * again, records kept for the retention period. The lists and the profile are re-read.
 */
export function useCloseCustomerAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeCustomerAccount,
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUserKeys.lists }),
        queryClient.invalidateQueries({ queryKey: adminUserKeys.detail(id) }),
      ]),
  });
}
