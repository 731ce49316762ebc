import { render as renderBare, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import { ORDER_MSG } from '#shared/contracts/orders.js';
import type { TLocalQuote } from '#web/features/trade/api/create-quote.js';
import type { TTradeAmount } from '#web/features/trade/lib/use-trade-amount.js';
import { QuoteSummary } from './quote-summary';

/*
 * The quote's fee is shown in the currency of the amount as the server computed it (issue 16
 * point 3): a GHS 100 buy of BTC at 16.5 cedis per dollar pays GHS 2.44 of fee
 * ((93514.973 - 91234.12) x 16.5 x 0.0000648), not the dollar fee rounded to $0.15 and
 * converted (GHS 2.48).
 */

const GHS_100_BUY: TLocalQuote = {
  id: 'q-1',
  coinSymbol: 'btc',
  side: 'buy',
  fiatCurrency: 'GHS',
  amountFiat: '100.00',
  amountUsd: '6.06',
  amountCrypto: '0.00006480',
  unitPriceUsd: '93514.97300000',
  unitPriceFiat: '1542997.05',
  ghsRate: '16.500000',
  amountGhs: '100.00',
  feePercentage: '2.50',
  feeUsd: '0.15',
  feeFiat: '2.44',
  expiresAt: '2030-01-01T00:00:00.000Z',
  localExpiresAt: Date.now() + 120_000,
};

function trade(quote: TLocalQuote, currency: 'GHS' | 'USD'): TTradeAmount {
  return {
    coins: [],
    isLoadingCoins: false,
    coinsError: null,
    coin: { symbol: 'btc', name: 'Bitcoin', networks: [] } as unknown as TTradeAmount['coin'],
    currency,
    amountError: undefined,
    quote,
    quoteError: null,
    isQuoteErrorAboutAmount: false,
    isQuoting: false,
    refreshQuote: () => undefined,
    limit: null,
    tierLimit: null,
    tierLimitMessage: null,
    exceedsLimit: false,
  };
}

/** The summary holds links (the verification page): under a router, as in the app. */
const render = (ui: ReactNode) => renderBare(<MemoryRouter>{ui}</MemoryRouter>);

const valueOf = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('the quote summary', () => {
  it('shows the fee of a GHS amount in cedis as quoted: GHS 2.44, not $0.15 converted (GHS 2.48)', () => {
    render(<QuoteSummary trade={trade(GHS_100_BUY, 'GHS')} side="buy" />);
    expect(valueOf('Fee (2.5%)')).toBe('GHS 2.44');
    expect(valueOf('Price per BTC')).toBe('GHS 1,542,997.05');
    expect(valueOf('You pay')).toBe('GHS 100.00');
  });

  it('shows the fee of a USD amount in dollars', () => {
    const usd: TLocalQuote = {
      ...GHS_100_BUY,
      fiatCurrency: 'USD',
      amountFiat: '10.00',
      amountUsd: '10.00',
      feeUsd: '0.24',
      feeFiat: '0.24',
    };
    render(<QuoteSummary trade={trade(usd, 'USD')} side="buy" />);
    expect(valueOf('Fee (2.5%)')).toBe('$0.24');
  });

  it('shows a Tier 1 customer what is left today and this month, and why a larger amount cannot be ordered (docs/decisions/016)', () => {
    const tierLimit = {
      tier: 1,
      dailyLimitGhs: '5000.00',
      monthlyLimitGhs: '50000.00',
      leftTodayGhs: '80.00',
      leftThisMonthGhs: '45080.00',
    };
    const message =
      'This order is over your Tier 1 daily limit of GHS 5,000.00. You have GHS 80.00 left today. Verify your address and source of funds (Tier 2) for higher limits.';
    render(<QuoteSummary trade={{ ...trade(GHS_100_BUY, 'GHS'), tierLimit, tierLimitMessage: message, exceedsLimit: true }} side="buy" />);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.getByText(/Tier 1 limits:/).textContent).toBe(
      'Tier 1 limits: GHS 80.00 left today of GHS 5,000.00, GHS 45,080.00 left this month of GHS 50,000.00.',
    );
  });

  // Issue 26 point 16: "Get a new quote" was offered under a minimum order refusal, which a new quote cannot fix.
  it('offers to change the amount, not a new quote, under a minimum or maximum refusal', async () => {
    const user = userEvent.setup();
    let changes = 0;
    let refreshes = 0;
    const refused = {
      ...trade(GHS_100_BUY, 'GHS'),
      quote: null,
      quoteError: ORDER_MSG.belowMinimum('GHS 50.00'),
      isQuoteErrorAboutAmount: true,
      refreshQuote: () => void (refreshes += 1),
    };
    render(<QuoteSummary trade={refused} side="buy" onChangeAmount={() => void (changes += 1)} />);
    expect(screen.getByRole('alert').textContent).toBe('The minimum order is GHS 50.00.');
    expect(screen.queryByRole('button', { name: 'Get a new quote' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change the amount' }));
    expect(changes).toBe(1);
    expect(refreshes).toBe(0);
  });

  it('still offers a new quote when the refusal is not about the amount (prices out of date)', () => {
    const stale = { ...trade(GHS_100_BUY, 'GHS'), quote: null, quoteError: ORDER_MSG.stalePrices };
    render(<QuoteSummary trade={stale} side="buy" onChangeAmount={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Get a new quote' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change the amount' })).toBeNull();
  });

  // Issue 26 point 16: the Tier 0 refusal did not say how to raise the limit.
  it('says how to raise the Tier 0 limit over it, with a link to the verification page', () => {
    const limit = { isLimited: true, limitUsd: '20.00', usedUsd: '15.00', remainingUsd: '5.00' } as TTradeAmount['limit'];
    render(<QuoteSummary trade={{ ...trade(GHS_100_BUY, 'GHS'), limit, exceedsLimit: true }} side="buy" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Exceeds limit of $5.00. Verify your identity to raise your limit (Tier 1).');
    expect(screen.getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe('/kyc');
  });
});
