import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useMatches } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import { ORDER_MSG } from '#shared/contracts/orders.js';
import { answerFromLocalPeer, sendJson } from '#test/helpers/local-api-peer.js';
import { ORDER_PAGE_CUSTOMER } from '#test/helpers/order-fixtures.js';
import { routeTitle, useDocumentTitle } from '#web/lib/page-title.js';
import { SESSION_QUERY_KEY } from '#web/lib/session.js';
import { OrderPage } from './order-page';

/*
 * An order that is not the customer's, or does not exist (issue 26 point 16): the tab says
 * "Order not found", as the heading does, not the route's "Order #12".
 */

const CUSTOMER = ORDER_PAGE_CUSTOMER;

answerFromLocalPeer({
  page: '/',
  expectedErrors: /^GET http:\/\/127\.0\.0\.1:\d+\/api\/orders\/12 404 /,
  handle: (request, _body, response) => {
    if (request.url === '/api/session') sendJson(response, { status: 200, body: { user: CUSTOMER } });
    else sendJson(response, { status: 404, body: { error: { code: 'NOT_FOUND', message: ORDER_MSG.orderNotFound } } });
  },
});

function Root() {
  useDocumentTitle(routeTitle(useMatches()));
  return <Outlet />;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_QUERY_KEY, CUSTOMER);
  const router = createMemoryRouter(
    [
      {
        Component: Root,
        // The title as src/web/app/router.tsx declares it for the order page.
        children: [
          { path: '/orders/:id', Component: OrderPage, handle: { title: (params: { id?: string }) => `Order #${params.id ?? ''}` } },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('a missing order', () => {
  it('is titled "Order not found" in the tab as in the heading, not "Order #12"', async () => {
    renderAt('/orders/12');
    expect(await screen.findByRole('heading', { level: 1, name: ORDER_MSG.orderNotFound })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Order not found · CediCrypto'));
  });

  it('is titled so for an id that is not a number too', async () => {
    renderAt('/orders/abc');
    expect(await screen.findByRole('heading', { level: 1, name: ORDER_MSG.orderNotFound })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Order not found · CediCrypto'));
  });
});
