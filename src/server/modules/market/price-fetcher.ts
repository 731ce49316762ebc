import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { MARKET_ERROR_MESSAGES, type TMarketErrors } from '#shared/contracts/market.js';
import type { TDatabase } from '#server/db/client.js';
import { fetchBinancePrices } from '#server/lib/prices/binance.js';
import { PRICED_SYMBOLS, type TPriceQuote } from '#server/lib/prices/coins.js';
import { fetchCoinGeckoPrices } from '#server/lib/prices/coingecko.js';
import { fetchCurrencyApiGhsRate, fetchErApiGhsRate } from '#server/lib/prices/exchange-rates.js';
import { ProviderGate } from '#server/lib/prices/http.js';
import type { TPriceOptions } from '#server/lib/prices/options.js';
import { SIMULATION_SEED_USD, simulateNextPrice } from '#server/lib/prices/simulated.js';
import { lastLiveGhsFetch, latestPrices, prunePricePoints, storePricePoints } from './price-store.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** open.er-api.com updates daily: ask it at most hourly. */
export const GHS_REFRESH_MS = HOUR;
/** After both GHS providers failed, try again after this long. */
export const GHS_RETRY_MS = 5 * MINUTE;
const PRUNE_EVERY_MS = 10 * MINUTE;
/** Session advisory lock: whoever holds it fetches for every process on this database. */
export const PRICE_FETCH_LOCK_KEY = 872_342;

export type TPriceFetcherDeps = {
  database: TDatabase;
  log: FastifyBaseLogger;
  options: TPriceOptions;
  now: () => Date;
  /** [0, 1) randomness of the simulated feed. */
  random: () => number;
  /** Runs after every refresh, whether this process fetched or not (the answering side reloads). */
  afterRefresh: () => Promise<void>;
};

/**
 * The fetching side of the price service: every interval, the one process holding the advisory
 * lock asks the providers (or simulates) and stores what they gave; every process then reloads.
 * Requests never call a provider.
 */
export class PriceFetcher {
  private readonly gates: Record<'coingecko' | 'binance' | 'er-api' | 'currency-api', ProviderGate>;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private running: Promise<void> | undefined;
  private nextGhsAttemptAt: number | undefined;
  private lastPruneAt = 0;
  private lockClient: pg.PoolClient | undefined;
  /** Errors of this process's own last fetch (a new object each time); undefined while it has not fetched. */
  fetchErrors: TMarketErrors | undefined;
  /** Whether this process holds the lock and fetches for all. */
  isFetcher = false;

  constructor(private readonly deps: TPriceFetcherDeps) {
    const nowMs = () => deps.now().getTime();
    this.gates = {
      coingecko: new ProviderGate('coingecko', MINUTE, nowMs),
      binance: new ProviderGate('binance', MINUTE, nowMs),
      // open.er-api.com answers over-use with 429 for 20 minutes.
      'er-api': new ProviderGate('er-api', 20 * MINUTE, nowMs),
      'currency-api': new ProviderGate('currency-api', MINUTE, nowMs),
    };
  }

  get refreshMs(): number {
    return Math.max(1, this.deps.options.refreshSeconds * 1000);
  }

