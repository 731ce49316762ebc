import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAdminOrder, buildOrder } from '#test/helpers/order-fixtures.js';
import { CustomerOrderRows } from './customer-order-rows';
import { OrderFacts } from './order-facts';

/*
 * Order Details' unit price is the price the quote showed (issue 16 point 3): a GHS 100 buy of
 * 0.0000648 BTC quoted at GHS 1,542,997.05 per BTC (93514.973 USD x 16.5) says so, not cedis over
 * coins (100 / 0.0000648 = GHS 1,543,209.88), which drifts with the rounding of the crypto amount.
 * Staff's "Effective rate" is the same figure (issue 26 point 10).
 */

const GHS_100_BUY = {
  amountFiat: '100.00',
  fiatCurrency: 'GHS' as const,
  amountUsd: '6.06',
  amountGhs: '100.00',
  amountCrypto: '0.00006480',
  unitPriceUsd: '93514.97300000',
  ghsRate: '16.500000',
  unitPriceFiat: '1542997.05',
};

const factOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Order Details', () => {
  it("shows the customer the quote's unit price in the order's currency, with the dollar price", () => {
    render(<OrderFacts order={buildOrder(GHS_100_BUY)} view="customer" status="Awaiting payment" />);
    expect(factOf('Unit price')).toBe('GHS 1,542,997.05 per BTC ($93,514.97)');
  });

  it("shows a dollar order's unit price in dollars", () => {
    const order = buildOrder({ ...GHS_100_BUY, fiatCurrency: 'USD', amountFiat: '10.00', amountUsd: '10.00', unitPriceFiat: '93514.97' });
    render(<OrderFacts order={order} view="customer" status="Awaiting payment" />);
    expect(factOf('Unit price')).toBe('$93,514.97 per BTC');
  });

  it("shows staff's Effective rate as the same figure as the customer's Unit price for the same order (issue 26 point 10)", () => {
    // Before, staff saw cedis over coins: 100 / 0.0000648 = GHS 1,543,209.88.
    const { unmount } = render(<OrderFacts order={buildOrder(GHS_100_BUY)} view="customer" status="Awaiting payment" />);
    const customerSees = factOf('Unit price');
    unmount();
    render(<OrderFacts order={buildAdminOrder(GHS_100_BUY)} view="staff" status="Pending" />);
    expect(factOf('Effective rate')).toBe('GHS 1,542,997.05 per BTC');
    expect(customerSees).toContain(factOf('Effective rate'));
  });

  it('shows a dollar order to staff at its unit price in dollars, also when it has no coins', () => {
    const order = buildAdminOrder({
      ...GHS_100_BUY,
      fiatCurrency: 'USD',
      amountFiat: '10.00',
      amountCrypto: '0',
      unitPriceFiat: '93514.97',
    });
    render(<OrderFacts order={order} view="staff" status="Completed" />);
    expect(factOf('Effective rate')).toBe('$93,514.97 per BTC');
  });

  // Issue 26 point 16: a sell showed a payment reference that had nowhere to go (docs/decisions/026).
  it("shows a buy's payment reference, and none on a sell (an older sell still holds one)", () => {
    const buy = buildOrder({ paymentReference: 'CCAB2345' });
    const { unmount } = render(
      <OrderFacts order={buy} view="customer" status="Awaiting payment">
        <CustomerOrderRows order={buy} />
      </OrderFacts>,
    );
    expect(factOf('Payment reference')).toBe('CCAB2345');
    unmount();
    const sell = buildOrder({ type: 'sell', status: 'awaiting_deposit', payTo: null, paymentReference: 'CCAB2345' });
    render(
      <OrderFacts order={sell} view="customer" status="Awaiting deposit">
        <CustomerOrderRows order={sell} />
      </OrderFacts>,
    );
    expect(screen.queryByText('Payment reference')).toBeNull();
    expect(screen.queryByText('CCAB2345')).toBeNull();
  });

  // Issue 26 point 16: the customer could not see the screenshot they attached.
  it("shows the customer the payment screenshot they attached, from their own order's address", () => {
    const paid = buildOrder({ id: 41, status: 'payment_submitted', hasProof: true });
    const { unmount } = render(
      <OrderFacts order={paid} view="customer" status="Pending">
        <CustomerOrderRows order={paid} />
      </OrderFacts>,
    );
    const image = screen.getByRole('img', { name: 'Your payment screenshot' });
    expect(image.getAttribute('src')).toBe('/api/orders/41/proof');
    expect(screen.getByRole('link', { name: /Open full size/ }).getAttribute('href')).toBe('/api/orders/41/proof');
    unmount();
    const without = buildOrder({ id: 42, status: 'payment_submitted', hasProof: false });
    render(
      <OrderFacts order={without} view="customer" status="Pending">
        <CustomerOrderRows order={without} />
      </OrderFacts>,
    );
    expect(screen.queryByRole('img', { name: 'Your payment screenshot' })).toBeNull();
  });
});
