import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calculateBuyPriceUsd,
  calculateQuoteAmounts,
  calculateSellPriceUsd,
  calculateUnitPriceFiat,
  convertGhsToUsd,
  convertUsdToGhs,
  roundGhsRate,
  toDecimal,
} from './money.js';
import { COIN_NETWORK_LIST, coinDecimals } from './networks.js';

/*
 * Issue 26 point 10: the coins of a quote are computed from the unrounded fiat amount and rounded
 * once, in the customer's disfavour by less than one unit of the coin's precision. Before, cedis
 * were first rounded to whole US cents: a GHS 10.16 USDT sell asked 0.69% more coins than price
 * and fee explain, a GHS 100 BTC buy gave cedis short.
 */

/** Every precision a coin is quoted in (the fewest decimals of its networks), and 8 for a coin with none listed. */
const PRECISIONS = [...new Set([...Object.keys(COIN_NETWORK_LIST).map(coinDecimals), 8])].sort();

/** A decimal string with `scale` decimals between min and max units of 10^-scale. */
const decimalOf = (min: number, max: number, scale: number) =>
  fc.integer({ min, max }).map((units) => toDecimal(units).div(toDecimal(10).pow(scale)).toFixed(scale));

const quoteInput = fc.record({
  side: fc.constantFrom('buy' as const, 'sell' as const),
  fiatCurrency: fc.constantFrom('GHS' as const, 'USD' as const),
  // GHS 0.01 to GHS 10,000,000 (or dollars).
  amountFiat: decimalOf(1, 1_000_000_000, 2),
  // A market price from a dogecoin's fraction of a cent to a bitcoin's hundred thousand dollars and more.
  baseUsd: fc.oneof(decimalOf(1, 100_000_000, 8), decimalOf(1, 50_000_000, 2)),
  // The service fee, 0 to 20 %.
  fee: decimalOf(0, 2_000, 2),
  // Cedis per dollar, as providers answer it (more decimals than a quote keeps).
  rate: decimalOf(1_000_000, 50_000_000_000, 8),
  coinDecimals: fc.constantFrom(...PRECISIONS),
});

describe('calculateQuoteAmounts', () => {
  it('covers every precision a coin is quoted in', () => {
    expect(PRECISIONS).toEqual(expect.arrayContaining([6, 8]));
  });

  it('rounds only the coins, by less than one unit of their precision and only in the customer’s disfavour; the fiat amounts agree', () => {
    fc.assert(
      fc.property(quoteInput, (input) => {
        const unitPriceUsd =
          input.side === 'buy' ? calculateBuyPriceUsd(input.baseUsd, input.fee) : calculateSellPriceUsd(input.baseUsd, input.fee);
        fc.pre(toDecimal(unitPriceUsd).gt(0));
        const ghsRate = roundGhsRate(input.rate);
        const amounts = calculateQuoteAmounts({ ...input, unitPriceUsd, ghsRate });

        // The exact coins: the fiat amount over the price of one coin in that currency, unrounded.
        const priceInFiat = input.fiatCurrency === 'GHS' ? toDecimal(unitPriceUsd).times(ghsRate) : toDecimal(unitPriceUsd);
        const exact = toDecimal(input.amountFiat).div(priceInFiat);
        const unit = toDecimal(10).pow(-input.coinDecimals);
        const coins = toDecimal(amounts.amountCrypto);
        // Written with 8 decimals, a whole number of units of the coin's precision.
        expect(amounts.amountCrypto).toMatch(/^\d+\.\d{8}$/);
        expect(coins.mod(unit).isZero()).toBe(true);
        if (input.side === 'buy') {
          // The customer gets at most what they paid for, and less by under one unit.
          expect(coins.lte(exact)).toBe(true);
          expect(exact.minus(coins).lt(unit)).toBe(true);
        } else {
          // The customer sends at least what they sold, and more by under one unit.
          expect(coins.gte(exact)).toBe(true);
          expect(coins.minus(exact).lt(unit)).toBe(true);
        }

        // The fiat amount is the one asked, to the cent; the other currency its value at the locked rate.
        expect(amounts.amountFiat).toBe(input.amountFiat);
        if (input.fiatCurrency === 'GHS') {
          expect(amounts.amountGhs).toBe(input.amountFiat);
          expect(amounts.amountUsd).toBe(convertGhsToUsd(input.amountFiat, ghsRate));
        } else {
          expect(amounts.amountUsd).toBe(input.amountFiat);
          expect(amounts.amountGhs).toBe(convertUsdToGhs(input.amountFiat, ghsRate));
        }
        // Dollars times the rate are the cedis within half a cent of each.
        const gap = toDecimal(amounts.amountUsd).times(ghsRate).minus(amounts.amountGhs).abs();
        expect(gap.lte(toDecimal('0.005').times(ghsRate).plus('0.005'))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  // The audit's examples, at the fake providers' prices the API tests use: USDT 1.0002 USD (sell
  // price 0.975195 with the 2.5 % fee), BTC 91234.12 USD (buy price 93514.973).
  it('asks for a GHS 10.16 USDT sell at 16.5 the coins price and fee explain, not 0.69 % more', () => {
    const amounts = calculateQuoteAmounts({
      side: 'sell',
      fiatCurrency: 'GHS',
      amountFiat: '10.16',
      unitPriceUsd: '0.975195',
      ghsRate: '16.5',
      coinDecimals: 6,
    });
    // 10.16 / (0.975195 x 16.5) = 0.6314199..., rounded up; from USD 0.62 it was 0.635771.
    expect(amounts.amountCrypto).toBe('0.63142000');
    expect(amounts.amountUsd).toBe('0.62');
  });

  it('gives a GHS 100 BTC buy at 15.5 the coins of GHS 100 less a part of one satoshi, not GHS 0.03 short', () => {
    const amounts = calculateQuoteAmounts({
      side: 'buy',
      fiatCurrency: 'GHS',
      amountFiat: '100',
      unitPriceUsd: '93514.973',
      ghsRate: '15.5',
      coinDecimals: 8,
    });
    // 100 / (93514.973 x 15.5) = 0.00006899..., rounded down; from USD 6.45 it was 0.00006897.
    expect(amounts.amountCrypto).toBe('0.00006899');
    const value = toDecimal(amounts.amountCrypto).times(calculateUnitPriceFiat('93514.973', '15.5', 'GHS'));
    expect(toDecimal(100).minus(value).lt('0.01')).toBe(true);
  });
});
