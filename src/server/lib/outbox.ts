import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TDb } from '#server/db/client.js';
import { emailLog } from '#server/db/schema/app.js';
import { smsLog } from '#server/db/schema/compliance.js';
import type { FastifyBaseLogger } from 'fastify';
import { PeriodicJob, type TPeriodicJobOptions } from './periodic-job.js';

/**
 * What the email and SMS outboxes share (lib/email/sender.ts, lib/sms/sender.ts): a row is
 * written 'pending' in the transaction of its event; a background run leases a batch of due
 * rows, tries each, and marks it sent, or pending again with a growing delay, or failed for good
 * after MAX_DELIVERY_ATTEMPTS tries. Both tables have the columns id, status, attempts,
 * next_attempt_at and last_error.
 */

export const MAX_DELIVERY_ATTEMPTS = 5;

/**
 * Which messages go first when many wait (issue 31): what a person is waiting for at the screen
 * (a password reset, an email confirmation, a sign-in code, a security notice) before order and
 * account notices, and those before the staff's order summaries. Stored in the log's `priority`
 * column; a delivery run leases the lowest number first, oldest first within it.
 */
export const DELIVERY_PRIORITY = { account: 0, notice: 1, staff: 2 } as const;
export type TDeliveryPriority = keyof typeof DELIVERY_PRIORITY;

/**
 * How long a message's sealed secrets (docs/decisions/021) are kept when it is not delivered (no
 * SMTP settings, a provider that keeps refusing): the longest life of a link it can carry (an
 * invitation's 24 hours). Housekeeping erases them after this.
 */
export const SEALED_SECRETS_MAX_AGE_HOURS = 24;

/** At most this many batches in one delivery run (the next run picks up the rest). */
const MAX_BATCHES_PER_RUN = 50;

/**
 * How long a leased row is left alone by other runs: the run that holds it renews the lease
 * while it works on it (holdLease), so a batch may take longer than this without being sent
 * twice, and a process that dies mid-batch frees its rows after at most this long (it was five
 * minutes without renewal: bench/README.md's multi-node run, where a killed process's emails
 * waited that long). It must stay under the shortest retry delay of afterFailedDelivery (two
 * minutes), which is how a renewal tells a row waiting for its retry from a leased one.
 */
export const LEASE_SECONDS = 60;

/** The next_attempt_at of a row leased for `seconds`. */
export function leaseUntil(seconds = LEASE_SECONDS): SQL {
  return sql`now() + make_interval(secs => ${seconds})`;
}

/**
 * Keeps the lease of a run's batch (rows of `table`, as leased: their id and the attempts the
 * lease counted) while the run works on it: every third of `seconds` the rows still pending and
 * still under a lease (not sent, not put back to wait for a retry) are leased again for
 * `seconds`. `release(id)` drops a row the run is done with (a failed try's retry delay is left
 * as it is); `stop()` ends the renewals. A renewal that fails is logged and tried at the next tick.
 */
export function holdLease(options: {
  db: TDb;
  table: PgTable;
  leased: readonly { id: number; attempts: number }[];
  seconds: number;
  log: FastifyBaseLogger;
}): { release: (id: number) => void; stop: () => void } {
  const held = new Map(options.leased.map((row) => [row.id, row.attempts]));
  let renewing = false;
  const renew = async () => {
    if (renewing || held.size === 0) return;
    renewing = true;
    try {
      const rows = sql.join(
        [...held].map(([id, attempts]) => sql`(${id}::bigint, ${attempts}::int)`),
        sql`, `,
      );
      await options.db.execute(sql`UPDATE ${options.table} SET next_attempt_at = ${leaseUntil(options.seconds)}
        FROM (VALUES ${rows}) AS held(id, attempts)
        WHERE ${options.table}.id = held.id AND ${options.table}.attempts = held.attempts AND status = 'pending'
          AND next_attempt_at <= ${leaseUntil(options.seconds)}`);
    } catch (error) {
      options.log.warn({ err: deliveryErrorText(error) }, 'outbox lease not renewed');
    } finally {
      renewing = false;
    }
  };
  const timer = setInterval(() => void renew(), (options.seconds * 1000) / 3);
  timer.unref();
  return { release: (id) => held.delete(id), stop: () => clearInterval(timer) };
}

/**
 * The rows of `table` a delivery run takes: due, pending, the most urgent (DELIVERY_PRIORITY)
 * and then the oldest first, at most `batch`, skipping rows another run holds (FOR UPDATE SKIP
 * LOCKED), so several processes never deliver one twice. Use it as the WHERE of an UPDATE that
 * counts the attempt and sets next_attempt_at to leaseUntil(), and hold the lease with holdLease.
 */
