import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SMALL_ERC20_SELL_USD } from '#shared/networks.js';
import { Erc20FeeNote } from './erc20-fee-note';

/*
 * Issue 26 point 16: a small USDT sell on Ethereum carried no word about the network fee, which
 * the customer pays from their wallet and which can be more than the amount is worth.
 */
describe('the network-fee note of a small ERC20 sell', () => {
  it(`is shown for a token on ERC20 under $${SMALL_ERC20_SELL_USD}`, () => {
    render(<Erc20FeeNote coinSymbol="usdt" network="ERC20" amountUsd="3.40" />);
    expect(screen.getByRole('status').textContent).toMatch(
      /^You pay the Ethereum network fee \(gas\) for this transfer from your own wallet, in ETH\. On a small amount it can cost more than the USDT you sell is worth: check the fee in your wallet before you create the order, or choose another network\.$/,
    );
  });

  it('says only to check the fee once the order fixed the network', () => {
    render(<Erc20FeeNote coinSymbol="usdt" network="ERC20" amountUsd="3.40" isOrder />);
    expect(screen.getByRole('status').textContent).toMatch(/check the fee in your wallet before you send\.$/);
  });

  it.each([
    ['another network', 'usdt', 'TRC20', '3.40'],
    ['ether itself', 'eth', 'ERC20', '3.40'],
    ['the threshold or more', 'usdt', 'ERC20', SMALL_ERC20_SELL_USD],
    ['no quote yet', 'usdt', 'ERC20', undefined],
  ])('is not shown for %s', (_case, coinSymbol, network, amountUsd) => {
    const { container } = render(<Erc20FeeNote coinSymbol={coinSymbol} network={network} amountUsd={amountUsd} />);
    expect(container.textContent).toBe('');
  });
});
