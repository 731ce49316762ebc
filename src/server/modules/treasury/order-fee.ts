import { sql, type SQL } from 'drizzle-orm';
import type { TDecimalInput } from '#shared/money.js';
import { quotes } from '#server/db/schema/orders.js';
import { calculateFee } from '#server/modules/orders/quotes.js';

/**
 * The fee of an order (issue 28 point 6): the quote's percentage and what it came to, in the
 * order's own currency and in cedis, each computed from the quote as the quote showed it
 * (modules/orders/quotes.ts calculateFee: |unit - base| x crypto, times the locked rate for
 * cedis, rounded once to the cent). Every export, the dashboard's revenue and Order Details read
 * it from here, so an order's fee is the same figure everywhere.
 */
export type TOrderFeeQuote = {
  feePercentage: string;
  unitPriceUsd: TDecimalInput;
  baseUsd: TDecimalInput;
  amountCrypto: TDecimalInput;
  ghsRate: TDecimalInput;
};

export type TOrderFee = {
  /** As stored on the quote ('2.50'). */
  percentage: string;
  /** The order's currency. */
  currency: 'GHS' | 'USD';
  /** The fee in the order's currency, 2 decimals. */
  amount: string;
  usd: string;
  ghs: string;
};

export function orderFee(quote: TOrderFeeQuote, fiatCurrency: 'GHS' | 'USD'): TOrderFee {
  const usd = calculateFee(quote, 'USD');
  const ghs = calculateFee(quote, 'GHS');
  return { percentage: quote.feePercentage, currency: fiatCurrency, amount: fiatCurrency === 'USD' ? usd : ghs, usd, ghs };
}

/**
 * The same fee in cedis as SQL over the quotes table, for sums (the dashboard's revenue): rounded
 * per order to the cent half away from zero (the fee is never negative, so half-up, as
 * calculateFee rounds), then summed.
 */
export const feeGhsSql: SQL<string> = sql<string>`round(abs(${quotes.unitPriceUsd} - ${quotes.baseUsd}) * ${quotes.amountCrypto} * ${quotes.ghsRate}, 2)`;
export const feeUsdSql: SQL<string> = sql<string>`round(abs(${quotes.unitPriceUsd} - ${quotes.baseUsd}) * ${quotes.amountCrypto}, 2)`;
