import { integer, pgTable, text, timestamp, index } from 'drizzle-orm/pg-core';

/**
 * Request counters of the rate limits (plugins/rate-limit.ts), one row per limit and caller,
 * in the database so that every server process on it counts together. A fixed window: the
 * count restarts when `resetAt` has passed. Rows past their window are pruned in the background.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
);
