import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZPortfolio, type TPortfolio } from '#shared/contracts/dashboard.js';
import { ZOrder } from '#shared/contracts/orders.js';
import { apiRequest } from '#web/lib/api.js';

/*
 * GET /api/portfolio. It lives with the trade API because placing an order invalidates it; the
 * dashboard is its reader. (It would sit in features/dashboard/api/ once that folder exists.)
 */

export const PORTFOLIO_QUERY_KEY = ['portfolio'] as const;
export const portfolioQueryKey = (userId: string) => [...PORTFOLIO_QUERY_KEY, userId] as const;

/** docs/product.md §3, local cache keys 'portfolioSummary:{id}' and 'recentOrders:{id}'. */
export const portfolioSummaryCacheKey = (userId: string) => `portfolioSummary:${userId}`;
export const recentOrdersCacheKey = (userId: string) => `recentOrders:${userId}`;

const ZPortfolioSummary = ZPortfolio.omit({ recentOrders: true });
const ZRecentOrders = z.array(ZOrder);

/** What the dashboard shows when the portfolio cannot be read (docs/product.md §8: zeros). */
export const EMPTY_PORTFOLIO: TPortfolio = { holdings: [], totalGhs: '0', change24hPercent: '0', recentOrders: [] };

function readJson<T>(key: string, schema: z.ZodType<T>): T | undefined {
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

export function readCachedPortfolio(userId: string): TPortfolio | undefined {
  const summary = readJson(portfolioSummaryCacheKey(userId), ZPortfolioSummary);
  if (!summary) return undefined;
  return { ...summary, recentOrders: readJson(recentOrdersCacheKey(userId), ZRecentOrders) ?? [] };
}

export async function getPortfolio(userId: string, signal?: AbortSignal): Promise<TPortfolio> {
  const portfolio = await apiRequest('/api/portfolio', { schema: ZPortfolio, operation: 'Loading your balance', signal });
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
  });

/** Estimated balance, its 24 h change and the last 3 orders; starts from the local cache. */
export function usePortfolio(userId: string) {
  return useQuery(portfolioQueryOptions(userId));
}
