import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from '#web/lib/router.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAIT } from '#test/helpers/timeouts.js';
import { IDLE_MSG } from '#shared/session-activity.js';
import { answerFromLocalPeer } from '#test/helpers/local-api-peer.js';
import type { TIdleChannel, TIdleMessage } from '#web/features/admin/session/idle-tracker.js';
import { IdleSessionGuard } from './idle-session-guard';

const MINUTE = 60_000;
const STAFF = {
  id: 'u1',
  email: 'agent@example.com',
  username: 'agent',
  fullName: 'Kofi Agent',
  kycStatus: 'unverified',
  isBanned: false,
  role: 'support',
  twoFactorEnabled: true,
};

/*
 * The back-office's idle warning as a person meets it (docs/decisions/020): on fake time the
 * dialog comes at 28 minutes, "Stay signed in" asks the server (a local HTTP peer) and closes it,
 * and at 30 minutes the tab signs out, tells the other tabs and lands on the admin login.
 */
describe('IdleSessionGuard', () => {
  let seen: string[];
  let posted: TIdleMessage[];
  beforeEach(() => {
    seen = [];
    posted = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  answerFromLocalPeer({
    page: '/admin/orders',
    expectedErrors: /^$/,
    handle: (request, _body, response) => {
      seen.push(`${request.method} ${request.url}`);
      response.setHeader('content-type', 'application/json');
      const body = request.url === '/api/session' ? { user: STAFF } : { ok: true };
      response.writeHead(200).end(JSON.stringify(body));
    },
  });

  function renderGuard() {
    const channel: TIdleChannel = { post: (message) => posted.push(message), subscribe: () => () => {}, close() {} };
    const router = createMemoryRouter(
      [
        { path: '/admin/orders', element: <IdleSessionGuard createChannel={() => channel} /> },
        { path: '/admin/login', element: <LoginStandIn /> },
      ],
      { initialEntries: ['/admin/orders'] },
    );
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it('warns at 28 minutes; Stay signed in makes a request and ends the warning', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    renderGuard();
    await act(() => vi.advanceTimersByTimeAsync(28 * MINUTE - 1_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('dialog', { name: IDLE_MSG.warningTitle })).toBeTruthy();
    expect(screen.getByText(IDLE_MSG.warning(2))).toBeTruthy();

    vi.useRealTimers(); // the request goes over a real socket
    fireEvent.click(screen.getByRole('button', { name: IDLE_MSG.staySignedIn }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(seen).toEqual(['GET /api/session']);
    expect(posted.at(-1)).toMatchObject({ type: 'activity' });
  });

  it('signs out at 30 minutes, tells the other tabs, and says why on the admin login', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    renderGuard();
    await act(() => vi.advanceTimersByTimeAsync(30 * MINUTE));
    expect(posted).toContainEqual({ type: 'signed-out' });
    vi.useRealTimers();
    expect(await screen.findByText(IDLE_MSG.signedOut)).toBeTruthy();
    expect(seen).toEqual(['POST /api/session/logout']);
  });
});

function LoginStandIn() {
  const state = useLocation().state as { reason?: string } | null;
  return <p>{state?.reason === 'idle' ? IDLE_MSG.signedOut : 'Admin Login'}</p>;
}
