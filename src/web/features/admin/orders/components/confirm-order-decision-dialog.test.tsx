import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COMPLIANCE_MSG } from '#shared/contracts/compliance.js';
import { ORDER_MSG, type TAdminOrder } from '#shared/contracts/orders.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { buildAdminOrder } from '#test/helpers/order-fixtures.js';
import type { TProfile } from '#shared/contracts/account.js';
import { SESSION_QUERY_KEY } from '#web/lib/session.js';
import { businessAccountsKey, type TBusinessAccount } from '#web/features/admin/orders/api/business-accounts.js';
import { adminOrderKeys } from '#web/features/admin/orders/api/query-keys.js';
import { ConfirmOrderDecisionDialog } from './confirm-order-decision-dialog';

/*
 * Approve and Cancel ask for what the decision needs (docs/decisions/014) under the product's
 * question: the payout hash of a buy is judged for the order's network before anything is sent;
 * the server's field message lands on the field; a 409 closes with the product's message. The
 * server is a local HTTP peer that records what it is sent and answers as told.
 */

const BTC_HASH = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';
const EVM_HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

const BUY = buildAdminOrder();
const EVIDENCE = 'MTN statement: 1,500.00 from 0244555000 at 09:08';
/** What a submitted order's approval confirms by default: all of it arrived, with the evidence typed. */
const CONFIRMATION = { amountReceived: '1500.00', evidenceKind: 'statement_line', evidence: EVIDENCE };

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
const ACCOUNTS: TBusinessAccount[] = [
  { id: 3, name: 'MTN MoMo business', detail: 'MTN MoMo 0241112222', isEnabled: true },
  { id: 4, name: 'GCB business', detail: 'GCB Bank 1234567890', isEnabled: false },
];

