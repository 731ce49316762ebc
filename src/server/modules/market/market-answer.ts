import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  MARKET_ERROR_MESSAGES,
  PRICE_STALE_AFTER_MS,
  type TMarketErrors,
  type TMarketResponse,
  DEFAULT_TRADING_RULES,
  type TTradingRules,
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
  toDecimal,
} from '#shared/money.js';
import type { TDatabase } from '#server/db/client.js';
import { coins, settings, tradingRulesColumns } from '#server/db/schema/app.js';
import { PRICED_SYMBOLS } from '#server/lib/prices/coins.js';
import type { TPriceOptions } from '#server/lib/prices/options.js';
import { GHS_REFRESH_MS, GHS_RETRY_MS, type PriceFetcher } from './price-fetcher.js';
import { loadSnapshot, type TSnapshot } from './price-store.js';

type TReference = { fee: string; tradingRules: TTradingRules; coins: { symbol: string; name: string }[] };

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

/**
 * Each coin's USD price about 24 h ago, by the rule of the market cards' "24 h" change: from the
 * provider's own 24 h change of the latest price when it gives one (latest / (1 + change / 100),
 * unrounded), else the price recorded about 24 h ago. A coin with neither is left out.
 */
export function pricesDayAgo(snapshot: TSnapshot): Map<string, string> {
  const found = new Map<string, string>();
  for (const [symbol, points] of snapshot.history) {
    const latest = points.at(-1);
    if (!latest) continue;
    if (latest.change24h !== null) {
      const factor = toDecimal(1).plus(toDecimal(latest.change24h).div(100));
      if (factor.gt(0)) found.set(symbol, toDecimal(latest.priceUsd).div(factor).toFixed());
      continue;
    }
    const recorded = snapshot.dayAgo.get(symbol);
    if (recorded !== undefined) found.set(symbol, recorded);
  }
  return found;
}

export type TMarketAnswersDeps = {
  database: TDatabase;
  log: FastifyBaseLogger;
  options: TPriceOptions;
  now: () => Date;
  /** Whether this process fetches, and the errors of its last fetch. */
  fetcher: Pick<PriceFetcher, 'fetchErrors' | 'isFetcher' | 'refreshMs'>;
};

/**
 * The answering side of the price service: the stored prices (reloaded after every refresh),
 * the fee and the coins that trade, made into the market everyone is shown and quoted from.
 */
export class MarketAnswers {
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

  constructor(private readonly deps: TMarketAnswersDeps) {}

  /** Reads the stored prices again (after a refresh). */
  async reload(): Promise<void> {
    this.snapshot = await this.loadSnapshot();
  }

  private loadSnapshot(): Promise<TSnapshot> {
    return loadSnapshot(this.deps.database.db, {
      includeSimulated: this.deps.options.feed === 'simulated',
      nowMs: this.deps.now().getTime(),
    });
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
    return (await this.readSettingsReference()).fee;
  }

  /** The fee and the trading rules of settings row 1; the defaults when they cannot be read. */
  private async readSettingsReference(): Promise<Pick<TReference, 'fee' | 'tradingRules'>> {
    try {
      const [row] = await this.deps.database.db
        .select({ fee: settings.serviceFeePercentage, ...tradingRulesColumns })
        .from(settings)
        .where(eq(settings.id, 1));
      if (row && isDecimalString(row.fee)) {
        const { fee, ...tradingRules } = row;
        return { fee: normalizeDecimal(fee), tradingRules };
      }
      this.deps.log.warn('service fee: settings row 1 missing; using the default');
    } catch (error) {
      this.deps.log.warn({ err: error }, 'service fee: settings unreadable; using the default');
    }
    return { fee: DEFAULT_SERVICE_FEE_PERCENTAGE, tradingRules: DEFAULT_TRADING_RULES };
  }

  /**
   * Fee and enabled coins: read once for all requests arriving together, then kept; once older
   * than REFERENCE_TTL_MS the kept value still answers while one read in the background replaces
   * it (a change made by another process shows within that time and one read), so no market
   * request waits behind the database's queue for it (bench:peak: the /api/market p99). A change
   * made through this process's admin routes calls invalidateReference(): the next request reads.
   */
  private async readReference(fresh = false): Promise<TReference> {
    if (fresh) return this.keepReference(this.referenceVersion, await this.loadReference());
    const cached = this.referenceCache;
    if (cached && cached.expiresAt <= Date.now()) void this.loadSharedReference().catch(() => undefined);
    if (cached) return cached.value;
    return this.loadSharedReference();
  }

