import type { FastifyBaseLogger } from 'fastify';
import type { TMarketResponse } from '#shared/contracts/market.js';
import type { TDatabase } from '#server/db/client.js';
import { resolvePriceOptions, type TPriceOptions } from '#server/lib/prices/options.js';
import { MarketAnswers, type TMarketAnswer } from './market-answer.js';
import { PriceFetcher } from './price-fetcher.js';

export type TMarketServiceDeps = {
  database: TDatabase;
  log: FastifyBaseLogger;
  prices?: Partial<TPriceOptions>;
  now?: () => Date;
  /** [0, 1) randomness of the simulated feed. */
  random?: () => number;
};

/**
 * The price service (decisions/013 D8, D9), in three parts: fetching (price-fetcher.ts: the
 * schedule, the advisory lock that makes one process fetch for all, the providers), storing
 * (price-store.ts: price_points) and answering (market-answer.ts: GET /api/market and the prices
 * quotes are made from). Requests never call a provider; every process answers from what is
 * stored, reloaded after each refresh.
 */
export class MarketService {
  readonly options: TPriceOptions;
  private readonly fetcher: PriceFetcher;
  private readonly answers: MarketAnswers;

  constructor(deps: TMarketServiceDeps) {
    this.options = resolvePriceOptions(deps.prices);
    const now = deps.now ?? (() => new Date());
    const common = { database: deps.database, log: deps.log, options: this.options, now };
    this.fetcher = new PriceFetcher({ ...common, random: deps.random ?? Math.random, afterRefresh: () => this.answers.reload() });
    this.answers = new MarketAnswers({ ...common, fetcher: this.fetcher });
  }

  get refreshMs(): number {
    return this.fetcher.refreshMs;
  }

  /** Refresh now, then every interval, until stop(). */
  start(): void {
    this.fetcher.start();
  }

  stop(): Promise<void> {
    return this.fetcher.stop();
  }

  /** One refresh (shared with one in progress); never throws. */
  refreshOnce(): Promise<void> {
    return this.fetcher.refreshOnce();
  }

  /** Stored prices with the current fee; `freshReference` reads fee and coins anew (quotes). */
  getMarket(options: { freshReference?: boolean } = {}): Promise<TMarketResponse> {
    return this.answers.getMarket(options);
  }

  /** The market and each coin's USD price about 24 h ago (the customer's balance change), from one snapshot. */
  getMarketWithDayAgo(): Promise<{ market: TMarketResponse; dayAgoUsd: ReadonlyMap<string, string> }> {
    return this.answers.getMarketWithDayAgo();
  }

  /** GET /api/market's answer, serialised and tagged once per change. */
  getMarketAnswer(): Promise<TMarketAnswer> {
    return this.answers.getMarketAnswer();
  }

  /** Settings row 1's fee; the default when it cannot be read. */
  readServiceFeePercentage(): Promise<string> {
    return this.answers.readServiceFeePercentage();
  }

  /** The fee or the coin list changed: the next market answer reads them again. */
  invalidateReference(): void {
    this.answers.invalidateReference();
  }
}
