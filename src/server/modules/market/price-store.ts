import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { SPARKLINE_POINTS } from '#shared/contracts/market.js';
import { normalizeDecimal } from '#shared/money.js';
import type { TDb } from '#server/db/client.js';
import { pricePoints } from '#server/db/schema/market.js';
import { GHS_SYMBOL, PRICED_SYMBOLS, type TPriceQuote } from '#server/lib/prices/coins.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY_MS = 24 * HOUR;
/** How long recorded prices are kept (the charts and the "24 h" change read them). */
export const HISTORY_KEPT_MS = 48 * HOUR;
/** A point this much older than 24 h is too old to compute a "24 h" change from. */
const CHANGE_REFERENCE_SLACK_MS = 2 * HOUR;

export type TStoredPoint = { symbol: string; priceUsd: string; change24h: string | null; source: string; fetchedAt: Date };

/** What the market answer is built from, read at once after every refresh. */
export type TSnapshot = {
  ghs: TStoredPoint | null;
  /** Per coin symbol: its last points, oldest first. */
  history: Map<string, TStoredPoint[]>;
  /** Per coin symbol: the recorded price about 24 h ago. */
  dayAgo: Map<string, string>;
};

/** The storing side of the price service: price_points rows in and out, nothing else. */
export async function storePricePoints(db: TDb, quotes: readonly TPriceQuote[], fetchedAt: Date): Promise<void> {
  if (quotes.length === 0) return;
  await db.insert(pricePoints).values(
    quotes.map((quote) => ({
      symbol: quote.symbol,
      priceUsd: quote.priceUsd,
      change24h: quote.change24h,
      source: quote.source,
      fetchedAt,
    })),
  );
}

/** Forgets points older than HISTORY_KEPT_MS before `nowMs`. */
export async function prunePricePoints(db: TDb, nowMs: number): Promise<void> {
  await db.delete(pricePoints).where(lt(pricePoints.fetchedAt, new Date(nowMs - HISTORY_KEPT_MS)));
}

/** When a provider last gave a GHS rate (a restart waits out the hour since then), or null. */
export async function lastLiveGhsFetch(db: TDb): Promise<Date | null> {
  const [latest] = await db
    .select({ fetchedAt: pricePoints.fetchedAt })
    .from(pricePoints)
    .where(and(eq(pricePoints.symbol, GHS_SYMBOL), ne(pricePoints.source, 'simulated')))
    .orderBy(desc(pricePoints.fetchedAt))
    .limit(1);
  return latest?.fetchedAt ?? null;
}

/**
 * Each priced coin's newest recorded price: of any source within HISTORY_KEPT_MS, or (liveOnly)
 * the newest a provider gave, however old.
 */
export async function latestPrices(db: TDb, options: { liveOnly: boolean; nowMs: number }): Promise<Map<string, string>> {
  const rows = await db
    .selectDistinctOn([pricePoints.symbol], { symbol: pricePoints.symbol, priceUsd: pricePoints.priceUsd })
    .from(pricePoints)
    .where(
      and(
        inArray(pricePoints.symbol, [...PRICED_SYMBOLS]),
        options.liveOnly ? ne(pricePoints.source, 'simulated') : gt(pricePoints.fetchedAt, new Date(options.nowMs - HISTORY_KEPT_MS)),
      ),
    )
    .orderBy(pricePoints.symbol, desc(pricePoints.fetchedAt), desc(pricePoints.id));
  return new Map(rows.map((row) => [row.symbol, row.priceUsd]));
}

/**
 * The last SPARKLINE_POINTS points of every coin and the GHS rate within HISTORY_KEPT_MS, and
 * each coin's price about 24 h ago. Simulated points are read only while the feed is simulated
 * (never mixed into a live chart).
 */
export async function loadSnapshot(db: TDb, options: { includeSimulated: boolean; nowMs: number }): Promise<TSnapshot> {
  const { nowMs } = options;
  const sourceFilter = options.includeSimulated ? undefined : ne(pricePoints.source, 'simulated');
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
    .where(and(inArray(pricePoints.symbol, symbols), gt(pricePoints.fetchedAt, since), sourceFilter))
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
        lte(pricePoints.fetchedAt, new Date(nowMs - DAY_MS)),
        gte(pricePoints.fetchedAt, new Date(nowMs - DAY_MS - CHANGE_REFERENCE_SLACK_MS)),
        sourceFilter,
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
