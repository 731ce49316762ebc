import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { ResetPasswordPage } from './reset-password-page';

/*
 * The password-reset link's page (issue 26 point 16): the link is checked as the page opens, so
 * a used or expired link says so at once instead of after a new password was typed. The server
 * is a local peer; what it decides is tested in src/server/modules/auth/auth.test.ts.
 */

const INVALID = { status: 400, body: { error: { code: 'INVALID_TOKEN', message: MSG.resetInvalid } } };

describe('/reset-password', () => {
  const peer = recordingJsonPeer({
    page: '/',
    expectedErrors: /^POST http:\/\/127\.0\.0\.1:\d+\/api\/account\/reset-password(\/check)? \d{3} /,
    fallback: () => ({ status: 200, body: { ok: true } }),
  });

  function renderPage() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const router = createMemoryRouter(
      [
        { path: '/reset-password', element: <ResetPasswordPage /> },
        { path: '/forgot-password', element: <h1>Forgot password</h1> },
        { path: '/login', element: <h1>Log in</h1> },
      ],
      { initialEntries: ['/reset-password?token=reset-token'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it('says at once that a used or expired link is invalid, without the password form', async () => {
    peer.answers.push(INVALID);
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.resetInvalid);
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeTruthy();
    expect(peer.seen).toEqual([{ path: '/api/account/reset-password/check', body: { token: 'reset-token' } }]);
  });

  it('shows the form for a link that can be used, and resets the password', async () => {
    renderPage();
    await userEvent.type(await screen.findByLabelText('New password'), 'Akosua-New-Passw0rd');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Akosua-New-Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MSG.resetDone)).toBeTruthy();
    expect(peer.seen.map((request) => request.path)).toEqual(['/api/account/reset-password/check', '/api/account/reset-password']);
  });
});
