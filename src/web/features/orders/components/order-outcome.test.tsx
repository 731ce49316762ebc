import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '#web/lib/router.js';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { ORDER_MSG, type TOrder } from '#shared/contracts/orders.js';
import { buildOrder } from '#test/helpers/order-fixtures.js';
import { OrderOutcome } from './order-outcome';

/*
 * Issue 28 point 3: the customer's page says what was refunded, where, its reference and the
 * reason; a completed order with the difference of an over payment sent back says so; a confirmed
 * order waits for its payout.
 */

const REFUND: NonNullable<TOrder['refund']> = {
  amount: '100.00',
  reference: 'MP241128.0800.R1',
  reason: 'We could not complete this order at the quoted price.',
  at: '2026-11-28T08:00:00.000Z',
  destination: 'the number you paid from (0244555000)',
};

function renderOutcome(order: TOrder) {
  render(
    <MemoryRouter>
      <OrderOutcome order={order} />
    </MemoryRouter>,
  );
}

describe('the outcome of a paid order', () => {
  afterEach(cleanup);

  it('a refunded order says what went back, where, its reference and the reason', () => {
    renderOutcome(buildOrder({ status: 'refunded', refund: REFUND }));
    expect(screen.getByRole('heading', { name: 'Order refunded' })).toBeTruthy();
    expect(screen.getByText(ORDER_MSG.refundedTo('GHS 100.00', REFUND.destination))).toBeTruthy();
    expect(screen.getByText(REFUND.reference)).toBeTruthy();
    expect(screen.getByText(`Reason: ${REFUND.reason}`)).toBeTruthy();
  });

  it('a sell refunded says the coins went back', () => {
    renderOutcome(
      buildOrder({
        type: 'sell',
        status: 'refunded',
        refund: { ...REFUND, amount: '0.0001', destination: 'the wallet you sent the coins from' },
      }),
    );
    expect(screen.getByText(ORDER_MSG.refundedTo('0.00010000 BTC', 'the wallet you sent the coins from'))).toBeTruthy();
  });

  it('a completed order with the difference sent back says so', () => {
    renderOutcome(buildOrder({ status: 'completed', refund: { ...REFUND, amount: '20.00', reason: null } }));
    expect(screen.getByRole('heading', { name: 'Order completed' })).toBeTruthy();
    expect(screen.getByText(new RegExp(ORDER_MSG.differenceRefunded.replace('.', '\\.')))).toBeTruthy();
    expect(screen.getByText(REFUND.reference)).toBeTruthy();
  });

  it('a confirmed buy waits for its coins', () => {
    renderOutcome(buildOrder({ status: 'payment_confirmed' }));
    expect(screen.getByRole('heading', { name: 'Payment confirmed' })).toBeTruthy();
    expect(screen.getByText(/We have received your payment and are sending 0\.00010000 BTC to your wallet\./)).toBeTruthy();
  });
  it('a sell whose deposit a chain watcher saw shows the amount, the confirmations of the required number and the hash', () => {
    const hash = `0x${'5e'.repeat(32)}`;
    renderOutcome(
      buildOrder({
        type: 'sell',
        coinSymbol: 'usdt',
        network: 'ERC20',
        status: 'deposit_detected',
        payout: { type: 'momo', provider: 'MTN MoMo', name: 'Akosua Asantewaa', number: '0241234567' },
        chainDeposit: { txHash: hash, amount: '25.5', confirmations: 4, required: 12, status: 'seen' },
      }),
    );
    expect(screen.getByRole('heading', { name: 'Deposit detected' })).toBeTruthy();
    expect(screen.getByText(/^Confirmations:/).textContent).toBe('Confirmations: 4 of 12');
    expect(screen.getByText(/^Received:/).textContent).toContain('25.5');
    expect(screen.getByText(hash)).toBeTruthy();
  });
});
