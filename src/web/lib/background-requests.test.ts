import { focusManager, onlineManager, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAIT } from '#test/helpers/timeouts.js';
import { ACCOUNT_STATE_HEADER } from '#shared/account-state.js';
import { BACKGROUND_REQUEST_HEADER } from '#shared/session-activity.js';
import { answerFromLocalPeer } from '#test/helpers/local-api-peer.js';
import { apiRequest, listenToPersonActivity } from './api';
import { runInBackground } from './background-requests';
import { createQueryClient } from './query-client';

/*
 * Which requests say they are background ones (docs/decisions/020): TanStack Query's refetches on
 * an interval, on focus and on reconnect, and what a push message refreshes, carry
 * X-Background-Request: 1; a page's first read, a refetch the person asks for and every change do
 * not. The server is a local HTTP peer that notes each request's header.
 */
describe('background requests', () => {
  let seen: { url: string; background: string | undefined }[];
  let client: QueryClient;
  let unsubscribers: (() => void)[];

  beforeEach(() => {
    seen = [];
    unsubscribers = [];
    client = createQueryClient();
    client.mount(); // as QueryClientProvider does: it hears focus and reconnect
  });
  answerFromLocalPeer({
    page: '/admin/dashboard',
    // Each test's peer listens on a new port 0, which the system may hand out again: happy-dom's
    // fetch can then try a kept-alive socket of the previous test's closed peer first, which
    // hangs up, and the query retries on a new one. Nothing else is expected.
    expectedErrors: /^Error: socket hang up$/,
    handle: (request, _body, response) => {
      const header = request.headers[BACKGROUND_REQUEST_HEADER];
      seen.push({ url: request.url ?? '', background: typeof header === 'string' ? header : undefined });
      response.setHeader('content-type', 'application/json');
      // No kept-alive socket for the peer's close to cut under a next request ("socket hang up").
      response.setHeader('connection', 'close');
      response.setHeader(ACCOUNT_STATE_HEADER, 'u1:support:2fa');
      response.writeHead(200).end(JSON.stringify({ ok: true }));
    },
  });
  // Registered after the peer's hooks, so it runs before the peer closes: no request left in flight.
  afterEach(async () => {
    for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
    await vi.waitFor(() => expect(client.isFetching()).toBe(0), WAIT);
    client.unmount();
    client.clear();
    listenToPersonActivity(undefined);
  });

  function observe(url: string, options: { refetchInterval?: number; awaitFirst?: boolean } = {}) {
    const observer = new QueryObserver(client, {
      queryKey: [url],
      queryFn: async ({ signal }) => {
        // A query function that awaits something before its request: the fetch's signal says it.
        if (options.awaitFirst) await Promise.resolve();
        return apiRequest(url, { signal });
      },
      staleTime: 0,
      refetchInterval: options.refetchInterval ?? false,
    });
    unsubscribers.push(observer.subscribe(() => undefined));
    return observer;
  }
  const requestsTo = (url: string) => seen.filter((request) => request.url === url);

  it('a first read is a person\u2019s; the refetches on an interval are background ones', async () => {
    observe('/api/polled', { refetchInterval: 30 });
    observe('/api/polled-late', { refetchInterval: 30, awaitFirst: true });
    await vi.waitFor(() => {
      expect(requestsTo('/api/polled').length).toBeGreaterThanOrEqual(3);
      expect(requestsTo('/api/polled-late').length).toBeGreaterThanOrEqual(3);
    }, WAIT);
    for (const url of ['/api/polled', '/api/polled-late']) {
      const [first, ...refetches] = requestsTo(url);
      expect(first?.background, url).toBeUndefined();
      expect(new Set(refetches.map((r) => r.background)), url).toEqual(new Set(['1']));
    }
  });

  it('refetches on focus and on reconnect are background ones; a refetch the person asks for is not', async () => {
    const observer = observe('/api/on-focus');
    await vi.waitFor(() => expect(requestsTo('/api/on-focus')).toHaveLength(1), WAIT);
    await observer.getCurrentQuery().promise;

    window.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(requestsTo('/api/on-focus')).toHaveLength(2), WAIT);
    expect(requestsTo('/api/on-focus')[1]?.background).toBe('1');
    // Its answer is in before the reconnect: a refetch then would cancel the one in flight.
    await vi.waitFor(() => expect(client.isFetching()).toBe(0), WAIT);

    onlineManager.setOnline(false);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(requestsTo('/api/on-focus')).toHaveLength(3), WAIT);
    expect(requestsTo('/api/on-focus')[2]?.background).toBe('1');
    await vi.waitFor(() => expect(client.isFetching()).toBe(0), WAIT);

    await observer.refetch();
    expect(requestsTo('/api/on-focus')[3]?.background).toBeUndefined();
    expect(focusManager.isFocused()).toBe(true);
  });

  it('what a push message refreshes is background; a change is always the person\u2019s, and only person requests count as activity', async () => {
    let activity = 0;
    listenToPersonActivity(() => (activity += 1));
    observe('/api/queue');
    await vi.waitFor(() => expect(requestsTo('/api/queue')).toHaveLength(1), WAIT);
    expect(activity).toBe(1);

    await runInBackground(() => client.invalidateQueries({ queryKey: ['/api/queue'] }));
    expect(requestsTo('/api/queue')[1]?.background).toBe('1');
    expect(activity).toBe(1);

    await runInBackground(() => apiRequest('/api/orders/1/approve', { method: 'POST', body: {} }));
    expect(requestsTo('/api/orders/1/approve')[0]?.background).toBeUndefined();
    expect(activity).toBe(2);
  });
});
