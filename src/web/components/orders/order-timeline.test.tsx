import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TAdminOrderEvent, TOrder, TOrderEvent } from '#shared/contracts/orders.js';
import { OrderTimeline } from './order-timeline';

/*
 * The timeline of an order (docs/decisions/014) as the customer sees it on the order page and in
 * Order Details, and as staff see it: the same steps, staff names only in the staff view.
 */

const HASH = `0x${'ab'.repeat(32)}`;

const BUY: TOrder = {
  id: 7,
  type: 'buy',
  coinSymbol: 'usdt',
  amountCrypto: '10.00000000',
  amountFiat: '165.00',
  fiatCurrency: 'GHS',
  amountUsd: '10.00',
  amountGhs: '165.00',
  unitPriceUsd: '1.00',
  ghsRate: '16.50',
  unitPriceFiat: '16.50',
  paymentMethod: 'MTN MoMo',
  payTo: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241234567' },
  depositTo: null,
  hasProof: true,
  paymentTxId: 'MP240101.1234',
  paymentReference: 'CCAB2345',
  deadlineAt: '2026-11-24T10:30:00.000Z',
  submittedAt: '2026-11-24T10:05:00.000Z',
  payerNumber: null,
  payerName: null,
  payoutReference: HASH,
  cancelReason: null,
  decidedAt: '2026-11-24T10:20:00.000Z',
  walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  network: 'ERC20',
  destinationTag: null,
  payout: null,
  notes: null,
  status: 'completed',
  createdAt: '2026-11-24T10:00:00.000Z',
  refund: null,
};

const EVENTS: TOrderEvent[] = [
  // Out of order on purpose: the timeline is oldest first whatever the answer's order.
  {
    at: '2026-11-24T10:20:00.000Z',
    from: 'payment_submitted',
    to: 'completed',
    actor: 'staff',
    paymentTxId: null,
    previousPaymentTxId: null,
    payoutReference: HASH,
    reason: null,
  },
  {
    at: '2026-11-24T10:00:00.000Z',
    from: null,
    to: 'awaiting_payment',
    actor: 'customer',
    paymentTxId: null,
    previousPaymentTxId: null,
    payoutReference: null,
    reason: null,
  },
  {
    at: '2026-11-24T10:05:00.000Z',
    from: 'awaiting_payment',
    to: 'payment_submitted',
    actor: 'customer',
    paymentTxId: 'MP240101.1234',
    previousPaymentTxId: null,
    payoutReference: null,
    reason: null,
  },
];

function steps() {
  return within(screen.getByRole('list', { name: 'Order timeline' })).getAllByRole('listitem');
}

describe('OrderTimeline', () => {
  it('shows created, paid with the MoMo TxID, and approved with the explorer link of the payout, in Ghana time', () => {
    render(<OrderTimeline events={EVENTS} order={BUY} />);
    const [created, paid, approved] = steps();
    expect(steps()).toHaveLength(3);
    expect(created?.textContent).toContain('Order created');
    // Africa/Accra is UTC+0 all year.
    expect(created?.textContent).toContain('24 Nov 2026, 10:00');
    expect(created?.textContent).toContain('By you');
    expect(paid?.textContent).toContain('Payment submitted');
    expect(paid?.textContent).toContain('MoMo TxID: MP240101.1234');
    expect(approved?.textContent).toContain('By CediCrypto');
    const link = within(approved!).getByRole('link', { name: /View on explorer/ });
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/tx/${HASH}`);
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows a correction of the transaction id by the customer with the old and the new id (issue 26)', () => {
    const changed: TOrderEvent = {
      at: '2026-11-24T10:07:00.000Z',
      from: 'payment_submitted',
      to: 'payment_submitted',
      actor: 'customer',
      paymentTxId: 'MP240101.9999',
      previousPaymentTxId: 'MP240101.1234',
      payoutReference: null,
      reason: null,
    };
    render(<OrderTimeline events={[EVENTS[1]!, EVENTS[2]!, changed]} order={{ ...BUY, status: 'payment_submitted' }} />);
    const step = steps()[2];
    expect(step?.textContent).toContain('MoMo TxID changed');
    expect(step?.textContent).toContain('Transaction ID changed from MP240101.1234 to MP240101.9999');
    expect(step?.textContent).toContain('By you');
  });

  it('shows the reason of a cancellation and the end of an expired order', () => {
    const cancelled: TOrderEvent = {
      at: '2026-11-24T10:10:00.000Z',
      from: 'payment_submitted',
      to: 'cancelled',
      actor: 'staff',
      paymentTxId: null,
      previousPaymentTxId: null,
      payoutReference: null,
      reason: 'We did not receive your payment.',
    };
    const { unmount } = render(<OrderTimeline events={[EVENTS[1]!, cancelled]} order={{ ...BUY, status: 'cancelled' }} />);
    expect(steps()[1]?.textContent).toContain('Reason: We did not receive your payment.');
    unmount();

    const expired: TOrderEvent = { ...cancelled, from: 'awaiting_payment', to: 'expired', actor: 'system', reason: null };
    render(<OrderTimeline events={[EVENTS[1]!, expired]} order={{ ...BUY, status: 'expired' }} />);
    expect(steps()[1]?.textContent).toContain('Order expired');
    expect(steps()[1]?.textContent).toContain('The time to pay ran out.');
    expect(steps()[1]?.textContent).toContain('Automatic');
  });

  it('names the staff member only in the staff view', () => {
    const staffEvents: TAdminOrderEvent[] = EVENTS.map((event) => ({
      ...event,
      staffName: event.actor === 'staff' ? 'Ama Support' : null,
    }));
    render(<OrderTimeline events={staffEvents} order={BUY} />);
    const approved = steps()[2];
    expect(approved?.textContent).toContain('By Ama Support');
    expect(steps()[0]?.textContent).toContain('By the customer');
  });

  it('labels a sell transfer as the On-chain TxID and gives no explorer link for a MoMo payout reference', () => {
    const sell: TOrder = {
      ...BUY,
      type: 'sell',
      payTo: null,
      payoutReference: 'MP-PAYOUT-1',
      payout: { type: 'momo', provider: 'MTN MoMo', name: 'Akosua', number: '0241234567' },
    };
    const events: TOrderEvent[] = [
      { ...EVENTS[2]!, to: 'deposit_submitted', from: 'awaiting_deposit', paymentTxId: HASH },
      { ...EVENTS[0]!, from: 'deposit_submitted', payoutReference: 'MP-PAYOUT-1' },
    ];
    render(<OrderTimeline events={events} order={sell} />);
    expect(steps()[0]?.textContent).toContain(`On-chain TxID: ${HASH}`);
    expect(steps()[1]?.textContent).toContain('MoMo payout reference: MP-PAYOUT-1');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
