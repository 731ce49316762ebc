import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TProfile } from '#shared/contracts/account.js';
import { COMPLIANCE_MSG } from '#shared/contracts/compliance.js';
import { ORDER_MSG, type TAdminOrder, type TAdminOrderDetail } from '#shared/contracts/orders.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { SESSION_QUERY_KEY } from '#web/lib/session.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { buildAdminOrder } from '#test/helpers/order-fixtures.js';
import { adminOrderKeys } from '#web/features/admin/orders/api/query-keys.js';
import { OrderDetailsDialog } from './order-details-dialog';

/*
 * Issue 27 points 1 and 2 (docs/decisions/029): Approve in Order Details is disabled, with the
 * reason on screen, on a held order, on a closed or banned account's order, while someone else
 * pays it, and before a claim; the claimant may approve. Failed before: Approve was enabled on a
 * held order and its dialog asked for the payout hash.
 */

const MANAGER: TProfile = {
  id: 'staff-efua',
  username: 'efua',
  fullName: 'Efua Boateng',
  email: 'efua@example.com',
  phone: null,
  kycStatus: 'unverified',
  tradingVolumeUsd: '0',
  isBanned: false,
  role: 'manager',
  twoFactorEnabled: true,
  emailVerified: true,
  passwordChangeRequested: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();

function detailOf(order: TAdminOrder, names?: TAdminOrderDetail['names']): TAdminOrderDetail {
  return {
    order,
    customer: { kycStatus: 'verified', remainingLimitUsd: null, tier: 1, leftTodayGhs: '5000.00', leftThisMonthGhs: '50000.00' },
    timeline: [],
    ...(names ? { names } : {}),
  };
}

describe('Order Details: Approve only for the live claimant of an order nothing blocks', async () => {
  // The server answers each order's details as the test set them (the details are read again on opening).
  const details = new Map<number, TAdminOrderDetail>();
  const { seen } = recordingJsonPeer({
    page: '/admin/orders',
    expectedErrors: /^POST http:\/\/127\.0\.0\.1:\d+\/api\//,
    fallback: (request) => {
      const detail = details.get(Number(/^\/api\/admin\/orders\/(\d+)$/.exec(request.url ?? '')?.[1]));
      return detail
        ? { status: 200, body: detail }
        : { status: 404, body: { error: { code: 'NOT_FOUND', message: ORDER_MSG.orderNotFound } } };
    },
  });
  afterEach(cleanup);

  async function renderDetails(order: TAdminOrder, names?: TAdminOrderDetail['names']) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
    client.setQueryData(SESSION_QUERY_KEY, MANAGER);
    details.set(order.id, detailOf(order, names));
    client.setQueryData(adminOrderKeys.detail(order.id), detailOf(order, names));
    const onDecide = vi.fn();
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <OrderDetailsDialog id={order.id} shown={order} onClose={() => {}} onDecide={onDecide} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    // The details are read again on opening: wait for that answer, as the page would.
    await waitFor(() => expect(client.isFetching()).toBe(0));
    const dialog = screen.getByRole('dialog', { name: 'Order Details' });
    return { dialog, onDecide, approve: within(dialog).getByRole('button', { name: 'Approve order' }) };
  }

  /** The button is disabled and described by the reason, which is on screen (not a tooltip). */
  function expectDisabledWith(approve: HTMLElement, reason: string) {
    expect((approve as HTMLButtonElement).disabled).toBe(true);
    const described = document.getElementById(approve.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(reason);
    expect(described?.className).not.toContain('sr-only');
  }

  it('disables Approve on a held order with the hold as the reason, and offers no claim', async () => {
    const order = buildAdminOrder({ complianceHold: true, customerAccount: 'active', claim: null });
    const { dialog, approve } = await renderDetails(order);
    expectDisabledWith(approve, COMPLIANCE_MSG.onHold);
    expect(within(dialog).getAllByText('On compliance hold').length).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('button', { name: 'Claim to pay out' })).toBeNull();
  });

  it.each([
    ['closed', ORDER_MSG.accountClosed],
    ['banned', ORDER_MSG.accountBanned],
  ] as const)('disables Approve on the order of a %s account', async (customerAccount, reason) => {
    const { approve } = await renderDetails(buildAdminOrder({ id: 41, complianceHold: false, customerAccount, claim: null }));
    expectDisabledWith(approve, reason);
  });

  it('disables Approve while another agent pays, names them, and lets a manager take over', async () => {
    const claim = { staffId: 'staff-kofi', staffName: 'Kofi', claimedAt: new Date().toISOString(), expiresAt: inTenMinutes() };
    const { dialog, approve } = await renderDetails(buildAdminOrder({ id: 42, customerAccount: 'active', claim }));
    expectDisabledWith(approve, ORDER_MSG.claimedByOther('Kofi'));
    expect(within(dialog).getByText(ORDER_MSG.payingNow('Kofi'))).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Take over from Kofi' })).toBeTruthy();
  });

  it('asks for a claim first, and lets the claimant approve', async () => {
    const user = userEvent.setup();
    const unclaimed = await renderDetails(buildAdminOrder({ id: 43, customerAccount: 'active', claim: null }));
    expectDisabledWith(unclaimed.approve, ORDER_MSG.claimFirst);
    expect(within(unclaimed.dialog).getByRole('button', { name: 'Claim to pay out' })).toBeTruthy();
    cleanup();

    const claim = { staffId: MANAGER.id, staffName: 'Efua Boateng', claimedAt: new Date().toISOString(), expiresAt: inTenMinutes() };
    const mine = await renderDetails(buildAdminOrder({ id: 44, customerAccount: 'active', claim }));
    expect((mine.approve as HTMLButtonElement).disabled).toBe(false);
    expect(within(mine.dialog).getByText(ORDER_MSG.payingNow('you'))).toBeTruthy();
    await user.click(mine.approve);
    expect(mine.onDecide).toHaveBeenCalledWith(expect.objectContaining({ id: 44 }), 'approve');
    expect(seen.filter((request) => request.path.endsWith('/approve'))).toEqual([]);
  });

  it('warns the claimant shortly before the claim ends', async () => {
    const claim = {
      staffId: MANAGER.id,
      staffName: 'Efua Boateng',
      claimedAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 90_000).toISOString(),
    };
    const { dialog } = await renderDetails(buildAdminOrder({ id: 45, customerAccount: 'active', claim }));
    expect(within(dialog).getByRole('alert').textContent).toContain(ORDER_MSG.claimEndingSoon(2));
  });
  it('a confirmed order is refunded, not cancelled, and shows its fee and what was confirmed (issue 28)', async () => {
    const claim = { staffId: MANAGER.id, staffName: 'Efua Boateng', claimedAt: new Date().toISOString(), expiresAt: inTenMinutes() };
    const order = buildAdminOrder({
      id: 46,
      status: 'payment_confirmed',
      customerAccount: 'active',
      claim,
      confirmation: {
        amountReceived: '1500.00',
        account: 'asset:momo:3',
        receivedAt: '2025-01-10T09:08:00.000Z',
        evidenceKind: 'provider_reference',
        evidence: 'MP250110.0908',
        confirmedBy: 'staff-kofi',
        confirmedAt: '2025-01-10T09:20:00.000Z',
      },
    });
    const user = userEvent.setup();
    const { dialog, onDecide } = await renderDetails(order, {
      accounts: { 'asset:momo:3': 'MTN MoMo business' },
      confirmedBy: 'Kofi Asare',
    });
    expect(within(dialog).queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Confirm payment' })).toBeNull();
    expect(within(dialog).getByText('GHS 36.59')).toBeTruthy();
    expect(within(dialog).getByText('MTN MoMo business')).toBeTruthy();
    expect(within(dialog).getByText('Provider reference: MP250110.0908')).toBeTruthy();
    expect(within(dialog).getByText(/Kofi Asare/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(onDecide).toHaveBeenCalledWith(expect.objectContaining({ id: 46 }), 'refund');
  });

  it('a submitted order offers Confirm payment without a claim, and Cancel', async () => {
    const user = userEvent.setup();
    const { dialog, onDecide } = await renderDetails(buildAdminOrder({ id: 47, customerAccount: 'active', claim: null }));
    expect(within(dialog).getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expectDisabledWith(within(dialog).getByRole('button', { name: 'Refund' }), ORDER_MSG.claimFirst);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    expect(onDecide).toHaveBeenCalledWith(expect.objectContaining({ id: 47 }), 'confirm');
  });

  // Issue 32 point 1 (docs/decisions/056): a sell's own address, derived from a watch-only key, with its index.
  it('a sell with its own address shows the key and the index it was derived at', async () => {
    const address = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
    const { dialog } = await renderDetails(
      buildAdminOrder({
        id: 48,
        type: 'sell',
        network: 'BTC',
        payTo: null,
        depositTo: { network: 'BTC', address, tag: null, perOrder: true },
        depositDerivation: { keyId: 3, index: 1 },
        customerAccount: 'active',
        claim: null,
      }),
    );
    expect(within(dialog).getByText(address)).toBeTruthy();
    expect(within(dialog).getByText("This order's own address: watch-only key #3, index 1")).toBeTruthy();
  });
});
