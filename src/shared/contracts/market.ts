import { z } from 'zod';
import { ZDecimalString } from './common.js';

/** docs/product.md §8, price failures (exact texts). */
export const MARKET_ERROR_MESSAGES = {
  ghs: 'Could not fetch live GHS rate.',
  crypto: 'Could not fetch live crypto prices.',
} as const;

export const PRICE_FEEDS = ['live', 'simulated'] as const;
export const ZPriceFeed = z.enum(PRICE_FEEDS);
export type TPriceFeed = z.infer<typeof ZPriceFeed>;

/** Prices older than this are flagged stale. */
export const PRICE_STALE_AFTER_MS = 5 * 60 * 1000;
/** Points in a sparkline. */
export const SPARKLINE_POINTS = 20;

export const ZMarketCoin = z.object({
  symbol: z.string(),
  name: z.string(),
  /** USD prices as decimal strings; null only while no price was ever fetched for the coin. */
  baseUsd: ZDecimalString.nullable(),
  buyUsd: ZDecimalString.nullable(),
  sellUsd: ZDecimalString.nullable(),
  /** 24 h change in percent (2 decimals): the provider's own, or from recorded prices; null when unknown. */
  change24h: ZDecimalString.nullable(),
  /** The last recorded USD prices, oldest first (at most 20). */
  history: z.array(ZDecimalString),
  /** The price is older than 5 minutes, or missing. */
  isStale: z.boolean(),
});
export type TMarketCoin = z.infer<typeof ZMarketCoin>;

export const ZMarketErrors = z.object({
  ghs: z.literal(MARKET_ERROR_MESSAGES.ghs).optional(),
  crypto: z.literal(MARKET_ERROR_MESSAGES.crypto).optional(),
});
export type TMarketErrors = z.infer<typeof ZMarketErrors>;

/** GET /api/market: every enabled coin in display order, with the fee already applied. */
/** The trading rules of the settings, public (the FAQ, the forms and the order page state them). */
export const ZTradingRules = z.object({
  paymentWindowMinutes: z.number(),
  depositWindowMinutes: z.number(),
  minOrderGhs: ZDecimalString,
  /** Null: no maximum per order. */
  maxOrderGhs: ZDecimalString.nullable(),
});
export type TTradingRules = z.infer<typeof ZTradingRules>;
/** The rules of a new settings row (docs/decisions/014), and what is used until they are read. */
export const DEFAULT_TRADING_RULES: TTradingRules = {
  paymentWindowMinutes: 30,
  depositWindowMinutes: 60,
  minOrderGhs: '10.00',
  maxOrderGhs: null,
};

export const ZMarketResponse = z.object({
  /** Cedis per US dollar (16.5 when no live rate was ever fetched). */
  ghsRate: ZDecimalString,
  feed: ZPriceFeed,
  serviceFeePercentage: ZDecimalString,
  /** Payment and deposit windows, minimum and maximum order (the settings). */
  tradingRules: ZTradingRules,
  /** ISO time of the newest crypto price, or null when there is none. */
  lastUpdated: z.string().datetime().nullable(),
  /** Some shown price is older than 5 minutes or missing. */
  isStale: z.boolean(),
  errors: ZMarketErrors,
  coins: z.array(ZMarketCoin),
});
export type TMarketResponse = z.infer<typeof ZMarketResponse>;
