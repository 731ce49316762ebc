import { describe, expect, it } from 'vitest';
import {
  calculateBuyPriceUsd,
  calculatePercentChange,
  calculateSellPriceUsd,
  convertGhsToUsd,
  convertUsdToGhs,
  isDecimalString,
  normalizeDecimal,
  roundCrypto,
  roundFiat,
  roundPrice,
  toDecimal,
} from './money.js';

describe('money', () => {
  it('computes buy and sell prices from the base price and the fee, exactly', () => {
    expect(calculateBuyPriceUsd('91234.12', '2.5')).toBe('93514.973');
    expect(calculateSellPriceUsd('91234.12', '2.5')).toBe('88953.267');
    // 0.1 + 0.2 style float traps do not happen
    expect(calculateBuyPriceUsd('0.1', '200')).toBe('0.3');
    expect(calculateBuyPriceUsd('0.16042', '2.5')).toBe('0.1644305');
    expect(calculateSellPriceUsd('0.16042', '2.5')).toBe('0.1564095');
    expect(calculateBuyPriceUsd('3071.55', '0')).toBe('3071.55');
    expect(calculateSellPriceUsd('1.0002', 1.5)).toBe('0.985197');
  });

  it('keeps 8 decimals on unit prices', () => {
    expect(roundPrice('0.123456785')).toBe('0.12345679');
    expect(roundPrice('0.000000001')).toBe('0');
    expect(calculateBuyPriceUsd('0.00001234', '2.5')).toBe('0.00001265');
  });

  it('rounds crypto to 8 decimals and fiat to 2, half up by default', () => {
    expect(roundCrypto('0.123456785')).toBe('0.12345679');
    expect(roundCrypto('0.123456785', 'down')).toBe('0.12345678');
    expect(roundCrypto('1')).toBe('1.00000000');
    expect(roundFiat('1234.565')).toBe('1234.57');
    expect(roundFiat('1234.565', 'down')).toBe('1234.56');
    expect(roundFiat('1234.561', 'up')).toBe('1234.57');
    expect(roundFiat('-0.001')).toBe('0.00');
    expect(roundFiat('-1.005')).toBe('-1.01');
  });

  it('converts between USD and GHS', () => {
    expect(convertUsdToGhs('20', '11.6421')).toBe('232.84');
    expect(convertUsdToGhs('1', '16.5')).toBe('16.50');
    expect(convertGhsToUsd('232.84', '11.6421')).toBe('20.00');
  });

  it('computes a percent change, or null from zero', () => {
    expect(calculatePercentChange('100', '102.5')).toBe('2.50');
    expect(calculatePercentChange('100', '97')).toBe('-3.00');
    expect(calculatePercentChange('0', '5')).toBeNull();
  });

  it('normalizes and validates decimal strings', () => {
    expect(normalizeDecimal('91234.120000000000')).toBe('91234.12');
    expect(normalizeDecimal('0.000000010000')).toBe('0.00000001');
    expect(normalizeDecimal(1e-9)).toBe('0.000000001');
    expect(normalizeDecimal('-0')).toBe('0');
    expect(isDecimalString('12.5')).toBe(true);
    expect(isDecimalString('1e5')).toBe(false);
    expect(isDecimalString('1,000')).toBe(false);
    expect(() => toDecimal('abc')).toThrow();
    expect(() => toDecimal(Number.NaN)).toThrow();
    expect(() => toDecimal(Number.POSITIVE_INFINITY)).toThrow();
  });
});
