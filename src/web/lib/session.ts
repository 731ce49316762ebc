import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TProfile, TSessionResponse } from '#shared/contracts/account.js';
import { isStaffRole } from '#shared/permissions.js';
import { apiRequest, TIMEOUTS } from './api';
import { paths } from './paths';
import { runInBackground } from './background-requests';

/** localStorage key of the profile shown instantly at start, then refreshed from the server. */
const CACHED_PROFILE_KEY = 'cachedProfile';

export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * Structural check of a profile (from localStorage or the server). Not zod on purpose: the
 * session is loaded on every page, and the landing page must stay light on mobile data.
 */
function isProfile(value: unknown): value is TProfile {
  const p = value as Partial<TProfile> | null;
  return (
    typeof p?.id === 'string' &&
    typeof p.email === 'string' &&
    typeof p.username === 'string' &&
    typeof p.fullName === 'string' &&
    typeof p.kycStatus === 'string' &&
    typeof p.isBanned === 'boolean'
  );
}

export function readCachedProfile(): TProfile | null {
  try {
    const raw = localStorage.getItem(CACHED_PROFILE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isProfile(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeCachedProfile(user: TProfile | null): void {
  try {
    if (user) localStorage.setItem(CACHED_PROFILE_KEY, JSON.stringify(user));
    else localStorage.removeItem(CACHED_PROFILE_KEY);
  } catch {
    // Storage can be full or disabled (private mode); the cache is only a convenience.
  }
}

/** Everything this app keeps in the browser goes at logout (shared computers are common). */
export function clearLocalCaches(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

export async function getSession(signal?: AbortSignal): Promise<TProfile | null> {
  const { user } = await apiRequest<TSessionResponse>('/api/session', {
    operation: 'Profile load',
    timeoutMs: TIMEOUTS.profileLoad,
    signal,
  });
  if (user !== null && !isProfile(user)) throw new Error('Unexpected session answer');
  writeCachedProfile(user);
  return user;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => getSession(signal),
    // The cached profile shows at once; updatedAt 0 makes it stale so the server is asked too.
    initialData: () => readCachedProfile() ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
    retry: false,
  });

/**
 * The signed-in person (null when anonymous), whether the first answer is still awaited
 * (nothing cached either), and whether the server has answered since the page loaded.
 * `user` may come from the profile cached in localStorage until then: fine to paint a page
 * with, but not to send the person elsewhere on (the server session may be gone, or the role
 * changed). When the server cannot be reached, the cached profile stands.
 */
export function useSession(): { user: TProfile | null; isRestoring: boolean; isConfirmed: boolean } {
  const query = useQuery(sessionQueryOptions());
  return { user: query.data ?? null, isRestoring: query.isPending, isConfirmed: query.dataUpdatedAt > 0 || query.isError };
}

/** How often a visible tab reads the session again while the customer's KYC is pending. */
export const KYC_PENDING_REFRESH_MS = 5_000;

/**
 * A KYC decision reaches an open tab within seconds (issue 16 point 4), without a push: while the
 * customer's KYC is pending the session is read again every few seconds in a visible tab (never
 * in the background), and on every return to the tab while it is not yet verified; when the
 * status changes, what the page shows is read again too (the submission's rejection reason, the
 * trading limit). One observer for the whole app (the root layout): each useSession would
 * otherwise poll on its own timer.
 */
export function useLiveKycStatus(refreshMs: number = KYC_PENDING_REFRESH_MS): void {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...sessionQueryOptions(),
    refetchInterval: (current) => (isCustomerWithKyc(current.state.data, 'pending') ? refreshMs : false),
    refetchOnWindowFocus: (current) => (isCustomerWithKyc(current.state.data, 'unverified', 'pending', 'rejected') ? 'always' : true),
  });
  const customer = query.data && !isStaffRole(query.data.role) ? query.data : null;
  const userId = customer?.id ?? null;
  const kycStatus = customer?.kycStatus ?? null;
  const previous = useRef({ userId, kycStatus });
  useEffect(() => {
    const before = previous.current;
    previous.current = { userId, kycStatus };
    if (userId === null || before.userId !== userId || before.kycStatus === kycStatus) return;
    runInBackground(() => void queryClient.invalidateQueries({ predicate: (other) => other.queryKey[0] !== SESSION_QUERY_KEY[0] }));
  }, [userId, kycStatus, queryClient]);
}

function isCustomerWithKyc(user: TProfile | null | undefined, ...statuses: TProfile['kycStatus'][]): boolean {
  return !!user && !isStaffRole(user.role) && statuses.includes(user.kycStatus);
}

export function setSessionUser(queryClient: QueryClient, user: TProfile | null): void {
  writeCachedProfile(user);
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
}

/** Where a signed-in person belongs: staff to the back-office, customers to their dashboard. */
export function getHomePathFor(user: TProfile): string {
  return isStaffRole(user.role) ? paths.admin.dashboard.getHref() : paths.dashboard.getHref();
}

export function getFirstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}
