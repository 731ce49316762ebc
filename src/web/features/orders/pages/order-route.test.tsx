import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import { answerFromLocalPeer, sendJson } from '#test/helpers/local-api-peer.js';
import { ORDER_PAGE_CUSTOMER } from '#test/helpers/order-fixtures.js';
import { SESSION_QUERY_KEY } from '#web/lib/session.js';
import { OrderRoute } from './order-route';

/*
 * The order page from a link (issue 26 point 15, docs/decisions/055): its frame paints before the
 * page's code has loaded, and an answer that is not an order is never shown as one.
 */

const CUSTOMER = ORDER_PAGE_CUSTOMER;

answerFromLocalPeer({
  page: '/',
  // Every answer is a 200: no request error is expected.
  expectedErrors: /^$/,
  handle: (request, _body, response) => {
    if (request.url === '/api/session') sendJson(response, { status: 200, body: { user: CUSTOMER } });
    // An answer with the order's outline but not its contract: amounts as numbers, no timeline.
    else sendJson(response, { status: 200, body: { order: { id: 12, type: 'buy', amountFiat: 100, status: 'pending' }, now: 'x' } });
  },
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_QUERY_KEY, CUSTOMER);
  const router = createMemoryRouter([{ path: '/orders/:id', Component: OrderRoute }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the order page from a link', () => {
  it('shows its frame, "Order #12" and "Loading the order…", before the page\'s code has loaded', () => {
    renderAt('/orders/12');
    // Synchronously, at the first render: the page's chunk cannot have loaded yet.
    expect(screen.getByRole('heading', { level: 1, name: 'Order #12' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading the order…');
  });

  it('says the order could not be loaded when the answer is not an order, and shows none of it', async () => {
    renderAt('/orders/12');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: /^(Buy|Sell) order #12$/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/GHS|Time left to pay|I have paid/);
  });
});
