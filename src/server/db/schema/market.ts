import { bigserial, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every price the server fetched (decisions/013 D8): sparklines and the 24 h change are read from here, never
 * made up. `symbol` is a coin symbol (btc, eth ...) with its USD price, or 'ghs' with the number
 * of cedis per US dollar in price_usd. Rows older than 48 hours are pruned by the refresher.
 */
export const pricePoints = pgTable(
  'price_points',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    symbol: text('symbol').notNull(),
    priceUsd: numeric('price_usd', { precision: 30, scale: 12 }).notNull(),
    /** The provider's own 24 h change in percent, when it gives one. */
    change24h: numeric('change_24h'),
    /** coingecko | binance | er-api | currency-api | simulated */
    source: text('source').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_points_symbol_fetched_at_idx').on(t.symbol, t.fetchedAt.desc())],
);
