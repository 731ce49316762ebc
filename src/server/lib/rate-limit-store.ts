import { inArray, lt, sql } from 'drizzle-orm';
import type { TDb } from '#server/db/client.js';
import { rateLimitCounters } from '#server/db/schema/limits.js';
import { firstOrThrow } from '#server/db/rows.js';

export type TLimitCount = {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetInMs: number;
};

/** A count is never stored above this (an integer column; a flood cannot overflow it). */
const COUNT_CEILING = 1_000_000_000;

/**
 * A route's request limit (plugins/rate-limit.ts: quotes, orders, chat, sign-in attempts per address)
 * with a window this short or shorter may be counted in the process's memory when there is one
 * process (PGlite). A restart starts such a count again, which gives at most one more window's
 * allowance; longer windows and the counts of the services (a person's failed sign-ins and their
 * gate, phone codes, sign-ups, used proofs of work) stay in the database, where a restart cannot
 * reset them (docs/decisions/069).
 */
export const MEMORY_WINDOW_MS = 60_000;

/**
 * Fixed-window counters in the database (table rate_limit_counters), so that every server
 * process on one PostgreSQL counts together. On PGlite there is one process: with `inMemory`, the
 * route limits up to MEMORY_WINDOW_MS are counted in a Map instead, since an upsert per counted request
 * was 2,000 statements in a 30-second bench:peak (issue 31). `now` is injectable so tests need not sleep.
 */
export class RateLimitStore {
  /** The short windows' counts when counted in memory: key to count and end of window (epoch ms). */
  private readonly memory = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly db: TDb,
    private readonly now: () => number = Date.now,
    private readonly options: { inMemory?: boolean } = {},
  ) {}

  /**
   * Counts one request under `key` in a window of `windowMs`, and answers the count so far.
   * `mayRestart`: a route's request limit (plugins/rate-limit.ts), which a restart may start again;
   * with `inMemory` and a window up to MEMORY_WINDOW_MS it is counted in memory. Every other count
   * (a sign-in gate, a used proof of work) is in the database whatever its window.
   */
  async hit(key: string, windowMs: number, options: { mayRestart?: boolean } = {}): Promise<TLimitCount> {
    if (this.options.inMemory && options.mayRestart && windowMs <= MEMORY_WINDOW_MS) return this.hitInMemory(key, windowMs);
    const now = new Date(this.now());
    const resetAt = new Date(now.getTime() + windowMs);
    const row = firstOrThrow(
      await this.db
        .insert(rateLimitCounters)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`CASE WHEN ${rateLimitCounters.resetAt} <= ${now} THEN 1 ELSE LEAST(${rateLimitCounters.count} + 1, ${COUNT_CEILING}) END`,
            resetAt: sql`CASE WHEN ${rateLimitCounters.resetAt} <= ${now} THEN excluded.reset_at ELSE ${rateLimitCounters.resetAt} END`,
          },
        })
        .returning({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt }),
    );
    return { count: row.count, resetInMs: Math.max(0, row.resetAt.getTime() - now.getTime()) };
  }

  private hitInMemory(key: string, windowMs: number): TLimitCount {
    const now = this.now();
    let counter = this.memory.get(key);
    if (!counter || counter.resetAt <= now) {
      counter = { count: 0, resetAt: now + windowMs };
      this.memory.set(key, counter);
    }
    counter.count = Math.min(counter.count + 1, COUNT_CEILING);
    return { count: counter.count, resetInMs: counter.resetAt - now };
  }

  /** The count of `key` in its current window, without counting (zero once the window is over). */
  async peek(key: string): Promise<TLimitCount> {
    const now = this.now();
    const counted = this.memory.get(key);
    if (counted && counted.resetAt > now) return { count: counted.count, resetInMs: counted.resetAt - now };
    const [row] = await this.db
      .select({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt })
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = ${key}`);
    if (!row || row.resetAt.getTime() <= now) return { count: 0, resetInMs: 0 };
    return { count: row.count, resetInMs: row.resetAt.getTime() - now };
  }

  /** Forgets `key` (a successful sign-in clears its failures). */
  async clear(key: string): Promise<void> {
    this.memory.delete(key);
    await this.db.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} = ${key}`);
  }

  /** Deletes counters whose window is over, in batches (no long lock); answers how many. */
  async prune(batchSize = 5_000): Promise<number> {
    const cutoff = new Date(this.now());
    let total = 0;
    for (const [key, counter] of this.memory) {
      if (counter.resetAt > cutoff.getTime()) continue;
      this.memory.delete(key);
      total += 1;
    }
    for (;;) {
      const expired = this.db
        .select({ key: rateLimitCounters.key })
        .from(rateLimitCounters)
        .where(lt(rateLimitCounters.resetAt, cutoff))
        .limit(batchSize);
      const deleted = await this.db
        .delete(rateLimitCounters)
        .where(inArray(rateLimitCounters.key, expired))
        .returning({ key: rateLimitCounters.key });
      total += deleted.length;
      if (deleted.length < batchSize) return total;
    }
  }
}