  /** Refresh now, then every interval, until stop(). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      void this.refreshOnce().finally(() => {
        if (this.stopped) return;
        this.timer = setTimeout(tick, this.refreshMs);
        this.timer.unref();
      });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.releaseFetchLock();
  }

  /**
   * One refresh: fetch and store when this process is the fetcher, then afterRefresh.
   * Concurrent callers share the run in progress. Never throws: failures are logged and
   * recorded as the per-source error.
   */
  refreshOnce(): Promise<void> {
    this.running ??= this.refresh()
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'price refresh failed'))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async refresh(): Promise<void> {
    try {
      if (await this.holdsFetchLock()) await this.fetchAndStore();
    } finally {
      await this.deps.afterRefresh();
    }
  }

  // ---------------------------------------------------------------- the lock

  private async holdsFetchLock(): Promise<boolean> {
    const { database, log } = this.deps;
    if (database.kind === 'pglite' || !database.pool) return true; // one process only
    if (this.lockClient) {
      try {
        await this.lockClient.query('SELECT 1');
        return true;
      } catch (error) {
        log.warn({ err: error }, 'price fetch lock connection lost');
        this.dropLockClient(error);
      }
    }
    // A session lock (it lives as long as the connection): never through a transaction-pooling PgBouncer.
    const client = await (database.sessionPool ?? database.pool).connect();
    let locked = false;
    try {
      const result = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [PRICE_FETCH_LOCK_KEY]);
      locked = result.rows[0]?.locked === true;
    } catch (error) {
      client.release(error instanceof Error ? error : true);
      throw error;
    }
    if (!locked) {
      client.release();
      if (this.isFetcher) log.info('another process now fetches prices');
      this.isFetcher = false;
      return false;
    }
    // The lock lives as long as this connection: keep it out of the pool until stop().
    client.on('error', (error) => {
      log.warn({ err: error }, 'price fetch lock connection failed');
      if (this.lockClient === client) this.dropLockClient(error);
    });
    this.lockClient = client;
    this.isFetcher = true;
    log.info('this process fetches prices');
    return true;
  }

  private dropLockClient(error?: unknown): void {
    const client = this.lockClient;
    this.lockClient = undefined;
    this.isFetcher = false;
    try {
      // Destroy the connection rather than pool it: its session (and lock) must end.
      client?.release(error instanceof Error ? error : true);
    } catch {
      // already released
    }
  }

  private async releaseFetchLock(): Promise<void> {
    if (!this.lockClient) return;
    await this.lockClient.query('SELECT pg_advisory_unlock($1)', [PRICE_FETCH_LOCK_KEY]).catch(() => undefined);
    this.dropLockClient();
  }

  // ---------------------------------------------------------------- the providers

  private async fetchAndStore(): Promise<void> {
    const { database, options } = this.deps;
    const fetchedAt = this.deps.now();
    const errors: TMarketErrors = {};
    let quotes: TPriceQuote[];
    if (options.feed === 'simulated') {
      quotes = await this.simulateQuotes(fetchedAt.getTime());
    } else {
      const [crypto, ghs] = await Promise.all([this.fetchCryptoQuotes(), this.fetchGhsQuote(fetchedAt.getTime())]);
      quotes = [...crypto.quotes, ...(ghs.quote ? [ghs.quote] : [])];
      if (crypto.failed) errors.crypto = MARKET_ERROR_MESSAGES.crypto;
      if (ghs.failed) errors.ghs = MARKET_ERROR_MESSAGES.ghs;
    }
    await storePricePoints(database.db, quotes, fetchedAt);
    this.fetchErrors = errors;
    if (fetchedAt.getTime() - this.lastPruneAt >= PRUNE_EVERY_MS) {
      this.lastPruneAt = fetchedAt.getTime();
      await prunePricePoints(database.db, fetchedAt.getTime());
    }
  }

  /** CoinGecko for every coin; Binance for whatever CoinGecko did not give. */
  private async fetchCryptoQuotes(): Promise<{ quotes: TPriceQuote[]; failed: boolean }> {
    const { log, options } = this.deps;
    const { gates } = this;
    const quotes = new Map<string, TPriceQuote>();
    try {
      const fetched = await fetchCoinGeckoPrices(
        { baseUrl: options.coingeckoBaseUrl, apiKey: options.coingeckoApiKey, timeoutMs: options.timeoutMs, gate: gates.coingecko },
        PRICED_SYMBOLS,
      );
      for (const quote of fetched) quotes.set(quote.symbol, quote);
    } catch (error) {
      log.warn({ err: error }, 'crypto prices: CoinGecko failed, falling back to Binance');
    }
    const missing = PRICED_SYMBOLS.filter((symbol) => !quotes.has(symbol));
    if (missing.length > 0) {
      try {
        const fetched = await fetchBinancePrices(
          { baseUrl: options.binanceBaseUrl, timeoutMs: options.timeoutMs, gate: gates.binance },
          missing,
        );
        for (const quote of fetched) quotes.set(quote.symbol, quote);
      } catch (error) {
        log.warn({ err: error }, 'crypto prices: Binance failed');
      }
    }
    const failed = PRICED_SYMBOLS.filter((symbol) => !quotes.has(symbol));
    if (failed.length > 0) log.error({ symbols: failed }, 'crypto prices: no live price; keeping the last good price');
    return { quotes: [...quotes.values()], failed: failed.length > 0 };
  }

  /** open.er-api.com at most hourly, then the currency-api; the last good rate (else 16.5) otherwise. */
  private async fetchGhsQuote(nowMs: number): Promise<{ quote: TPriceQuote | null; failed: boolean }> {
    const { log, options } = this.deps;
    const { gates } = this;
    if (this.nextGhsAttemptAt === undefined) {
      const latest = await lastLiveGhsFetch(this.deps.database.db);
      this.nextGhsAttemptAt = latest ? latest.getTime() + GHS_REFRESH_MS : 0;
    }
    if (nowMs < this.nextGhsAttemptAt) return { quote: null, failed: this.fetchErrors?.ghs !== undefined };
    const providers = [
      () => fetchErApiGhsRate({ baseUrl: options.erApiBaseUrl, timeoutMs: options.timeoutMs, gate: gates['er-api'] }),
      () => fetchCurrencyApiGhsRate({ baseUrl: options.currencyApiBaseUrl, timeoutMs: options.timeoutMs, gate: gates['currency-api'] }),
    ];
    for (const fetchRate of providers) {
      try {
        const quote = await fetchRate();
        this.nextGhsAttemptAt = nowMs + GHS_REFRESH_MS;
        return { quote, failed: false };
      } catch (error) {
        log.warn({ err: error }, 'GHS rate provider failed');
      }
    }
    log.error('GHS rate: no live rate; keeping the last good rate');
    this.nextGhsAttemptAt = nowMs + GHS_RETRY_MS;
    return { quote: null, failed: true };
  }

  /** A small random walk from the latest stored price, pulled toward the latest real (or seed) level. */
  private async simulateQuotes(nowMs: number): Promise<TPriceQuote[]> {
    const db = this.deps.database.db;
    const [previousBySymbol, anchorBySymbol] = await Promise.all([
      latestPrices(db, { liveOnly: false, nowMs }),
      latestPrices(db, { liveOnly: true, nowMs }),
    ]);
    return PRICED_SYMBOLS.map((symbol) => {
      const anchor = anchorBySymbol.get(symbol) ?? SIMULATION_SEED_USD[symbol] ?? '1';
      const previous = previousBySymbol.get(symbol) ?? anchor;
      return {
        symbol,
        priceUsd: simulateNextPrice(symbol, previous, anchor, this.deps.random),
        change24h: null,
        source: 'simulated' as const,
      };
    });
  }
}
