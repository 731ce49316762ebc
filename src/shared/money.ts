import Decimal from 'decimal.js';
import { CRYPTO_DECIMALS, FIAT_DECIMALS } from './decimal-text.js';

/**
 * Decimal arithmetic for money, shared by server and web (ARCHITECTURE.md, "Money is decimal").
 * Amounts travel as strings and are computed with decimal.js, never with JS floats.
 */

/** A decimal.js constructor with room for NUMERIC(30,12) values and no exponent notation. */
export const Dec = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -50, toExpPos: 50 });
export type TDecimal = InstanceType<typeof Dec>;
export type TDecimalInput = string | number | Decimal;

export { CRYPTO_DECIMALS, FIAT_DECIMALS };
/** USD unit prices (buy/sell price of a coin) keep 8 decimals: a dogecoin costs a few cents. */
export const PRICE_DECIMALS = 8;
export { DEFAULT_SERVICE_FEE_PERCENTAGE } from './fees.js';
export const DEFAULT_GHS_RATE = '16.5';

export type TRounding = 'half-up' | 'down' | 'up';

const ROUNDING: Record<TRounding, Decimal.Rounding> = {
  'half-up': Decimal.ROUND_HALF_UP,
  down: Decimal.ROUND_DOWN,
  up: Decimal.ROUND_UP,
};

const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/** True for a plain decimal string such as '12', '-0.5' or '91234.12' (no exponent, no commas). */
export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

/** A Decimal from a string, number or Decimal; throws on anything that is not a finite number. */
export function toDecimal(value: TDecimalInput): TDecimal {
  const decimal = new Dec(value);
  if (!decimal.isFinite()) throw new Error(`Not a finite decimal: ${String(value)}`);
  return decimal;
}

/** The plain decimal string of a value, without trailing zeros: '91234.120000' -> '91234.12'. */
export function normalizeDecimal(value: TDecimalInput): string {
  const text = toDecimal(value).toFixed();
  return text === '-0' ? '0' : text;
}