describe('Approve and Cancel ask for the payout reference and the reason', () => {
  const { seen, answers } = recordingJsonPeer({
    page: '/admin',
    expectedErrors: /^POST http:\/\/127\.0\.0\.1:\d+\/api\/admin\/orders\/\d+\/(approve|cancel) \d{3} /,
    fallback: () => ({ status: 200, body: { order: { ...BUY, status: 'completed' } } }),
  });

  function renderDialog(order: TAdminOrder, decision: 'approve' | 'cancel' | 'confirm' | 'refund') {
    const onDone = vi.fn();
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
    // What the page has read already: the session, the business accounts, and (for a confirmed order) its details.
    client.setQueryData(SESSION_QUERY_KEY, MANAGER);
    client.setQueryData(businessAccountsKey(true), ACCOUNTS);
    client.setQueryData(adminOrderKeys.detail(order.id), {
      order,
      customer: { kycStatus: 'verified', remainingLimitUsd: null, tier: 1, leftTodayGhs: null, leftThisMonthGhs: null },
      timeline: [],
      names: { accounts: { 'asset:momo:3': 'MTN MoMo business' }, confirmedBy: 'Kofi Asare' },
    });
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <ConfirmOrderDecisionDialog order={order} decision={decision} onDone={onDone} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const title = { approve: 'Approve order', cancel: 'Cancel order', confirm: 'Confirm payment', refund: 'Refund order' }[decision];
    return { onDone, dialog: screen.getByRole('dialog', { name: title }) };
  }

  it("keeps the product's question, and refuses a buy's payout hash of another network before sending anything", async () => {
    const user = userEvent.setup();
    const { dialog, onDone } = renderDialog(BUY, 'approve');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Are you sure you want to mark this order as completed?',
    );
    const field = screen.getByLabelText('Payout transaction hash');

    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    expect(await screen.findByText(ORDER_MSG.payoutReferenceRequired)).toBeTruthy();

    await user.type(field, EVM_HASH);
    expect(await screen.findByText(ORDER_MSG.payoutHashFormat('Bitcoin'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(seen).toEqual([]);

    await user.clear(field);
    await user.type(field, ` ${BTC_HASH} `);
    // The payment is confirmed with the payout: its evidence is required.
    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    expect(await screen.findByText(ORDER_MSG.evidenceRequired)).toBeTruthy();
    expect(seen).toEqual([]);
    await user.type(screen.getByLabelText('Evidence'), EVIDENCE);
    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(seen).toEqual([{ path: '/api/admin/orders/9001/approve', body: { payoutReference: BTC_HASH, confirmation: CONFIRMATION } }]);
    expect(await screen.findByText('Order #9001 marked as completed.')).toBeTruthy();
  });

  it("puts the server's field message on the field, and a sell takes a MoMo or bank reference", async () => {
    const user = userEvent.setup();
    const sell = buildAdminOrder({
      type: 'sell',
      status: 'deposit_submitted',
      payTo: null,
      depositTo: { network: 'BTC', address: 'bc1qexample', tag: null, perOrder: false },
    });
    answers.push({
      status: 400,
      body: {
        error: { code: 'VALIDATION', message: 'Too long.', fields: { payoutReference: 'Too long.', 'confirmation.evidence': 'Bad.' } },
      },
    });
    const { onDone } = renderDialog(sell, 'approve');
    const field = screen.getByLabelText('Payout reference');
    await user.type(field, 'MP250110.0915.B12345');
    await user.type(screen.getByLabelText('Evidence'), 'Seen on chain');
    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    // A sell's cedis leave a business account staff name.
    expect(await screen.findByText(ORDER_MSG.paidFromRequired)).toBeTruthy();
    expect(seen).toEqual([]);
    await user.selectOptions(screen.getByLabelText('Paid from'), 'GCB business · GCB Bank 1234567890 (disabled)');
    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    expect(await screen.findByText('Too long.')).toBeTruthy();
    expect(await screen.findByText('Bad.')).toBeTruthy();
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(seen).toEqual([
      {
        path: '/api/admin/orders/9001/approve',
        body: {
          payoutReference: 'MP250110.0915.B12345',
          confirmation: { amountReceived: '0.00150000', evidenceKind: 'chain_transaction', evidence: 'Seen on chain' },
          payout: { paidFrom: 4 },
        },
      },
    ]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends the name on the payment when staff record one, and says so when compliance holds the order', async () => {
    const user = userEvent.setup();
    answers.push({ status: 409, body: { error: { code: 'ORDER_ON_HOLD', message: COMPLIANCE_MSG.onHold } } });
    const { onDone } = renderDialog(BUY, 'approve');
    await user.type(screen.getByLabelText('Payout transaction hash'), BTC_HASH);
    await user.type(screen.getByLabelText('Name on the payment (optional)'), 'Kwame Mensah');
    await user.type(screen.getByLabelText('Evidence'), EVIDENCE);
    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    expect(await screen.findByText(COMPLIANCE_MSG.onHold)).toBeTruthy();
    expect(seen).toEqual([
      {
        path: '/api/admin/orders/9001/approve',
        body: { payoutReference: BTC_HASH, recordedPayerName: 'Kwame Mensah', confirmation: CONFIRMATION },
      },
    ]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('takes the number on the payment with its hint, judged as a Ghana mobile number before anything is sent', async () => {
    const user = userEvent.setup();
    answers.push({ status: 409, body: { error: { code: 'ORDER_ON_HOLD', message: COMPLIANCE_MSG.onHold } } });
    const { onDone } = renderDialog(BUY, 'approve');
    const number = screen.getByLabelText('Number on the payment (optional)');
    expect(screen.getByRole('textbox', { name: 'Number on the payment (optional)' })).toBe(number);
    expect(document.getElementById(number.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toMatch(
      /^The mobile number the payment came from/,
    );
    await user.type(screen.getByLabelText('Payout transaction hash'), BTC_HASH);
    await user.type(screen.getByLabelText('Evidence'), EVIDENCE);
    await user.type(number, '12345');
    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    expect(await screen.findByText(ORDER_MSG.invalidMobile)).toBeTruthy();
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(seen).toEqual([]);

    await user.clear(number);
    await user.type(number, '+233 24 555 0303');
    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    // The number is shared: compliance holds the order; the dialog says so and stays.
    expect(await screen.findByText(COMPLIANCE_MSG.onHold)).toBeTruthy();
    expect(seen).toEqual([
      {
        path: '/api/admin/orders/9001/approve',
        body: { payoutReference: BTC_HASH, recordedPayerNumber: '+233 24 555 0303', confirmation: CONFIRMATION },
      },
    ]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('asks a sell for neither the name nor the number on the payment (it is paid in crypto)', () => {
    renderDialog(buildAdminOrder({ type: 'sell', payTo: null }), 'approve');
    expect(screen.queryByLabelText('Number on the payment (optional)')).toBeNull();
    expect(screen.queryByLabelText('Name on the payment (optional)')).toBeNull();
  });

  it('says so and stays open when compliance is reviewing the order it would cancel', async () => {
    const user = userEvent.setup();
    answers.push({ status: 409, body: { error: { code: 'ORDER_UNDER_REVIEW', message: COMPLIANCE_MSG.underReview } } });
    const { onDone } = renderDialog(BUY, 'cancel');
    await user.type(screen.getByLabelText('Reason'), 'No payment arrived with this reference.');
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(COMPLIANCE_MSG.underReview)).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('tells support a held order waits for a manager, in words that reveal no review, and stays open (issue 26 point 12)', async () => {
    const user = userEvent.setup();
    answers.push({ status: 409, body: { error: { code: 'ORDER_WAITING', message: ORDER_MSG.waitingForManager } } });
    answers.push({ status: 409, body: { error: { code: 'ORDER_WAITING', message: ORDER_MSG.waitingForManager } } });
    const first = renderDialog(BUY, 'approve');
    await user.type(screen.getByLabelText('Payout transaction hash'), BTC_HASH);
    await user.type(screen.getByLabelText('Evidence'), EVIDENCE);
    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    expect(await screen.findByText('This order is waiting; a manager will handle it.')).toBeTruthy();
    // (The hints' general word on monitoring stays: it says nothing of this order.)
    expect(screen.queryByText(/on compliance hold|under compliance review/i)).toBeNull();
    expect(first.onDone).not.toHaveBeenCalled();
    cleanup();

    const second = renderDialog(BUY, 'cancel');
    await user.type(screen.getByLabelText('Reason'), 'No payment arrived with this reference.');
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(ORDER_MSG.waitingForManager)).toBeTruthy();
    expect(screen.queryByText(/compliance|review|hold/i)).toBeNull();
    expect(second.onDone).not.toHaveBeenCalled();
  });

  it("asks Cancel for the reason the customer is told, and closes with the product's message when someone else decided first", async () => {
    const user = userEvent.setup();
    answers.push({ status: 409, body: { error: { code: 'ORDER_ALREADY_DECIDED', message: 'Some other text.' } } });
    const { dialog, onDone } = renderDialog(BUY, 'cancel');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Are you sure you want to mark this order as cancelled?',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(ORDER_MSG.cancelReasonRequired)).toBeTruthy();
    expect(seen).toEqual([]);

    await user.type(screen.getByLabelText('Reason'), 'No payment arrived with this reference.');
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(seen).toEqual([{ path: '/api/admin/orders/9001/cancel', body: { reason: 'No payment arrived with this reference.' } }]);
    expect(await screen.findByText(ORDER_MSG.alreadyProcessed)).toBeTruthy();
  });
  it('asks how to settle a short payment, shows what is due, and says two people are needed as the alert', async () => {
    const user = userEvent.setup();
    answers.push({ status: 409, body: { error: { code: 'TWO_PEOPLE_REQUIRED', message: ORDER_MSG.twoPeopleRequired('GHS 5,000.00') } } });
    const { onDone } = renderDialog(BUY, 'approve');
    expect(screen.getByText('Amount to send:').textContent).toContain('0.0015');
    const amount = screen.getByLabelText('Amount received (GHS)');
    expect((amount as HTMLInputElement).value).toBe('1500.00');
    await user.clear(amount);
    await user.type(amount, '1000');
    const group = screen.getByRole('group', { name: 'GHS 1,000.00 arrived for an order of GHS 1,500.00' });
    // Short: only completing for what arrived (refunding all is Refund).
    expect(within(group).getAllByRole('radio')).toHaveLength(1);
    await user.type(screen.getByLabelText('Payout transaction hash'), BTC_HASH);
    await user.type(screen.getByLabelText('Evidence'), EVIDENCE);
    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    expect(await screen.findByText(ORDER_MSG.settleRequired('GHS 1,000.00', 'GHS 1,500.00'))).toBeTruthy();
    expect(seen).toEqual([]);
    await user.click(within(group).getByRole('radio', { name: 'Complete for the amount received, at the locked price' }));
    expect(screen.getByText('Amount to send:').textContent).toContain('0.001');
    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ORDER_MSG.twoPeopleRequired('GHS 5,000.00'));
    expect(seen).toEqual([
      {
        path: '/api/admin/orders/9001/approve',
        body: { payoutReference: BTC_HASH, confirmation: { ...CONFIRMATION, amountReceived: '1000' }, payout: { settle: 'received' } },
      },
    ]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('Confirm payment sends what arrived and where, and leaves Order Details open', async () => {
    const user = userEvent.setup();
    const { onDone } = renderDialog(BUY, 'confirm');
    expect(screen.queryByLabelText('Payout transaction hash')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Received into'), 'MTN MoMo business · MTN MoMo 0241112222');
    await user.selectOptions(screen.getByLabelText('Evidence from'), 'Provider reference');
    await user.type(screen.getByLabelText('Evidence'), 'MP250110.0908');
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(undefined));
    expect(seen).toEqual([
      {
        path: '/api/admin/orders/9001/confirm-payment',
        body: { amountReceived: '1500.00', receivedInto: 3, evidenceKind: 'provider_reference', evidence: 'MP250110.0908' },
      },
    ]);
    expect(await screen.findByText('Payment of order #9001 confirmed.')).toBeTruthy();
  });

  it('Refund of a confirmed order shows what was confirmed, read only, and asks for the reference and the reason', async () => {
    const user = userEvent.setup();
    const confirmedOrder = buildAdminOrder({
      status: 'payment_confirmed',
      confirmation: {
        amountReceived: '1500.00',
        account: 'asset:momo:3',
        receivedAt: '2025-01-10T09:08:00.000Z',
        evidenceKind: 'statement_line',
        evidence: EVIDENCE,
        confirmedBy: 'staff-kofi',
        confirmedAt: '2025-01-10T09:20:00.000Z',
      },
    });
    const { onDone } = renderDialog(confirmedOrder, 'refund');
    expect(screen.queryByLabelText('Evidence')).toBeNull();
    expect(screen.getByText('MTN MoMo business')).toBeTruthy();
    expect(screen.getByText(/Kofi Asare/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refund order' }));
    expect(await screen.findByText(ORDER_MSG.refundReferenceRequired)).toBeTruthy();
    expect(screen.getByText(ORDER_MSG.refundReasonRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Refund reference'), 'MP250110.1000.R1');
    await user.type(screen.getByLabelText('Reason the customer sees'), 'We could not buy at this price.');
    await user.click(screen.getByRole('button', { name: 'Refund order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('decided'));
    expect(seen).toEqual([
      { path: '/api/admin/orders/9001/refund', body: { reference: 'MP250110.1000.R1', reason: 'We could not buy at this price.' } },
    ]);
  });
});
