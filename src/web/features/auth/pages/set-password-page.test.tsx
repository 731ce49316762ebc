import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import { STAFF_MSG } from '#shared/contracts/staff.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { SetPasswordPage } from './set-password-page';

/*
 * The invitation link's page (issue 16): the link is checked as the page opens, so a used link
 * says so instead of showing a password form that can only fail. The server is a local peer.
 */

const USED = {
  status: 409,
  body: { error: { code: 'INVITATION_ALREADY_ACCEPTED', message: STAFF_MSG.invitationUsed } },
};

describe('/admin/set-password', () => {
  const peer = recordingJsonPeer({
    page: '/',
    expectedErrors: /^POST http:\/\/127\.0\.0\.1:\d+\/api\/account\/(invitation\/check|set-password) \d{3} /,
    fallback: () => ({ status: 200, body: { ok: true } }),
  });

  function renderPage(token = 'invitation-token') {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const router = createMemoryRouter(
      [
        { path: '/admin/set-password', element: <SetPasswordPage /> },
        { path: '/admin/login', element: <h1>Admin login</h1> },
      ],
      { initialEntries: [`/admin/set-password${token ? `?token=${token}` : ''}`] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it('says a used invitation was used, without the password form', async () => {
    peer.answers.push(USED);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Invitation already used' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'This invitation has already been used. Sign in, or ask a super admin for a new invitation.',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the admin login' })).toBeTruthy();
    expect(peer.seen).toEqual([{ path: '/api/account/invitation/check', body: { token: 'invitation-token' } }]);
  });

  it('says an unknown or expired link is invalid', async () => {
    peer.answers.push({ status: 400, body: { error: { code: 'INVALID_TOKEN', message: STAFF_MSG.invitationInvalid } } });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(STAFF_MSG.invitationInvalid);
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('shows the form for a link that can be used, and sets the password', async () => {
    renderPage();
    await userEvent.type(await screen.findByLabelText('New password'), 'Efua-Support-Passw0rd');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Efua-Support-Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect((await screen.findByText(STAFF_MSG.passwordSet)).textContent).toBe(STAFF_MSG.passwordSet);
    expect(peer.seen.map((request) => request.path)).toEqual(['/api/account/invitation/check', '/api/account/set-password']);
  });

  it('says so when the link was used in another tab before the form was sent', async () => {
    peer.answers.push({ status: 200, body: { ok: true } }, USED);
    renderPage();
    await userEvent.type(await screen.findByLabelText('New password'), 'Efua-Support-Passw0rd');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Efua-Support-Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('heading', { name: 'Invitation already used' })).toBeTruthy();
  });
});
