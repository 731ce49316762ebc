import { randomUUID } from 'node:crypto';
import { and, inArray, lt, sql } from 'drizzle-orm';
import { ORDER_MSG, type TQuote, type TQuoteRequest, type TTradingRules } from '#shared/contracts/orders.js';
import { formatGhs } from '#shared/format.js';
import {
  calculateQuoteAmounts,
  calculateUnitPriceFiat,
  convertUsdToGhs,
  roundFiat,
  roundGhsRate,
  toDecimal,
  type TDecimalInput,
} from '#shared/money.js';
import { coinDecimals } from '#shared/networks.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { orders, quotes } from '#server/db/schema/orders.js';
import { AppError } from '#server/lib/errors.js';
import type { TActor } from '#server/plugins/access.js';
import type { TOrderDeps } from './deps.js';
import { clock } from './lifecycle.js';
import { checkTierLimit, tierOf } from '#server/modules/limits/tier-limits.js';

/** What a fiat amount is in cedis: itself, or dollars at the locked rate (mobile money and Ghana banks pay in GHS). */
export function toAmountGhs(amountFiat: string, fiatCurrency: 'GHS' | 'USD', ghsRate: string): string {
  return fiatCurrency === 'GHS' ? roundFiat(amountFiat) : convertUsdToGhs(amountFiat, ghsRate);
}

/** The minimum and maximum order of the settings, in GHS, on the amount's field. */
export function checkOrderSize(amountGhs: string, rules: TTradingRules): void {
  const fail = (message: string) => new AppError('VALIDATION', message, { fields: { amountFiat: message } });
  if (toDecimal(amountGhs).lt(rules.minOrderGhs)) throw fail(ORDER_MSG.belowMinimum(formatGhs(rules.minOrderGhs)));
  if (rules.maxOrderGhs !== null && toDecimal(amountGhs).gt(rules.maxOrderGhs))
    throw fail(ORDER_MSG.aboveMaximum(formatGhs(rules.maxOrderGhs)));
}

/**
 * The fee part of an order's price, in the currency the customer pays in (or is paid in, selling):
 * what its coins cost at the unit price beyond the base price, |unit - base| x crypto, times the
 * locked rate for cedis, rounded once to the cent. (Rounding it in dollars first and converting
 * would multiply the rounding by the rate: a GHS 100 buy at 16.5 showed GHS 2.48 for GHS 2.44.)
 */
export function calculateFee(
  quote: { unitPriceUsd: TDecimalInput; baseUsd: TDecimalInput; amountCrypto: TDecimalInput; ghsRate: TDecimalInput },
  currency: 'USD' | 'GHS',
): string {
  const feeUsd = toDecimal(quote.unitPriceUsd).minus(quote.baseUsd).abs().times(quote.amountCrypto);
  return roundFiat(currency === 'USD' ? feeUsd : feeUsd.times(quote.ghsRate));
}

/**
 * A quote from the server's own prices (decisions/013 D2): unit price with the fee, the crypto
 * amount for the fiat amount asked in the precision of the coin's networks (docs/decisions/014),
 * within the minimum and maximum order, valid for QUOTE_TTL_SECONDS. Stale prices give no quote.
 */
