import { describe, expect, it } from 'vitest';
import { isBuyingSetUp, isSellingSetUp } from './trading-setup.js';

const network = (canSell: boolean) => ({ network: 'BTC', label: 'Bitcoin', decimals: 8, hasTag: false, canSell });

describe('whether a side of trading is set up at all (issue 16)', () => {
  it('buying: once there is an enabled payment method', () => {
    expect(isBuyingSetUp(undefined)).toBeUndefined();
    expect(isBuyingSetUp([])).toBe(false);
    expect(isBuyingSetUp([{ id: 1 }])).toBe(true);
  });

  it('selling: once any coin can be sold on any network; one coin without an address is the normal case', () => {
    expect(isSellingSetUp(undefined)).toBeUndefined();
    expect(isSellingSetUp([])).toBe(false);
    expect(isSellingSetUp([{ networks: [network(false)] }, { networks: [network(false), network(false)] }])).toBe(false);
    expect(isSellingSetUp([{ networks: [network(false)] }, { networks: [network(false), network(true)] }])).toBe(true);
  });
});
