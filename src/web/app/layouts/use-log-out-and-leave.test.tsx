import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from '#web/lib/router.js';
import { describe, expect, it, vi } from 'vitest';
import { WAIT } from '#test/helpers/timeouts.js';
import type { TProfile } from '#shared/contracts/account.js';
import { answerFromLocalPeer } from '#test/helpers/local-api-peer.js';
import { routerFlushSync } from '#web/lib/router-flush-sync.js';
import { SESSION_QUERY_KEY } from '#web/lib/session.js';
import { RequireCustomer } from '../guards/require-customer';
import { useLogOutAndLeave } from './use-log-out-and-leave';

const CUSTOMER: TProfile = {
  id: 'c1',
  email: 'ama@example.com',
  username: 'ama',
  fullName: 'Ama Mensah',
  kycStatus: 'unverified',
  isBanned: false,
  phone: null,
  tradingVolumeUsd: '0',
  role: null,
  twoFactorEnabled: false,
  emailVerified: true,
  passwordChangeRequested: false,
  createdAt: '2026-11-01T00:00:00.000Z',
};

/*
 * A customer logging out on their order page lands on the public home, never on the login
 * with ?from= the order (navigation.spec.ts saw that now and then on a busy machine). The
 * home page's render here waits on a promise the test holds, as a busy machine delays it: the
 * signed-out session must not reach the order page's guard, still on screen, in the meantime.
 */
describe('useLogOutAndLeave', () => {
  answerFromLocalPeer({
    page: '/orders/1',
    expectedErrors: /^$/,
    handle: (_request, _body, response) => {
      response.setHeader('content-type', 'application/json');
      response.writeHead(200).end(JSON.stringify({ ok: true }));
    },
  });

  it('leaves the order page before the session goes, so its guard never sends to the login', async () => {
    let showHome = () => {};
    const homeReady = new Promise<void>((resolve) => {
      showHome = resolve;
    });
    function Home() {
      use(homeReady);
      return <h1>Home</h1>;
    }
    function OrderPage() {
      const { run } = useLogOutAndLeave(CUSTOMER);
      return (
        <button type="button" onClick={run}>
          Log out
        </button>
      );
    }
    const router = createMemoryRouter(
      [
        {
          element: (
            <Suspense fallback={<p>Loading…</p>}>
              <Outlet />
            </Suspense>
          ),
          children: [
            { path: '/', element: <Home /> },
            { path: '/login', element: <h1>Log in</h1> },
            { element: <RequireCustomer />, children: [{ path: '/orders/1', element: <OrderPage /> }] },
          ],
        },
      ],
      { initialEntries: ['/orders/1'] },
    );
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    client.setQueryData(SESSION_QUERY_KEY, CUSTOMER);
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} flushSync={routerFlushSync} />
      </QueryClientProvider>,
    );

    const logOut = await screen.findByRole('button', { name: 'Log out' });
    await act(async () => {
      fireEvent.click(logOut);
    });
    await vi.waitFor(() => expect(client.getQueryData(SESSION_QUERY_KEY)).toBeNull(), WAIT);
    await act(async () => {
      showHome();
      await homeReady;
    });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Log in' })).toBeNull();
  });
});
