import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import {
  MARKET_ERROR_MESSAGES,
  PRICE_STALE_AFTER_MS,
  SPARKLINE_POINTS,
  type TMarketErrors,
  type TMarketResponse,
  ZMarketResponse,
} from '#shared/contracts/market.js';
import {
  calculateBuyPriceUsd,
  calculatePercentChange,
  calculateSellPriceUsd,
  DEFAULT_GHS_RATE,
  DEFAULT_SERVICE_FEE_PERCENTAGE,
  isDecimalString,
  normalizeDecimal,
  roundFiat,
} from '#shared/money.js';
import type { TDatabase } from '#server/db/client.js';
import { coins, settings } from '#server/db/schema/app.js';
import { pricePoints } from '#server/db/schema/market.js';
import { fetchBinancePrices } from '#server/lib/prices/binance.js';
import { GHS_SYMBOL, PRICED_SYMBOLS, type TPriceQuote } from '#server/lib/prices/coins.js';
import { fetchCoinGeckoPrices } from '#server/lib/prices/coingecko.js';
import { fetchCurrencyApiGhsRate, fetchErApiGhsRate } from '#server/lib/prices/exchange-rates.js';
import { ProviderGate } from '#server/lib/prices/http.js';
import { resolvePriceOptions, type TPriceOptions } from '#server/lib/prices/options.js';
import { SIMULATION_SEED_USD, simulateNextPrice } from '#server/lib/prices/simulated.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** open.er-api.com updates daily: ask it at most hourly. */
const GHS_REFRESH_MS = HOUR;
/** After both GHS providers failed, try again after this long. */
const GHS_RETRY_MS = 5 * MINUTE;
const HISTORY_KEPT_MS = 48 * HOUR;
const PRUNE_EVERY_MS = 10 * MINUTE;
const DAY = 24 * HOUR;
/** A point this much older than 24 h is too old to compute a "24 h" change from. */
const CHANGE_REFERENCE_SLACK_MS = 2 * HOUR;
/** Session advisory lock: whoever holds it fetches for every process on this database. */
export const PRICE_FETCH_LOCK_KEY = 872_342;

export type TMarketServiceDeps = {
  database: TDatabase;
  log: FastifyBaseLogger;
  prices?: Partial<TPriceOptions>;
  now?: () => Date;
  /** [0, 1) randomness of the simulated feed. */
  random?: () => number;
};

type TStoredPoint = { symbol: string; priceUsd: string; change24h: string | null; source: string; fetchedAt: Date };

type TSnapshot = {
  ghs: TStoredPoint | null;
  /** Per coin symbol: its last points, oldest first. */
  history: Map<string, TStoredPoint[]>;
  /** Per coin symbol: the recorded price about 24 h ago. */
  dayAgo: Map<string, string>;
};

/**
 * The price service (decisions/013 D8, D9): refreshes prices every interval for all clients, records each
 * refresh in price_points, and answers GET /api/market from what is stored. Requests never
 * call a provider. With several processes on one PostgreSQL, only the holder of an advisory
 * lock fetches; the others read the stored prices at the same pace.
 */
type TReference = { fee: string; coins: { symbol: string; name: string }[] };
/** How long the fee and the coin list are reused by GET /api/market (quotes always read the fee). */
const REFERENCE_TTL_MS = 5_000;
/** The longest one serialised GET /api/market answer is reused. */
const ANSWER_MAX_AGE_MS = 1_000;

/** GET /api/market's body, the same serialised as sent, and its strong validator. */
export type TMarketAnswer = { body: TMarketResponse; json: string; etag: string };

/** A strong validator of the exact response body. */
export function computeEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

export class MarketService {
  readonly options: TPriceOptions;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly gates: Record<'coingecko' | 'binance' | 'er-api' | 'currency-api', ProviderGate>;

  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private running: Promise<void> | undefined;
  private snapshot: TSnapshot | undefined;
  private loadingSnapshot: Promise<TSnapshot> | undefined;
  private reference: Promise<TReference> | undefined;
  private referenceCache: { value: TReference; expiresAt: number } | undefined;
  private referenceVersion = 0;
  private answerMemo:
    | {
        snapshot: TSnapshot;
        reference: TReference;
        fetchErrors: TMarketErrors | undefined;
        builtAtMs: number;
        validUntilMs: number;
        answer: TMarketAnswer;
      }
    | undefined;

