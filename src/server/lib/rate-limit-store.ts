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
 * Fixed-window counters in the database (table rate_limit_counters), so that every server
 * process on one PostgreSQL counts together; on PGlite there is one process, and the same code
 * runs. One statement per counted request. `now` is injectable so tests need not sleep.
 */
export class RateLimitStore {
  constructor(
    private readonly db: TDb,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request under `key` in a window of `windowMs`, and answers the count so far. */
  async hit(key: string, windowMs: number): Promise<TLimitCount> {
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

  /** The count of `key` in its current window, without counting (zero once the window is over). */
  async peek(key: string): Promise<TLimitCount> {
    const now = this.now();
    const [row] = await this.db
      .select({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt })
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = ${key}`);
    if (!row || row.resetAt.getTime() <= now) return { count: 0, resetInMs: 0 };
    return { count: row.count, resetInMs: row.resetAt.getTime() - now };
  }

  /** Forgets `key` (a successful sign-in clears its failures). */
  async clear(key: string): Promise<void> {
    await this.db.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} = ${key}`);
  }

  /** Deletes counters whose window is over, in batches (no long lock); answers how many. */
  async prune(batchSize = 5_000): Promise<number> {
    const cutoff = new Date(this.now());
    let total = 0;
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
