import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TPortfolio } from '#shared/contracts/dashboard.js';
import { BalanceCard } from './balance-card';

/*
 * The customer's estimated balance (issue 16 points 2 and 3): it says what it is (coins delivered
 * to the customer's own wallet, at today's price: the broker holds none), and its "24 h" change
 * is '—' like the market cards while the prices of 24 h ago are not known, not a made-up 0.00%.
 */

const PORTFOLIO: TPortfolio = {
  holdings: [{ symbol: 'btc', amountCrypto: '0.01000000', valueGhs: '10621.57' }],
  totalGhs: '10621.57',
  change24hPercent: '-1.84',
  recentOrders: [],
};

describe('the estimated balance', () => {
  it('says it is the value at today’s price of the coins delivered to your own wallet', () => {
    render(<BalanceCard portfolio={PORTFOLIO} isLoading={false} />);
    const card = screen.getByRole('region', { name: 'Estimated balance' });
    expect(card.textContent).toContain('GHS 10,621.57');
    expect(card.textContent).toContain('-1.84% in 24 h');
    expect(card.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(card.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      "The coins we delivered to your own wallet, less those you sold us, at today's price. CediCrypto does not hold coins for you.",
    );
  });

  it("shows '—' for the 24 h change while it is not known", () => {
    render(<BalanceCard portfolio={{ ...PORTFOLIO, change24hPercent: null }} isLoading={false} />);
    const card = screen.getByRole('region', { name: 'Estimated balance' });
    expect(card.textContent).toContain('—Not known yet in 24 h');
    expect(card.textContent).not.toContain('0.00%');
  });
});
