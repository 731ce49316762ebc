import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, ShouldRevalidateFunction } from '#web/lib/router.js';
import type { TProfile } from '#shared/contracts/account.js';
import { isStaffRole } from '#shared/permissions.js';
import { tradingLimitQueryOptions } from '#web/features/trade/api/get-limit.js';
import { tradeCoinsQueryOptions } from '#web/features/trade/api/list-coins.js';
import { paymentMethodsQueryOptions } from '#web/features/trade/api/list-payment-methods.js';
import { marketQueryOptions } from '#web/lib/market.js';
import { getOrderDetail, loadCachedOrdersCheck, myOrdersQueryOptions, orderDetailQueryOptions, parseOrderId } from '#web/lib/my-orders.js';
import { loadCachedPortfolioCheck, portfolioQueryOptions } from '#web/lib/portfolio.js';
import { SESSION_QUERY_KEY, sessionQueryOptions } from '#web/lib/session.js';

/*
 * Route loaders of the customer pages: they ask for a page's data while its code downloads, so a
 * phone on mobile data waits for the slower of the two instead of one after the other (issue 17).
 * They never hold the navigation: each starts its requests and returns at once; the page's own
 * queries (the same query options) then find them in flight or answered.
 *
 * Everything imported here is in the first download, the landing page's: the query options are
 * written without zod or the contracts (lib/api.ts LazySchema), which load with the page's code.
 */

type TParams = Record<string, string | undefined>;
type TPrefetch = ((queryClient: QueryClient, user: TProfile, params: TParams) => void) & {
  /**
   * For a page whose data does not depend on who is signed in: starts its requests before the
   * session has answered (a first visit: nothing cached), and returns what gives their answers to
   * the query client once the session says a customer is signed in.
   */
  beforeSession?: (params: TParams) => ((queryClient: QueryClient) => void) | undefined;
};

/**
 * Runs `prefetch` for a signed-in customer: at once when the session is known (the profile cached
 * from the last visit, or the server's answer), once the server has answered otherwise (a first
 * visit: the session request starts here, beside the page's code, instead of after it). Nothing
 * for anonymous visitors (the page sends them to the login) or staff (to their back-office).
 * A page whose data does not depend on the person (`beforeSession`: an order opened from an SMS
 * link) asks for it beside the session instead of after it: one round trip less on a phone
 * (issue 26 point 15, docs/decisions/025); its answers reach the query client only for a customer.
 */
function forCustomer(queryClient: QueryClient, prefetch: TPrefetch, params: TParams): void {
  const answer = queryClient.fetchQuery(sessionQueryOptions()).catch(() => null);
  const known = queryClient.getQueryData<TProfile | null>(SESSION_QUERY_KEY);
  const run = (user: TProfile | null | undefined) => {
    if (user && !isStaffRole(user.role)) prefetch(queryClient, user, params);
  };
  if (known !== undefined) return run(known);
  const adopt = prefetch.beforeSession?.(params);
  void answer.then((user) => {
    if (!user || isStaffRole(user.role)) return;
    if (adopt) adopt(queryClient);
    else run(user);
  });
}

/**
 * Starts `request` now and returns what lets a query take its answer: the query's first read
 * is this request (its answer or its error); a read after that (a retry, a refresh) asks again.
 * A request nobody takes (the session was not a customer's) is dropped, its error with it.
 */
function startEarly<T>(request: () => Promise<T>): { firstRead: (fetchAgain: () => Promise<T>) => () => Promise<T> } {
  const early = request();
  early.catch(noop);
  let isTaken = false;
  return {
    firstRead: (fetchAgain) => () => {
      if (isTaken) return fetchAgain();
      isTaken = true;
      return early;
    },
  };
}

/**
 * Starts a query whose page shows a copy saved on this device (initialData from localStorage):
 * the copy is checked by the contract, which may still be downloading with the page's code, so
 * when the query starts before it has arrived the copy is put in once it can be read (the
 * server's answer, if it came first, is kept).
 */
function prefetchWithSavedCopy(
  queryClient: QueryClient,
  options: { queryKey: readonly unknown[]; initialData?: unknown },
  savedCopyReadable: () => Promise<unknown>,
  prefetch: () => Promise<void>,
): void {
  const hadData = queryClient.getQueryData(options.queryKey) !== undefined;
  void prefetch();
  if (hadData) return;
  void savedCopyReadable().then(() => {
    if (queryClient.getQueryData(options.queryKey) !== undefined) return;
    const saved: unknown = typeof options.initialData === 'function' ? (options.initialData as () => unknown)() : undefined;
    if (saved !== undefined) queryClient.setQueryData(options.queryKey, saved, { updatedAt: 0 });
  }, noop);
}

function noop() {
  // A failed download of the contract: the page's code (which needs it too) reports it.
}

/** /buy and /sell: the coins with their networks, the limit, the market (fee and trading rules); /buy also the payment methods. */
const prefetchTrade =
  (side: 'buy' | 'sell'): TPrefetch =>
  (queryClient) => {
    void queryClient.prefetchQuery(tradeCoinsQueryOptions());
    void queryClient.prefetchQuery(tradingLimitQueryOptions());
    void queryClient.prefetchQuery(marketQueryOptions());
    if (side === 'buy') void queryClient.prefetchQuery(paymentMethodsQueryOptions());
  };

/** /orders/:id: the order and its timeline (nothing for an id that cannot be an order: the page says so). */
const prefetchOrder: TPrefetch = (queryClient, _user, params) => {
  const orderId = parseOrderId(params.id);
  if (orderId !== null) void queryClient.prefetchQuery(orderDetailQueryOptions(orderId));
};
// The order is the same whoever asks (the server answers it to its owner only): asked for beside the session.
prefetchOrder.beforeSession = (params) => {
  const orderId = parseOrderId(params.id);
  if (orderId === null) return undefined;
  const request = startEarly(() => getOrderDetail(orderId));
  return (queryClient) => {
    const options = orderDetailQueryOptions(orderId);
    void queryClient.prefetchQuery({ ...options, queryFn: request.firstRead(() => getOrderDetail(orderId)) });
  };
};

/** /history: the customer's orders. */
const prefetchHistory: TPrefetch = (queryClient, user) => {
  const options = myOrdersQueryOptions(user.id);
  prefetchWithSavedCopy(queryClient, options, loadCachedOrdersCheck, () => queryClient.prefetchQuery(options));
};

/** /dashboard: the balance with the last orders, and the market. */
const prefetchDashboard: TPrefetch = (queryClient, user) => {
  const options = portfolioQueryOptions(user.id);
  prefetchWithSavedCopy(queryClient, options, loadCachedPortfolioCheck, () => queryClient.prefetchQuery(options));
  void queryClient.prefetchQuery(marketQueryOptions());
};

export const prefetchers = {
  buy: prefetchTrade('buy'),
  sell: prefetchTrade('sell'),
  order: prefetchOrder,
  history: prefetchHistory,
  dashboard: prefetchDashboard,
} satisfies Record<string, TPrefetch>;

/** The route `loader` that starts a customer page's requests and returns at once (no data for the route itself). */
export function prefetchLoader(queryClient: QueryClient, prefetch: TPrefetch): LoaderFunction {
  return ({ params }) => {
    forCustomer(queryClient, prefetch, params);
    return null;
  };
}

/**
 * Loaders run again only when the page changes, not when its query string does (the buy page's
 * `?coin=`): the queries themselves decide what is old, and the page keeps them fresh.
 */
export const revalidateOnNewPage: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate;