export function dueForDelivery(table: PgTable, batch: number): SQL {
  return sql`id IN (SELECT id FROM ${table} WHERE status = 'pending' AND next_attempt_at <= now()
            ORDER BY priority, id LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
}

/** A leased batch in the order to deliver it (an UPDATE ... RETURNING answers rows in no particular order). */
export function inDeliveryOrder<T extends { priority: number; id: number }>(rows: T[]): T[] {
  return rows.sort((a, b) => a.priority - b.priority || a.id - b.id);
}

/**
 * Runs `deliver` over `items` with at most `concurrency` under way at once; answers when all
 * are done. `deliver` handles its own failures (the senders record them per message).
 */
export async function deliverConcurrently<T>(items: readonly T[], concurrency: number, deliver: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await deliver(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}

/** The error of a failed try, as the log keeps it (at most 500 characters). */
export function deliveryErrorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * The update after failed try number `attempts`: pending again in 2^attempts minutes (2, 4, 8,
 * 16), or failed once MAX_DELIVERY_ATTEMPTS tries were made.
 */
export function afterFailedDelivery(attempts: number, error: unknown) {
  const final = attempts >= MAX_DELIVERY_ATTEMPTS;
  return {
    status: final ? ('failed' as const) : ('pending' as const),
    // A message that will never be delivered needs its sealed secrets no more (docs/decisions/021).
    ...(final ? { secretsSealed: null } : {}),
    lastError: deliveryErrorText(error),
    nextAttemptAt: sql`now() + (interval '1 minute' * ${2 ** attempts})`,
  };
}

/**
 * The running side of an outbox (the email and the SMS sender): a delivery run every
 * `intervalMs`, one soon after `kick()` (something was queued), none after `stop()`. A run
 * delivers batch after batch while full batches come back (a backlog drains at the speed of the
 * provider, not one batch per interval), up to MAX_BATCHES_PER_RUN so that stop() is never
 * kept waiting long.
 */
export abstract class OutboxSender {
  private readonly job: PeriodicJob;
  private stopped = false;
  private kicked = false;

  constructor(options: Omit<TPeriodicJobOptions, 'run'>) {
    this.job = new PeriodicJob({ ...options, run: () => this.drain() });
  }

  /** The delivery run as a job: the job engine runs it on its queue (modules/jobs/engine.ts, docs/decisions/052). */
  get deliveryJob(): PeriodicJob {
    return this.job;
  }

  /** Leases one batch of due rows and delivers them; answers how many it leased and whether that was a full batch. */
  protected abstract deliverBatch(): Promise<{ leased: number; full: boolean }>;

  /** Called when a delivery run is over (the email sender closes its pooled connections: none stay open idle). */
  protected endRun(): void {}

  private async drain(): Promise<void> {
    try {
      for (let i = 0; i < MAX_BATCHES_PER_RUN && !this.stopped; i++) {
        this.kicked = false;
        const { full } = await this.deliverBatch();
        // A kick during the batch means something new was queued: look again even after a short batch.
        if (!full && !this.kicked) return;
      }
    } finally {
      this.endRun();
    }
  }

  start(): void {
    this.stopped = false;
    this.job.start();
  }

  /** Ask for a delivery run soon (after a row was queued). */
  kick(): void {
    if (this.stopped) return;
    this.kicked = true;
    setImmediate(() => void this.runOnce());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.job.stop();
  }

  /** One delivery run now (tests; the job engine's delivery job, which passes `rethrow`: modules/jobs/engine.ts). */
  runOnce(options: { rethrow?: boolean } = {}): Promise<void> {
    return this.job.runOnce(options);
  }
}

/** One outbox's backlog: messages pending (leased ones included) and how long the oldest has waited. */
export type TOutboxBacklog = { pending: number; oldestPendingSeconds: number };

/** The backlog of the email and the SMS outbox now (bench:peak prints it; issue 31). */
export async function outboxBacklog(db: TDb): Promise<{ email: TOutboxBacklog; sms: TOutboxBacklog }> {
  const read = async (table: PgTable, queuedAt: SQL) => {
    const result = (await db.execute(
      sql`SELECT count(*)::int AS pending, coalesce(extract(epoch FROM now() - min(${queuedAt})), 0)::float8 AS oldest
          FROM ${table} WHERE status = 'pending'`,
    )) as unknown as { rows: { pending: number; oldest: number }[] };
    const row = result.rows[0];
    return { pending: row?.pending ?? 0, oldestPendingSeconds: Math.round((row?.oldest ?? 0) * 10) / 10 };
  };
  return { email: await read(emailLog, sql`${emailLog.sentAt}`), sms: await read(smsLog, sql`${smsLog.createdAt}`) };
}

/**
 * MEMORY_LOG_SECONDS=n also logs outboxBacklog() every n seconds at info level (a diagnostic, off
 * by default, as lib/memory-log.ts). Answers a stop function; the timer does not keep the process alive.
 */
export function startOutboxLog(seconds: number, log: FastifyBaseLogger, db: TDb): () => void {
  if (!(seconds > 0)) return () => undefined;
  const outboxLog = log.child({}, { level: 'info' });
  const timer = setInterval(() => {
    outboxBacklog(db).then(
      (outbox) => outboxLog.info({ outbox }, 'outbox'),
      (error: unknown) => outboxLog.warn({ err: deliveryErrorText(error) }, 'outbox figures not read'),
    );
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
