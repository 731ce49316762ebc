import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TResponseCheck } from '#shared/shape-check.js';
import type { TPortfolio } from '#shared/contracts/dashboard.js';
import { apiRequest, LazySchema } from '#web/lib/api.js';
import { refetchOnMountUnlessJustRead } from '#web/lib/query-client.js';

/*
 * GET /api/portfolio. It lives with the trade API because placing an order invalidates it; the
 * dashboard is its reader. (It would sit in features/dashboard/api/ once that folder exists.)
 * No zod or contracts at import: the route loader of the dashboard (app/route-loaders.ts) uses
 * these options from the first download; the schemas load with the page's code (lib/api.ts LazySchema).
 */

export const PORTFOLIO_QUERY_KEY = ['portfolio'] as const;
export const portfolioQueryKey = (userId: string) => [...PORTFOLIO_QUERY_KEY, userId] as const;

/** docs/product.md §3, local cache keys 'portfolioSummary:{id}' and 'recentOrders:{id}'. */
export const portfolioSummaryCacheKey = (userId: string) => `portfolioSummary:${userId}`;
export const recentOrdersCacheKey = (userId: string) => `recentOrders:${userId}`;

const portfolioSchema = new LazySchema(() => import('#shared/contracts/dashboard.js').then((m) => m.ZPortfolio));
const summarySchema = new LazySchema(() => import('#shared/contracts/dashboard.js').then((m) => m.ZPortfolio.omit({ recentOrders: true })));
const recentOrdersSchema = new LazySchema(() => import('#shared/contracts/orders.js').then((m) => m.ZOrder.array()));

/** What the dashboard shows when the portfolio cannot be read (docs/product.md §8: zeros). */
export const EMPTY_PORTFOLIO: TPortfolio = { holdings: [], totalGhs: '0', change24hPercent: '0', recentOrders: [] };

function readJson<T>(key: string, schema: TResponseCheck<T> | undefined): T | undefined {
  if (!schema) return undefined;
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return undefined;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the cache is only a convenience.
  }
}

/** Resolves once readCachedPortfolio can check what is stored (the contracts have loaded). */
export function loadCachedPortfolioCheck(): Promise<unknown> {
  return Promise.all([summarySchema.load(), recentOrdersSchema.load()]);
}

/** The portfolio saved by the last read; undefined when there is none or its check has not loaded yet (loadCachedPortfolioCheck). */
export function readCachedPortfolio(userId: string): TPortfolio | undefined {
  if (!recentOrdersSchema.current) return undefined;
  const summary = readJson(portfolioSummaryCacheKey(userId), summarySchema.current);
  if (!summary) return undefined;
  return { ...summary, recentOrders: readJson(recentOrdersCacheKey(userId), recentOrdersSchema.current) ?? [] };
}

export async function getPortfolio(userId: string, signal?: AbortSignal): Promise<TPortfolio> {
  const portfolio = await apiRequest('/api/portfolio', { schema: portfolioSchema, operation: 'Loading your balance', signal });
  const { recentOrders, ...summary } = portfolio;
  writeJson(portfolioSummaryCacheKey(userId), summary);
  writeJson(recentOrdersCacheKey(userId), recentOrders);
  return portfolio;
}

export const portfolioQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: portfolioQueryKey(userId),
    queryFn: ({ signal }) => getPortfolio(userId, signal),
    initialData: () => readCachedPortfolio(userId),
    initialDataUpdatedAt: 0,
    staleTime: 0,
    refetchOnMount: refetchOnMountUnlessJustRead,
  });

/** Estimated balance, its 24 h change and the last 3 orders; starts from the local cache. */
export function usePortfolio(userId: string) {
  return useQuery(portfolioQueryOptions(userId));
}