function roundTo(value: TDecimalInput, decimals: number, rounding: TRounding): string {
  const text = toDecimal(value).toFixed(decimals, ROUNDING[rounding]);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** A crypto amount with exactly 8 decimals: '0.12345679'. */
export function roundCrypto(value: TDecimalInput, rounding: TRounding = 'half-up'): string {
  return roundTo(value, CRYPTO_DECIMALS, rounding);
}

/**
 * A crypto amount rounded to `decimals` places (what its network can send, src/shared/networks.ts),
 * written with 8 decimals like every stored amount: roundCryptoTo('1.23456789', 6, 'up') -> '1.23456800'.
 */
export function roundCryptoTo(value: TDecimalInput, decimals: number, rounding: TRounding = 'half-up'): string {
  return toDecimal(roundTo(value, Math.min(decimals, CRYPTO_DECIMALS), rounding)).toFixed(CRYPTO_DECIMALS);
}

/** A fiat amount (USD or GHS) with exactly 2 decimals: '1234.57'. */
export function roundFiat(value: TDecimalInput, rounding: TRounding = 'half-up'): string {
  return roundTo(value, FIAT_DECIMALS, rounding);
}

/** A USD unit price rounded to 8 decimals, trailing zeros removed: '93514.973'. */
export function roundPrice(value: TDecimalInput): string {
  return normalizeDecimal(toDecimal(value).toDecimalPlaces(PRICE_DECIMALS, Decimal.ROUND_HALF_UP));
}

/** The price a customer pays: base x (1 + fee/100). */
export function calculateBuyPriceUsd(baseUsd: TDecimalInput, serviceFeePercentage: TDecimalInput): string {
  return roundPrice(toDecimal(baseUsd).times(toDecimal(1).plus(toDecimal(serviceFeePercentage).div(100))));
}

/** The price a customer is paid when selling: base x (1 - fee/100). */
export function calculateSellPriceUsd(baseUsd: TDecimalInput, serviceFeePercentage: TDecimalInput): string {
  return roundPrice(toDecimal(baseUsd).times(toDecimal(1).minus(toDecimal(serviceFeePercentage).div(100))));
}

/**
 * Decimals of a cedi rate locked on a quote and its order (the columns' scale). A quote rounds the
 * rate to this before computing any amount with it and stores that rate, so what the order shows
 * later is computed from exactly the quote's numbers.
 */
export const GHS_RATE_DECIMALS = 6;

/** A cedi rate as a quote locks it: 6 decimals, half up, trailing zeros removed ('11.64619458' -> '11.646195'). */
export function roundGhsRate(value: TDecimalInput): string {
  return normalizeDecimal(toDecimal(value).toDecimalPlaces(GHS_RATE_DECIMALS, Decimal.ROUND_HALF_UP));
}

/**
 * The price of one coin in the currency of the amount, as the quote shows it and Order Details
 * repeat it from the order's stored price and rate: the USD price to the cent, or the USD price x
 * the locked rate to the pesewa.
 */
export function calculateUnitPriceFiat(unitPriceUsd: TDecimalInput, ghsRate: TDecimalInput, currency: 'USD' | 'GHS'): string {
  return currency === 'USD' ? roundFiat(unitPriceUsd) : roundFiat(toDecimal(unitPriceUsd).times(ghsRate));
}

/**
 * The amounts of a quote (issue 26 point 10): the fiat amount to the cent, its value in the other
 * currency to the cent (for display and the limits), and the coins computed from the **unrounded**
 * fiat amount at the unrounded price (a cedi amount over USD price x locked rate, never over the
 * dollars rounded to the cent first), rounded once, to the coin's precision, in the customer's
 * disfavour by less than one unit of it: a buy's coins down (never more than paid for), a sell's
 * coins up (never less than sold). `ghsRate` is the rate the quote locks (roundGhsRate).
 */
export function calculateQuoteAmounts(input: {
  side: 'buy' | 'sell';
  fiatCurrency: 'GHS' | 'USD';
  amountFiat: TDecimalInput;
  unitPriceUsd: TDecimalInput;
  ghsRate: TDecimalInput;
  /** The coin's precision (coinDecimals of src/shared/networks.ts), at most 8. */
  coinDecimals: number;
}): { amountFiat: string; amountUsd: string; amountGhs: string; amountCrypto: string } {
  const amountFiat = roundFiat(input.amountFiat);
  const inGhs = input.fiatCurrency === 'GHS';
  const amountUsd = inGhs ? convertGhsToUsd(amountFiat, input.ghsRate) : amountFiat;
  const amountGhs = inGhs ? amountFiat : convertUsdToGhs(amountFiat, input.ghsRate);
  const unitPriceFiat = inGhs ? toDecimal(input.unitPriceUsd).times(input.ghsRate) : toDecimal(input.unitPriceUsd);
  const amountCrypto = roundCryptoTo(toDecimal(amountFiat).div(unitPriceFiat), input.coinDecimals, input.side === 'buy' ? 'down' : 'up');
  return { amountFiat, amountUsd, amountGhs, amountCrypto };
}

/** USD -> GHS at the given rate (cedis per dollar), 2 decimals. */
export function convertUsdToGhs(amountUsd: TDecimalInput, ghsRate: TDecimalInput, rounding: TRounding = 'half-up'): string {
  return roundFiat(toDecimal(amountUsd).times(ghsRate), rounding);
}

/** GHS -> USD at the given rate (cedis per dollar), 2 decimals. */
export function convertGhsToUsd(amountGhs: TDecimalInput, ghsRate: TDecimalInput, rounding: TRounding = 'half-up'): string {
  return roundFiat(toDecimal(amountGhs).div(ghsRate), rounding);
}

/** The change from `from` to `to` in percent with 2 decimals, or null when `from` is zero. */
export function calculatePercentChange(from: TDecimalInput, to: TDecimalInput): string | null {
  const start = toDecimal(from);
  if (start.isZero()) return null;
  return roundTo(toDecimal(to).minus(start).div(start).times(100), 2, 'half-up');
}
