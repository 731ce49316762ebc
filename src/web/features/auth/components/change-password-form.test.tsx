import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import type { TProfile } from '#shared/contracts/account.js';
import { MSG } from '#shared/messages.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { ChangePasswordForm } from './change-password-form';

/* Change password (issue 26, docs/decisions/023): the rules before sending, the server's refusal on its field. */

const PROFILE: TProfile = {
  id: 'u1',
  username: 'ama',
  fullName: 'Ama Mensah',
  email: 'ama@example.com',
  phone: null,
  kycStatus: 'unverified',
  tradingVolumeUsd: '0.00',
  isBanned: false,
  role: null,
  twoFactorEnabled: false,
  passwordChangeRequested: false,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('change password form', () => {
  const { seen, answers } = recordingJsonPeer({
    page: '/security',
    expectedErrors: /^POST http:\/\/127\.0\.0\.1:\d+\/api\/account\/password \d{3} /,
    fallback: () => ({ status: 200, body: { user: PROFILE } }),
  });

  function renderForm(isStaff: boolean) {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <ToastProvider>
            <ChangePasswordForm isStaff={isStaff} />
          </ToastProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
  }

  it('asks for 12 characters and a matching confirmation before it sends anything', async () => {
    const user = userEvent.setup();
    renderForm(false);
    await user.type(screen.getByLabelText('Current password'), 'Old-pass1');
    await user.type(screen.getByLabelText('New password'), 'Short-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'Short-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MSG.passwordTooShort)).toBeTruthy();
    expect(screen.getByText(MSG.passwordsDoNotMatch)).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('sends the change, shows the server refusal on the current password, then succeeds', async () => {
    const user = userEvent.setup();
    answers.push({
      status: 401,
      body: {
        error: { code: 'INVALID_CREDENTIALS', message: MSG.currentPasswordWrong, fields: { currentPassword: MSG.currentPasswordWrong } },
      },
    });
    renderForm(false);
    await user.type(screen.getByLabelText('Current password'), 'Old-pass1');
    await user.type(screen.getByLabelText('New password'), 'Volta-river-sunrise-9');
    await user.type(screen.getByLabelText('Confirm new password'), 'Volta-river-sunrise-9');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MSG.currentPasswordWrong)).toBeTruthy();
    expect(seen.at(-1)).toEqual({
      path: '/api/account/password',
      body: { currentPassword: 'Old-pass1', newPassword: 'Volta-river-sunrise-9' },
    });

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'Old-pass2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await within(screen.getByRole('region', { name: 'Notifications' })).findByText(MSG.passwordChanged)).toBeTruthy();
  });

  it('asks staff for the authenticator code and sends it', async () => {
    const user = userEvent.setup();
    renderForm(true);
    await user.type(screen.getByLabelText('Current password'), 'Staff-Passw0rd!');
    await user.type(screen.getByLabelText('New password'), 'Staff-new-Passw0rd-2');
    await user.type(screen.getByLabelText('Confirm new password'), 'Staff-new-Passw0rd-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MSG.authenticatorCodeFormat)).toBeTruthy();
    expect(seen).toHaveLength(0);
    await user.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await within(screen.getByRole('region', { name: 'Notifications' })).findByText(MSG.passwordChanged)).toBeTruthy();
    expect(seen.at(-1)?.body).toEqual({ currentPassword: 'Staff-Passw0rd!', newPassword: 'Staff-new-Passw0rd-2', code: '123456' });
  });
});