  /** One read of the reference for every caller that asks while it runs; kept when no change raced with it. */
  private loadSharedReference(): Promise<TReference> {
    const version = this.referenceVersion;
    this.reference ??= this.loadReference()
      .then((value) => this.keepReference(version, value))
      .finally(() => {
        this.reference = undefined;
      });
    return this.reference;
  }

  /** A read that raced with a change is used once but not kept. */
  private keepReference(version: number, value: TReference): TReference {
    if (version === this.referenceVersion) this.referenceCache = { value, expiresAt: Date.now() + REFERENCE_TTL_MS };
    return value;
  }

  private async loadReference(): Promise<TReference> {
    const [{ fee, tradingRules }, enabled] = await Promise.all([
      this.readSettingsReference(),
      this.deps.database.db
        .select({ symbol: coins.symbol, name: coins.name })
        .from(coins)
        .where(eq(coins.isEnabled, true))
        .orderBy(asc(coins.sortOrder), asc(coins.id)),
    ]);
    return { fee, tradingRules, coins: enabled };
  }

  /** The fee or the coin list changed: the next market answer reads them again. */
  invalidateReference(): void {
    this.referenceVersion += 1;
    this.referenceCache = undefined;
    this.reference = undefined;
  }

  /** Errors of the last fetch, or (in a process that does not fetch) inferred from the stored prices' age. */
  private currentErrors(snapshot: TSnapshot, nowMs: number): TMarketErrors {
    const { options, database, fetcher } = this.deps;
    if (options.feed === 'simulated') return {};
    if (fetcher.isFetcher || database.kind === 'pglite') return fetcher.fetchErrors ?? {};
    const errors: TMarketErrors = {};
    const overdueMs = 2 * fetcher.refreshMs + 30_000;
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
    return this.buildMarket(snapshot, reference, this.deps.now().getTime()).body;
  }

  /** The market (as getMarket) and each coin's USD price about 24 h ago (pricesDayAgo), from one snapshot of the stored prices. */
  async getMarketWithDayAgo(): Promise<{ market: TMarketResponse; dayAgoUsd: ReadonlyMap<string, string> }> {
    const [snapshot, reference] = await Promise.all([this.getSnapshot(), this.readReference()]);
    return { market: this.buildMarket(snapshot, reference, this.deps.now().getTime()).body, dayAgoUsd: pricesDayAgo(snapshot) };
  }

  /**
   * GET /api/market's answer, checked against its contract, serialised and tagged once, then
   * reused for every request until the stored prices, the fee or coin list, or the fetch errors
   * change, a coin turns stale, or ANSWER_MAX_AGE_MS pass (time-based errors of a process that
   * does not fetch).
   */
  async getMarketAnswer(): Promise<TMarketAnswer> {
    const [snapshot, reference] = await Promise.all([this.getSnapshot(), this.readReference()]);
    const nowMs = this.deps.now().getTime();
    const fetchErrors = this.deps.fetcher.fetchErrors;
    const memo = this.answerMemo;
    if (
      memo &&
      memo.snapshot === snapshot &&
      memo.reference === reference &&
      memo.fetchErrors === fetchErrors &&
      nowMs >= memo.builtAtMs &&
      nowMs < memo.validUntilMs
    ) {
      return memo.answer;
    }
    const { body, validUntilMs } = this.buildMarket(snapshot, reference, nowMs);
    const json = JSON.stringify(ZMarketResponse.parse(body));
    const answer: TMarketAnswer = { body, json, etag: computeEtag(json) };
    this.answerMemo = { snapshot, reference, fetchErrors, builtAtMs: nowMs, validUntilMs, answer };
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
      const dayAgo = snapshot.dayAgo.get(coin.symbol);
      let change24h: string | null = null;
      if (latest?.change24h != null) change24h = roundFiat(latest.change24h);
      else if (latest && dayAgo !== undefined) change24h = calculatePercentChange(dayAgo, latest.priceUsd);
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
      feed: this.deps.options.feed,
      serviceFeePercentage: reference.fee,
      tradingRules: reference.tradingRules,
      lastUpdated: newest ? (newest as Date).toISOString() : null,
      isStale: isAnyStale,
      errors: this.currentErrors(snapshot, nowMs),
      coins: marketCoins,
    };
    return { body, validUntilMs };
  }
}
