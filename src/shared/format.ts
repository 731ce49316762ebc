import { CRYPTO_DECIMALS, FIAT_DECIMALS, fixedAbsolute } from './decimal-text.js';
import type { TDecimalInput } from './money.js';
import { coinDecimals } from './networks.js';

/**
 * Display rules of docs/product.md §9, written once for every screen: crypto 8 decimals, fiat 2
 * decimals with '$' or 'GHS ' prefix, thousands separators, middle-ellipsis shortening, signed
 * percent changes. Pure string work on the digits (src/shared/decimal-text.ts): no Intl rounding
 * of floats, and no decimal.js in a page that only shows amounts.
 */

/** What is shown for a missing or unreadable amount. */
export const MISSING_VALUE = '—';
export const ELLIPSIS = '…';
/** Addresses and ids are shortened to 26 characters by default; payment transaction ids to 12. */
export const DEFAULT_SHORTEN_LENGTH = 26;
export const TX_ID_SHORTEN_LENGTH = 12;

export type TFiatCurrency = 'USD' | 'GHS';
type TAmount = TDecimalInput | null | undefined;

function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A number with a fixed count of decimals and thousands separators: '1,234.50'. */
export function formatDecimal(value: TAmount, decimals: number): string {
  if (value === null || value === undefined || value === '') return MISSING_VALUE;
  const fixed = fixedAbsolute(value, decimals);
  if (!fixed) return MISSING_VALUE;
  const [integer = '0', fraction] = fixed.text.split('.');
  const isNegative = fixed.negative && !/^0(\.0*)?$/.test(fixed.text);
  return `${isNegative ? '-' : ''}${groupThousands(integer)}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A crypto amount, optionally followed by the upper-case symbol: '0.05000000 BTC'. With a symbol,
 * in the coin's one precision (its networks' fewest decimals, `coinDecimals`: USDT 6, the quote's
 * own rounding), so the same order reads the same on every screen, customer's and staff's (issue
 * 26); without one, 8.
 */
export function formatCrypto(value: TAmount, symbol?: string): string {
  const text = formatDecimal(value, symbol ? coinDecimals(symbol.toLowerCase()) : CRYPTO_DECIMALS);
  if (text === MISSING_VALUE || !symbol) return text;
  return `${text} ${symbol.toUpperCase()}`;
}

/** US dollars with 2 decimals: '$1,234.57', '-$5.00'. */
export function formatUsd(value: TAmount): string {
  const text = formatDecimal(value, FIAT_DECIMALS);
  if (text === MISSING_VALUE) return text;
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** Ghana cedis with 2 decimals: 'GHS 1,234.57', '-GHS 5.00'. */
export function formatGhs(value: TAmount): string {
  const text = formatDecimal(value, FIAT_DECIMALS);
  if (text === MISSING_VALUE) return text;
  return text.startsWith('-') ? `-GHS ${text.slice(1)}` : `GHS ${text}`;
}

export function formatFiat(value: TAmount, currency: TFiatCurrency): string {
  return currency === 'USD' ? formatUsd(value) : formatGhs(value);
}

/** A percent change with its sign and 2 decimals: '+2.50%', '-1.84%', '0.00%'. */
export function formatPercentChange(value: TAmount): string {
  const text = formatDecimal(value, 2);
  if (text === MISSING_VALUE) return text;
  if (text.startsWith('-') || /^0\.00$/.test(text)) return `${text}%`;
  return `+${text}%`;
}

/**
 * Shortens long text to at most `maxLength` characters by replacing its middle with an
 * ellipsis (the ellipsis counts): 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' -> 'bc1qxy2kgdygj…83kkfjhx0wlh'.
 */
export function shortenMiddle(text: string | null | undefined, maxLength: number = DEFAULT_SHORTEN_LENGTH): string {
  if (!text) return '';
  const characters = Array.from(text);
  if (characters.length <= maxLength) return text;
  if (maxLength <= 1) return ELLIPSIS;
  const kept = maxLength - 1;
  const head = Math.ceil(kept / 2);
  const tail = kept - head;
  return `${characters.slice(0, head).join('')}${ELLIPSIS}${tail > 0 ? characters.slice(-tail).join('') : ''}`;
}

/** A wallet address shortened to 26 characters. */
export function shortenAddress(address: string | null | undefined): string {
  return shortenMiddle(address, DEFAULT_SHORTEN_LENGTH);
}

/** A payment transaction id shortened to 12 characters (admin order list). */
export function shortenTxId(txId: string | null | undefined): string {
  return shortenMiddle(txId, TX_ID_SHORTEN_LENGTH);
}
