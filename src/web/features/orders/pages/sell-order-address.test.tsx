import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TOrder } from '#shared/contracts/orders.js';
import { PER_ORDER_ADDRESS_NOTE } from '#shared/deposit-keys.js';
import { answerFromLocalPeer, sendJson } from '#test/helpers/local-api-peer.js';
import { buildOrder, ORDER_PAGE_CUSTOMER } from '#test/helpers/order-fixtures.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { createMemoryRouter, RouterProvider } from '#web/lib/router.js';
import { SESSION_QUERY_KEY } from '#web/lib/session.js';
import { OrderPage } from './order-page';

/*
 * A sell on a network with a watch-only key (issue 32 point 1, docs/decisions/056): the customer's
 * page shows the order's own address, with its QR code, and says it is for this order only; an
 * order sent to the coin's shared address says nothing of the kind.
 */
const CUSTOMER = ORDER_PAGE_CUSTOMER;
// BIP84's second receive address of the test mnemonic: this order's index 1.
const OWN = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
const sell = (perOrder: boolean): TOrder =>
  buildOrder({
    id: 41,
    type: 'sell',
    payTo: null,
    paymentReference: null,
    walletAddress: null,
    network: 'BTC',
    depositTo: { network: 'BTC', address: OWN, tag: null, perOrder },
    payout: { type: 'momo', provider: 'MTN MoMo', name: 'Akosua Asantewaa', number: '0241234567' },
    status: 'awaiting_deposit',
    deadlineAt: '2099-01-01T00:00:00.000Z',
  });

describe("a sell order's own deposit address", () => {
  let order = sell(true);
  answerFromLocalPeer({
    page: '/',
    expectedErrors: /^$/,
    handle: (request, _body, response) => {
      if (request.url === '/api/session') return sendJson(response, { status: 200, body: { user: CUSTOMER } });
      if (request.url === '/api/orders/41')
        return sendJson(response, { status: 200, body: { order, timeline: [], now: new Date().toISOString() } });
      sendJson(response, { status: 200, body: {} });
    },
  });

  function renderOrder(shown: TOrder) {
    order = shown;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(SESSION_QUERY_KEY, CUSTOMER);
    const router = createMemoryRouter([{ path: '/orders/:id', Component: OrderPage }], { initialEntries: ['/orders/41'] });
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>,
    );
  }

  it('shows the address derived for the order, its QR code, and that it is for this order only', async () => {
    renderOrder(sell(true));
    const address = await screen.findByLabelText('Bitcoin deposit address');
    expect(address.textContent).toBe(OWN);
    expect(screen.getByText(PER_ORDER_ADDRESS_NOTE)).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'QR code of the Bitcoin deposit address' })).toBeTruthy();
  });

  it('says nothing of the kind for the coin’s shared address', async () => {
    renderOrder(sell(false));
    expect((await screen.findByLabelText('Bitcoin deposit address')).textContent).toBe(OWN);
    expect(screen.queryByText(PER_ORDER_ADDRESS_NOTE)).toBeNull();
  });
});