  /** Errors of this process's own last fetch; undefined while it has not fetched. */
  private fetchErrors: TMarketErrors | undefined;
  private nextGhsAttemptAt: number | undefined;
  private lastPruneAt = 0;
  private lockClient: pg.PoolClient | undefined;
  private isFetcher = false;

  constructor(private readonly deps: TMarketServiceDeps) {
    this.options = resolvePriceOptions(deps.prices);
    this.now = deps.now ?? (() => new Date());
    this.random = deps.random ?? Math.random;
    const nowMs = () => this.now().getTime();
    this.gates = {
      coingecko: new ProviderGate('coingecko', MINUTE, nowMs),
      binance: new ProviderGate('binance', MINUTE, nowMs),
      // open.er-api.com answers over-use with 429 for 20 minutes.
      'er-api': new ProviderGate('er-api', 20 * MINUTE, nowMs),
      'currency-api': new ProviderGate('currency-api', MINUTE, nowMs),
    };
  }

  get refreshMs(): number {
    return Math.max(1, this.options.refreshSeconds * 1000);
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
   * One refresh: fetch and store when this process is the fetcher, then reload the stored
   * prices. Concurrent callers share the run in progress. Never throws: failures are logged and
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
      this.snapshot = await this.loadSnapshot();
    }
  }

  // ---------------------------------------------------------------- fetching

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
    const client = await database.pool.connect();
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

  private async fetchAndStore(): Promise<void> {
    const fetchedAt = this.now();
    const errors: TMarketErrors = {};
    let quotes: TPriceQuote[];
    if (this.options.feed === 'simulated') {
      quotes = await this.simulateQuotes();
    } else {
      const [crypto, ghs] = await Promise.all([this.fetchCryptoQuotes(), this.fetchGhsQuote(fetchedAt.getTime())]);
      quotes = [...crypto.quotes, ...(ghs.quote ? [ghs.quote] : [])];
      if (crypto.failed) errors.crypto = MARKET_ERROR_MESSAGES.crypto;
      if (ghs.failed) errors.ghs = MARKET_ERROR_MESSAGES.ghs;
    }
    if (quotes.length > 0) {
      await this.deps.database.db.insert(pricePoints).values(
        quotes.map((quote) => ({
          symbol: quote.symbol,
          priceUsd: quote.priceUsd,
          change24h: quote.change24h,
          source: quote.source,
          fetchedAt,
        })),
      );
    }
    this.fetchErrors = errors;
    if (fetchedAt.getTime() - this.lastPruneAt >= PRUNE_EVERY_MS) {
      this.lastPruneAt = fetchedAt.getTime();
      await this.deps.database.db.delete(pricePoints).where(lt(pricePoints.fetchedAt, new Date(fetchedAt.getTime() - HISTORY_KEPT_MS)));
    }
  }

  /** CoinGecko for every coin; Binance for whatever CoinGecko did not give. */
  private async fetchCryptoQuotes(): Promise<{ quotes: TPriceQuote[]; failed: boolean }> {
    const { log } = this.deps;
    const { options, gates } = this;
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
    const { log } = this.deps;
    const { options, gates } = this;
    if (this.nextGhsAttemptAt === undefined) {
      const [latest] = await this.deps.database.db
        .select({ fetchedAt: pricePoints.fetchedAt })
        .from(pricePoints)
        .where(and(eq(pricePoints.symbol, GHS_SYMBOL), ne(pricePoints.source, 'simulated')))
        .orderBy(desc(pricePoints.fetchedAt))
        .limit(1);
      this.nextGhsAttemptAt = latest ? latest.fetchedAt.getTime() + GHS_REFRESH_MS : 0;
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
  private async simulateQuotes(): Promise<TPriceQuote[]> {
    const db = this.deps.database.db;
    const since = new Date(this.now().getTime() - HISTORY_KEPT_MS);
    const latest = await db
      .selectDistinctOn([pricePoints.symbol], { symbol: pricePoints.symbol, priceUsd: pricePoints.priceUsd })
      .from(pricePoints)
      .where(and(inArray(pricePoints.symbol, [...PRICED_SYMBOLS]), gt(pricePoints.fetchedAt, since)))
      .orderBy(pricePoints.symbol, desc(pricePoints.fetchedAt), desc(pricePoints.id));
    const latestReal = await db
      .selectDistinctOn([pricePoints.symbol], { symbol: pricePoints.symbol, priceUsd: pricePoints.priceUsd })
      .from(pricePoints)
      .where(and(inArray(pricePoints.symbol, [...PRICED_SYMBOLS]), ne(pricePoints.source, 'simulated')))
      .orderBy(pricePoints.symbol, desc(pricePoints.fetchedAt), desc(pricePoints.id));
    const previousBySymbol = new Map(latest.map((row) => [row.symbol, row.priceUsd]));
    const anchorBySymbol = new Map(latestReal.map((row) => [row.symbol, row.priceUsd]));
    return PRICED_SYMBOLS.map((symbol) => {
      const anchor = anchorBySymbol.get(symbol) ?? SIMULATION_SEED_USD[symbol] ?? '1';
      const previous = previousBySymbol.get(symbol) ?? anchor;
      return { symbol, priceUsd: simulateNextPrice(symbol, previous, anchor, this.random), change24h: null, source: 'simulated' as const };
    });
  }

  // ---------------------------------------------------------------- reading

  /** Simulated points are shown only while the feed is simulated (never mixed into a live chart). */
  private sourceFilter(): SQL | undefined {
    return this.options.feed === 'simulated' ? undefined : ne(pricePoints.source, 'simulated');
  }

  private async loadSnapshot(): Promise<TSnapshot> {
    const db = this.deps.database.db;
    const nowMs = this.now().getTime();
    const since = new Date(nowMs - HISTORY_KEPT_MS);
    const symbols = [...PRICED_SYMBOLS, GHS_SYMBOL];
    const rank = sql<number>`row_number() over (partition by ${pricePoints.symbol} order by ${pricePoints.fetchedAt} desc, ${pricePoints.id} desc)`;
    const ranked = db
      .select({
        id: pricePoints.id,
        symbol: pricePoints.symbol,
        priceUsd: pricePoints.priceUsd,
        change24h: pricePoints.change24h,
        source: pricePoints.source,
        fetchedAt: pricePoints.fetchedAt,
        rank: rank.as('rank'),
      })
      .from(pricePoints)
      .where(and(inArray(pricePoints.symbol, symbols), gt(pricePoints.fetchedAt, since), this.sourceFilter()))
      .as('ranked');
    const recent = await db
      .select()
      .from(ranked)
      .where(lte(ranked.rank, SPARKLINE_POINTS))
      .orderBy(asc(ranked.symbol), asc(ranked.fetchedAt), asc(ranked.id));

    const dayAgoRows = await db
      .selectDistinctOn([pricePoints.symbol], { symbol: pricePoints.symbol, priceUsd: pricePoints.priceUsd })
      .from(pricePoints)
      .where(
        and(
          inArray(pricePoints.symbol, [...PRICED_SYMBOLS]),
          lte(pricePoints.fetchedAt, new Date(nowMs - DAY)),
          gte(pricePoints.fetchedAt, new Date(nowMs - DAY - CHANGE_REFERENCE_SLACK_MS)),
          this.sourceFilter(),
        ),
      )
      .orderBy(pricePoints.symbol, desc(pricePoints.fetchedAt), desc(pricePoints.id));

    const history = new Map<string, TStoredPoint[]>();
    let ghs: TStoredPoint | null = null;
    for (const row of recent) {
      const point: TStoredPoint = {
        symbol: row.symbol,
        priceUsd: normalizeDecimal(row.priceUsd),
        change24h: row.change24h === null ? null : normalizeDecimal(row.change24h),
        source: row.source,
        fetchedAt: new Date(row.fetchedAt),
      };
      if (row.symbol === GHS_SYMBOL) {
        ghs = point; // ordered oldest first: the last one wins
        continue;
      }
      const list = history.get(row.symbol) ?? [];
      list.push(point);
      history.set(row.symbol, list);
    }
    return { ghs, history, dayAgo: new Map(dayAgoRows.map((row) => [row.symbol, normalizeDecimal(row.priceUsd)])) };
  }

  private getSnapshot(): Promise<TSnapshot> {
    if (this.snapshot) return Promise.resolve(this.snapshot);
    this.loadingSnapshot ??= this.loadSnapshot().finally(() => {
      this.loadingSnapshot = undefined;
    });
    return this.loadingSnapshot;
  }

  /** Settings row 1's fee; 2.5 when it cannot be read (docs/product.md §8). */
  async readServiceFeePercentage(): Promise<string> {
    try {
      const [row] = await this.deps.database.db.select({ fee: settings.serviceFeePercentage }).from(settings).where(eq(settings.id, 1));
      if (row && isDecimalString(row.fee)) return normalizeDecimal(row.fee);
      this.deps.log.warn('service fee: settings row 1 missing; using the default');
    } catch (error) {
      this.deps.log.warn({ err: error }, 'service fee: settings unreadable; using the default');
    }
    return DEFAULT_SERVICE_FEE_PERCENTAGE;
  }

  /**
   * Fee and enabled coins: read once for all requests arriving together, then kept for
   * REFERENCE_TTL_MS (a change made by another process shows within that time); a change made
   * through this process's admin routes calls invalidateReference() and shows at once.
   */
  private async readReference(fresh = false): Promise<TReference> {
    const version = this.referenceVersion;
    let value: TReference;
    if (fresh) {
      value = await this.loadReference();
    } else {
      if (this.referenceCache && this.referenceCache.expiresAt > Date.now()) return this.referenceCache.value;
      this.reference ??= this.loadReference().finally(() => {
        this.reference = undefined;
      });
      value = await this.reference;
    }
    // A read that raced with a change is used once but not kept.
    if (version === this.referenceVersion) this.referenceCache = { value, expiresAt: Date.now() + REFERENCE_TTL_MS };
    return value;
  }

  private async loadReference(): Promise<TReference> {
    const [fee, enabled] = await Promise.all([
      this.readServiceFeePercentage(),
      this.deps.database.db
        .select({ symbol: coins.symbol, name: coins.name })
        .from(coins)
        .where(eq(coins.isEnabled, true))
        .orderBy(asc(coins.sortOrder), asc(coins.id)),
    ]);
    return { fee, coins: enabled };
  }

  /** The fee or the coin list changed: the next market answer reads them again. */
  invalidateReference(): void {
    this.referenceVersion += 1;
    this.referenceCache = undefined;
    this.reference = undefined;
  }

  /** Errors of the last fetch, or (in a process that does not fetch) inferred from the stored prices' age. */
  private currentErrors(snapshot: TSnapshot, nowMs: number): TMarketErrors {
    if (this.options.feed === 'simulated') return {};
    if (this.isFetcher || this.deps.database.kind === 'pglite') return this.fetchErrors ?? {};
    const errors: TMarketErrors = {};
    const overdueMs = 2 * this.refreshMs + 30_000;
    const newestCrypto = Math.max(0, ...[...snapshot.history.values()].map((points) => points.at(-1)?.fetchedAt.getTime() ?? 0));
    const missingCoin = PRICED_SYMBOLS.some((symbol) => !snapshot.history.has(symbol));
    if (missingCoin || nowMs - newestCrypto > overdueMs) errors.crypto = MARKET_ERROR_MESSAGES.crypto;
    if (!snapshot.ghs || nowMs - snapshot.ghs.fetchedAt.getTime() > GHS_REFRESH_MS + GHS_RETRY_MS + overdueMs) {
      errors.ghs = MARKET_ERROR_MESSAGES.ghs;
    }
    return errors;
  }

  /** Stored prices with the current fee, for every enabled coin in display order (built anew). */
  async getMarket(options: { freshReference?: boolean } = {}): Promise<TMarketResponse> {
    const [snapshot, reference] = await Promise.all([this.getSnapshot(), this.readReference(options.freshReference)]);
    return this.buildMarket(snapshot, reference, this.now().getTime()).body;
  }

  /**
   * GET /api/market's answer, checked against its contract, serialised and tagged once, then
   * reused for every request until the stored prices, the fee or coin list, or the fetch errors
   * change, a coin turns stale, or ANSWER_MAX_AGE_MS pass (time-based errors of a process that
   * does not fetch).
   */
  async getMarketAnswer(): Promise<TMarketAnswer> {
    const [snapshot, reference] = await Promise.all([this.getSnapshot(), this.readReference()]);
    const nowMs = this.now().getTime();
    const memo = this.answerMemo;
    if (
      memo &&
      memo.snapshot === snapshot &&
      memo.reference === reference &&
      memo.fetchErrors === this.fetchErrors &&
      nowMs >= memo.builtAtMs &&
      nowMs < memo.validUntilMs
    ) {
      return memo.answer;
    }
    const { body, validUntilMs } = this.buildMarket(snapshot, reference, nowMs);
    const json = JSON.stringify(ZMarketResponse.parse(body));
    const answer: TMarketAnswer = { body, json, etag: computeEtag(json) };
    this.answerMemo = { snapshot, reference, fetchErrors: this.fetchErrors, builtAtMs: nowMs, validUntilMs, answer };
    return answer;
  }

  /** The market at nowMs, and until when it stays the same (the next coin to turn stale). */
  private buildMarket(snapshot: TSnapshot, reference: TReference, nowMs: number): { body: TMarketResponse; validUntilMs: number } {
    let validUntilMs = nowMs + ANSWER_MAX_AGE_MS;
    let newest: Date | null = null;
    let isAnyStale = false;
    const marketCoins = reference.coins.map((coin) => {
      const points = snapshot.history.get(coin.symbol) ?? [];
      const latest = points.at(-1);
      // Stale once more than PRICE_STALE_AFTER_MS old, that is from staleAtMs + 1 on.
      const staleAtMs = latest ? latest.fetchedAt.getTime() + PRICE_STALE_AFTER_MS : -Infinity;
      const isStale = nowMs > staleAtMs;
      if (isStale) isAnyStale = true;
      else validUntilMs = Math.min(validUntilMs, staleAtMs + 1);
      if (latest && (!newest || latest.fetchedAt > newest)) newest = latest.fetchedAt;
      let change24h: string | null = null;
      if (latest?.change24h != null) change24h = roundFiat(latest.change24h);
      else if (latest && snapshot.dayAgo.has(coin.symbol))
        change24h = calculatePercentChange(snapshot.dayAgo.get(coin.symbol)!, latest.priceUsd);
      return {
        symbol: coin.symbol,
        name: coin.name,
        baseUsd: latest?.priceUsd ?? null,
        buyUsd: latest ? calculateBuyPriceUsd(latest.priceUsd, reference.fee) : null,
        sellUsd: latest ? calculateSellPriceUsd(latest.priceUsd, reference.fee) : null,
        change24h,
        history: points.map((point) => point.priceUsd),
        isStale,
      };
    });
    const body: TMarketResponse = {
      ghsRate: snapshot.ghs?.priceUsd ?? DEFAULT_GHS_RATE,
      feed: this.options.feed,
      serviceFeePercentage: reference.fee,
      lastUpdated: newest ? (newest as Date).toISOString() : null,
      isStale: isAnyStale,
      errors: this.currentErrors(snapshot, nowMs),
      coins: marketCoins,
    };
    return { body, validUntilMs };
  }
}
