import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import { STAFF_LIVE_MSG } from '#shared/contracts/staff-live.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { NotificationsPage } from './notifications-page';

/*
 * A staff member's own notifications (docs/decisions/032): read from the server, off by default,
 * each switch saved on the server; the desktop one needs the browser's Notification API (happy-dom
 * has none: the person is told, nothing is saved). The server is a local HTTP peer.
 */

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <NotificationsPage />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the Notifications page', () => {
  const { seen, answers } = recordingJsonPeer({
    page: '/admin/notifications',
    expectedErrors: /^$/,
    fallback: () => ({ status: 200, body: { sound: false, desktop: false } }),
  });

  it('shows both off by default and saves the sound when switched on', async () => {
    const user = userEvent.setup();
    renderPage();
    const sound = await screen.findByRole('switch', { name: STAFF_LIVE_MSG.soundLabel });
    expect(sound.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: STAFF_LIVE_MSG.desktopLabel }).getAttribute('aria-checked')).toBe('false');
    answers.push({ status: 200, body: { sound: true, desktop: false } });
    await user.click(sound);
    expect(await screen.findByText(STAFF_LIVE_MSG.saved)).toBeTruthy();
    expect(screen.getByRole('switch', { name: STAFF_LIVE_MSG.soundLabel }).getAttribute('aria-checked')).toBe('true');
    expect(seen.map((request) => request.path)).toEqual(['/api/admin/me/notifications', '/api/admin/me/notifications']);
    expect(seen[1]?.body).toEqual({ sound: true, desktop: false });
  });

  it('says so and saves nothing when the browser cannot show desktop notifications', async () => {
    const user = userEvent.setup();
    expect(typeof (globalThis as { Notification?: unknown }).Notification).toBe('undefined');
    renderPage();
    await user.click(await screen.findByRole('switch', { name: STAFF_LIVE_MSG.desktopLabel }));
    expect(await screen.findByText(STAFF_LIVE_MSG.unsupported)).toBeTruthy();
    expect(seen).toHaveLength(1);
  });
});
