import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TAdminUserDetail } from '#shared/contracts/admin.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { ConfirmCloseAccountDialog } from './confirm-close-account-dialog';
import { COMPLIANCE_MSG } from '#shared/contracts/compliance.js';
import { UserProfileDialog } from './user-profile-dialog';

/*
 * Closing a customer's account from the User Profile (super admin, docs/decisions/017): the
 * profile offers Close account only when the page passes the action (the role may close), asks
 * the product's question, posts the closure; a closed account shows Closed with its date and no
 * Ban, Unban or Close (it can never be reopened). The API is a local HTTP peer.
 */

const ACTIVE: TAdminUserDetail = {
  user: {
    id: 'user-1',
    username: 'ama',
    fullName: 'Ama Owusu',
    email: 'ama@example.com',
    phone: '+233241234567',
    kycStatus: 'verified',
    tradingVolumeUsd: '120.00',
    isBanned: false,
    createdAt: '2026-01-10T09:00:00.000Z',
    closedAt: null,
    banReason: null,
  },
  recentOrders: [],
};
const CLOSED: TAdminUserDetail = {
  user: { ...ACTIVE.user, id: 'user-2', isBanned: true, closedAt: '2026-11-20T10:00:00.000Z' },
  recentOrders: [],
};

function renderWithClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>,
  );
}

describe('closing an account', () => {
  const { seen, answers } = recordingJsonPeer({
    page: '/admin/users',
    expectedErrors: /^POST http:\/\/127\.0\.0\.1:\d+\/api\/admin\/users\/\S+\/close \d{3} /,
    fallback: (request) => {
      if (request.url === '/api/admin/users/user-1') return { status: 200, body: ACTIVE };
      if (request.url === '/api/admin/users/user-2') return { status: 200, body: CLOSED };
      if (request.url === '/api/admin/users/user-1/close') return { status: 200, body: { closedAt: '2026-11-27T12:00:00.000Z' } };
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } };
    },
  });

  it('is offered in the profile of an open account to a role that may close, next to Ban', async () => {
    const user = userEvent.setup();
    const onCloseAccount = vi.fn();
    renderWithClient(<UserProfileDialog id="user-1" onClose={() => {}} onBanAction={() => {}} onCloseAccount={onCloseAccount} />);
    const dialog = screen.getByRole('dialog', { name: 'User Profile' });
    await user.click(await within(dialog).findByRole('button', { name: 'Close account' }));
    expect(onCloseAccount).toHaveBeenCalledWith(ACTIVE.user);
    expect(within(dialog).getByRole('button', { name: 'Ban' })).toBeTruthy();
  });

  it('is not offered to a role that may not close', async () => {
    renderWithClient(<UserProfileDialog id="user-1" onClose={() => {}} onBanAction={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'User Profile' });
    expect(await within(dialog).findByRole('button', { name: 'Ban' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Close account' })).toBeNull();
  });

  it('shows a closed account as Closed with its date, with no Ban, Unban or Close account', async () => {
    renderWithClient(<UserProfileDialog id="user-2" onClose={() => {}} onBanAction={() => {}} onCloseAccount={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'User Profile' });
    expect(await within(dialog).findByText('Closed on')).toBeTruthy();
    expect(within(dialog).getByText('Closed')).toBeTruthy();
    for (const name of ['Ban', 'Unban', 'Close account']) expect(within(dialog).queryByRole('button', { name })).toBeNull();
  });

  it("asks the product's question, says closing is final, and posts the closure", async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    renderWithClient(<ConfirmCloseAccountDialog user={ACTIVE.user} onDone={onDone} />);
    const dialog = screen.getByRole('dialog', { name: 'Close account' });
    expect(within(dialog).getByText('Are you sure you want to close this account?')).toBeTruthy();
    expect(within(dialog).getByText(/A closed account cannot be reopened\./)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Asked to leave.');
    await user.click(within(dialog).getByRole('button', { name: 'Close account' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(seen.map((request) => request.path)).toEqual(['/api/admin/users/user-1/close']);
    expect(seen[0]!.body).toEqual({ reason: 'Asked to leave.' });
    expect(await screen.findByText("Ama Owusu's account has been closed.")).toBeTruthy();
  });

  it('shows the refusal of an account with paid orders waiting in the dialog, and stays open (issue 27)', async () => {
    const user = userEvent.setup();
    answers.push({ status: 409, body: { error: { code: 'ACCOUNT_HAS_PAID_ORDERS', message: COMPLIANCE_MSG.openPaidOrders } } });
    const onDone = vi.fn();
    renderWithClient(<ConfirmCloseAccountDialog user={ACTIVE.user} onDone={onDone} />);
    const dialog = screen.getByRole('dialog', { name: 'Close account' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Asked to leave.');
    await user.click(within(dialog).getByRole('button', { name: 'Close account' }));
    expect(await within(dialog).findByText(COMPLIANCE_MSG.openPaidOrders)).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows a refusal in the dialog and stays open', async () => {
    const user = userEvent.setup();
    answers.push({ status: 409, body: { error: { code: 'ACCOUNT_ALREADY_CLOSED', message: 'This account is closed already.' } } });
    const onDone = vi.fn();
    renderWithClient(<ConfirmCloseAccountDialog user={ACTIVE.user} onDone={onDone} />);
    const dialog = screen.getByRole('dialog', { name: 'Close account' });
    await user.click(within(dialog).getByRole('button', { name: 'Close account' }));
    expect(await within(dialog).findByText('This account is closed already.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