export async function createQuote(deps: TOrderDeps, actor: TActor, input: TQuoteRequest): Promise<TQuote> {
  // The fee, rules and coin list as they are now (not the market page's short-lived copy): a
  // settings change applies to the very next quote, in every process.
  const market = await deps.market.getMarket({ freshReference: true });
  const coin = market.coins.find((c) => c.symbol === input.coinSymbol);
  if (!coin) throw new AppError('COIN_UNAVAILABLE', ORDER_MSG.coinUnavailable);
  const unitPriceUsd = input.side === 'buy' ? coin.buyUsd : coin.sellUsd;
  if (coin.isStale || !unitPriceUsd || !coin.baseUsd || toDecimal(unitPriceUsd).lte(0)) {
    throw new AppError('UNAVAILABLE', ORDER_MSG.stalePrices);
  }
  // Locked as the quote stores it: every amount below, and the order's later, from this one rate.
  const ghsRate = roundGhsRate(market.ghsRate);
  // The coins from the unrounded fiat amount, rounded once in the customer's disfavour (never more
  // than paid for, never less than sold) to what every network of the coin can send; they never
  // change after. The dollars (or cedis) beside are only the amount's value, to the cent.
  const { amountFiat, amountUsd, amountGhs, amountCrypto } = calculateQuoteAmounts({
    side: input.side,
    fiatCurrency: input.fiatCurrency,
    amountFiat: input.amountFiat,
    unitPriceUsd,
    ghsRate,
    coinDecimals: coinDecimals(coin.symbol),
  });
  checkOrderSize(amountGhs, market.tradingRules);
  // Tiers 1 and 2: a quote alone over what is left today or this month is refused now, with the
  // order's own message (docs/decisions/016); the order checks again with its row lock. The tier
  // is the user row's the request was signed in with (plugins/access.ts), read with the session.
  const tier = tierOf(actor.user.tier);
  if (tier > 0) await checkTierLimit(deps.db, { userId: actor.id, tier, amountGhs, now: clock(deps) });
  if (toDecimal(amountUsd).lte(0))
    throw new AppError('VALIDATION', ORDER_MSG.amountInvalid, { fields: { amountFiat: ORDER_MSG.amountInvalid } });
  if (toDecimal(amountCrypto).lte(0))
    throw new AppError('VALIDATION', ORDER_MSG.amountInvalid, { fields: { amountFiat: ORDER_MSG.amountInvalid } });
  const priced = { unitPriceUsd, baseUsd: coin.baseUsd, amountCrypto, ghsRate };
  const feeUsd = calculateFee(priced, 'USD');
  const feeFiat = calculateFee(priced, input.fiatCurrency);
  const unitPriceFiat = calculateUnitPriceFiat(unitPriceUsd, ghsRate, input.fiatCurrency);
  // A quote is about prices, which move in real time: the system clock, never the order clock.
  const expiresAt = new Date(Date.now() + deps.quoteTtlSeconds * 1000);
  const row = firstOrThrow(
    await deps.db
      .insert(quotes)
      .values({
        id: randomUUID(),
        userId: actor.id,
        coinSymbol: coin.symbol,
        side: input.side,
        fiatCurrency: input.fiatCurrency,
        amountFiat,
        amountUsd,
        amountCrypto,
        unitPriceUsd,
        baseUsd: coin.baseUsd,
        ghsRate,
        feePercentage: market.serviceFeePercentage,
        feeUsd,
        expiresAt,
      })
      .returning(),
  );
  return {
    id: row.id,
    coinSymbol: row.coinSymbol,
    side: row.side,
    fiatCurrency: row.fiatCurrency,
    amountFiat: row.amountFiat,
    amountUsd: row.amountUsd,
    amountCrypto: row.amountCrypto,
    unitPriceUsd: row.unitPriceUsd,
    unitPriceFiat,
    ghsRate: row.ghsRate,
    amountGhs,
    feePercentage: row.feePercentage,
    feeUsd: row.feeUsd,
    feeFiat,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** How long an expired quote no order used is kept before the background job deletes it. */
export const UNUSED_QUOTE_RETENTION_MS = 60 * 60 * 1000;

/**
 * Deletes quotes that expired more than UNUSED_QUOTE_RETENTION_MS before `now` and that no order
 * refers to (an order's quote is its price record and stays), in batches so no lock is held long.
 * Answers how many went.
 */
export async function pruneUnusedQuotes(db: TDb, now: Date = new Date(), batchSize = 5_000): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_QUOTE_RETENTION_MS);
  let total = 0;
  for (;;) {
    const unused = db
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(lt(quotes.expiresAt, cutoff), sql`NOT EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.quoteId} = ${quotes.id})`))
      .limit(batchSize);
    const deleted = await db.delete(quotes).where(inArray(quotes.id, unused)).returning({ id: quotes.id });
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}
