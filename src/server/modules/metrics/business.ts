import { sql } from 'drizzle-orm';
import type { TDb } from '#server/db/client.js';
import { ORDER_STATUSES, type TOrderStatus } from '#shared/contracts/orders.js';

/**
 * The business as an operator watches it (issue 30 point 4), read from the database at each scrape
 * so that every server process reports the same figures: orders by state, the oldest paid order
 * still waiting for staff, how long paid orders took to complete, the outboxes and the price feed.
 * Five statements, each on an index or a small table.
 */

/** "I have paid / sent" and after: the customer is waiting for the business (docs/order-lifecycle.md). */
export const PAID_WAITING_STATUSES = [
  'payment_submitted',
  'deposit_submitted',
  'deposit_detected',
  'payment_confirmed',
  'deposit_confirmed',
] as const satisfies readonly TOrderStatus[];

/** Completed orders of this long ago and later make the paid-to-completed quantiles. */
export const COMPLETION_WINDOW_HOURS = 24;

export type TOutboxFigures = { pending: number; oldestPendingSeconds: number; failedLastDay: number };

export type TBusinessFigures = {
  ordersByStatus: Record<TOrderStatus, number>;
  /** Seconds since "I have paid / sent" of the oldest order still waiting for staff; 0 when none waits. */
  oldestPaidWaitingSeconds: number;
  /** Paid to completed, over orders completed in the last COMPLETION_WINDOW_HOURS; null when there were none. */
  paidToCompletedSeconds: { p50: number; p95: number; count: number } | null;
  outbox: { email: TOutboxFigures; sms: TOutboxFigures };
  /** Seconds since each symbol's last stored price (coins and 'ghs'), over the kept history. */
  priceAgeSeconds: Map<string, number>;
};

const seconds = (value: unknown): number => Math.max(0, Number(value ?? 0));

/** Both drivers answer execute() with { rows }. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export async function readBusinessFigures(db: TDb, now: Date): Promise<TBusinessFigures> {
  const at = now.toISOString();
  const waiting = sql.join(
    PAID_WAITING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const [byStatus, oldestPaid, completion, outbox, prices] = await Promise.all([
    db.execute(sql`select status, count(*)::int as count from orders group by status`),
    db.execute(
      sql`select extract(epoch from (${at}::timestamptz - min(submitted_at)))::float8 as age
          from orders where status in (${waiting})`,
    ),
    db.execute(
      sql`select percentile_cont(0.5) within group (order by extract(epoch from (decided_at - submitted_at)))::float8 as p50,
                 percentile_cont(0.95) within group (order by extract(epoch from (decided_at - submitted_at)))::float8 as p95,
                 count(*)::int as count
          from orders
          where status = 'completed' and submitted_at is not null
            and decided_at > ${at}::timestamptz - make_interval(hours => ${COMPLETION_WINDOW_HOURS})`,
    ),
    db.execute(
      sql`select 'email' as channel,
                 count(*) filter (where status = 'pending')::int as pending,
                 extract(epoch from (${at}::timestamptz - min(sent_at) filter (where status = 'pending')))::float8 as oldest,
                 count(*) filter (where status = 'failed' and sent_at > ${at}::timestamptz - interval '1 day')::int as failed
          from email_log where status in ('pending', 'failed')
          union all
          select 'sms',
                 count(*) filter (where status = 'pending')::int,
                 extract(epoch from (${at}::timestamptz - min(created_at) filter (where status = 'pending')))::float8,
                 count(*) filter (where status = 'failed' and created_at > ${at}::timestamptz - interval '1 day')::int
          from sms_log where status in ('pending', 'failed')`,
    ),
    db.execute(
      sql`select symbol, extract(epoch from (${at}::timestamptz - max(fetched_at)))::float8 as age from price_points group by symbol`,
    ),
  ]);

  const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<TOrderStatus, number>;
  for (const row of rowsOf<{ status: TOrderStatus; count: number }>(byStatus)) ordersByStatus[row.status] = Number(row.count);
  const completed = rowsOf<{ p50: number | null; p95: number | null; count: number }>(completion)[0];
  const outboxRows = rowsOf<{ channel: 'email' | 'sms'; pending: number; oldest: number | null; failed: number }>(outbox);
  const outboxOf = (channel: 'email' | 'sms'): TOutboxFigures => {
    const row = outboxRows.find((r) => r.channel === channel);
    return { pending: Number(row?.pending ?? 0), oldestPendingSeconds: seconds(row?.oldest), failedLastDay: Number(row?.failed ?? 0) };
  };
  return {
    ordersByStatus,
    oldestPaidWaitingSeconds: seconds(rowsOf<{ age: number | null }>(oldestPaid)[0]?.age),
    paidToCompletedSeconds:
      completed && Number(completed.count) > 0
        ? { p50: seconds(completed.p50), p95: seconds(completed.p95), count: Number(completed.count) }
        : null,
    outbox: { email: outboxOf('email'), sms: outboxOf('sms') },
    priceAgeSeconds: new Map(rowsOf<{ symbol: string; age: number }>(prices).map((row) => [row.symbol, seconds(row.age)])),
  };
}
