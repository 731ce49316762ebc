import type { TDecimalInput } from './money.js';

/**
 * Display-side decimal work on the digits of a decimal string, without decimal.js: rounding half
 * up to a fixed count of decimals and comparing. It is what formatting needs, so the pages that
 * only show amounts (an order opened from an SMS link, issue 26 point 15, docs/decisions/028)
 * do not download decimal.js; arithmetic on money stays in src/shared/money.ts. The answers are
 * decimal.js's own (`src/shared/decimal-text.test.ts` checks them against it).
 */

/** Stored and shown crypto amounts have 8 decimals, fiat amounts 2 (docs/product.md §9). */
export const CRYPTO_DECIMALS = 8;
export const FIAT_DECIMALS = 2;

/** The digits of a finite decimal: sign, integer digits (no leading zeros but one) and fraction digits. */
interface TDigits {
  negative: boolean;
  integer: string;
  fraction: string;
}

const NUMBER_TEXT = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** The digits of a string, number or Decimal ('1.5', '-0.25', '1e-7', 12); null when it is not a finite number. */
export function decimalDigits(value: TDecimalInput): TDigits | null {
  const text = String(value).trim();
  const match = NUMBER_TEXT.exec(text);
  if (!match) return null;
  const [, sign, integerPart = '', fractionPart = '', exponentText] = match;
  if (integerPart === '' && fractionPart === '') return null;
  let digits = integerPart + fractionPart;
  let point = integerPart.length + (exponentText ? Number(exponentText) : 0);
  if (!Number.isSafeInteger(point) || Math.abs(point) > 1000) return null;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  } else if (point > digits.length) {
    digits += '0'.repeat(point - digits.length);
  }
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const fraction = digits.slice(point).replace(/0+$/, '');
  return { negative: sign === '-' && !(/^0$/.test(integer) && fraction === ''), integer, fraction };
}

/** Adds one to a string of digits: '199' -> '200', '99' -> '100'. */
function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let index = chars.length - 1; index >= 0; index -= 1) {
    if (chars[index] !== '9') {
      chars[index] = String(Number(chars[index]) + 1);
      return chars.join('');
    }
    chars[index] = '0';
  }
  return `1${chars.join('')}`;
}

/**
 * The absolute value with exactly `decimals` decimals, rounded half up (away from zero on a 5, as
 * decimal.js's ROUND_HALF_UP), and whether the value is negative: { text: '1234.57', negative: false }.
 */
export function fixedAbsolute(value: TDecimalInput, decimals: number): { text: string; negative: boolean } | null {
  const digits = decimalDigits(value);
  if (!digits) return null;
  const kept = digits.fraction.slice(0, decimals).padEnd(decimals, '0');
  let whole = digits.integer + kept;
  if ((digits.fraction[decimals] ?? '0') >= '5') whole = incrementDigits(whole);
  const integer = whole.slice(0, whole.length - decimals).replace(/^0+(?=\d)/, '') || '0';
  const fraction = whole.slice(whole.length - decimals);
  return { text: decimals > 0 ? `${integer}.${fraction}` : integer, negative: digits.negative };
}

/** decimal.js's `toFixed(decimals)` with half-up rounding: '-0.005' -> '-0.01', '1' -> '1.00'. Null when not a number. */
export function toFixedText(value: TDecimalInput, decimals: number): string | null {
  const fixed = fixedAbsolute(value, decimals);
  if (!fixed) return null;
  return fixed.negative ? `-${fixed.text}` : fixed.text;
}

/** -1, 0 or 1 as a is less than, equal to or greater than b; null when either is not a number. */
export function compareDecimals(a: TDecimalInput, b: TDecimalInput): -1 | 0 | 1 | null {
  const left = decimalDigits(a);
  const right = decimalDigits(b);
  if (!left || !right) return null;
  if (left.negative !== right.negative) return left.negative ? -1 : 1;
  const sign = left.negative ? -1 : 1;
  if (left.integer.length !== right.integer.length) return (left.integer.length > right.integer.length ? sign : -sign) as -1 | 1;
  const width = Math.max(left.fraction.length, right.fraction.length);
  const leftDigits = left.integer + left.fraction.padEnd(width, '0');
  const rightDigits = right.integer + right.fraction.padEnd(width, '0');
  if (leftDigits === rightDigits) return 0;
  return (leftDigits > rightDigits ? sign : -sign) as -1 | 1;
}
