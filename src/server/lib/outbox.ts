import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { PeriodicJob } from './periodic-job.js';

/**
 * What the email and SMS outboxes share (lib/email/sender.ts, lib/sms/sender.ts): a row is
 * written 'pending' in the transaction of its event; a background run leases a batch of due
 * rows, tries each, and marks it sent, or pending again with a growing delay, or failed for good
 * after MAX_DELIVERY_ATTEMPTS tries. Both tables have the columns id, status, attempts,
 * next_attempt_at and last_error.
 */

export const MAX_DELIVERY_ATTEMPTS = 5;

/**
 * How long a message's sealed secrets (docs/decisions/021) are kept when it is not delivered (no
 * SMTP settings, a provider that keeps refusing): the longest life of a link it can carry (an
 * invitation's 24 hours). Housekeeping erases them after this.
 */
export const SEALED_SECRETS_MAX_AGE_HOURS = 24;

/** How long a leased row is left alone by other runs (a process that dies mid-batch frees it after this). */
export const LEASE_UNTIL = sql`now() + interval '5 minutes'`;

/**
 * The rows of `table` a delivery run takes: due, pending, oldest first, at most `batch`, skipping
 * rows another run holds (FOR UPDATE SKIP LOCKED), so several processes never deliver one twice.
 * Use it as the WHERE of an UPDATE that counts the attempt and sets next_attempt_at to LEASE_UNTIL.
 */
export function dueForDelivery(table: PgTable, batch: number): SQL {
  return sql`id IN (SELECT id FROM ${table} WHERE status = 'pending' AND next_attempt_at <= now()
            ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
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
 * `intervalMs`, one soon after `kick()` (something was queued), none after `stop()`.
 */
export abstract class OutboxSender {
  private readonly job: PeriodicJob;
  private stopped = false;

  constructor(options: { name: string; intervalMs: number; log: FastifyBaseLogger }) {
    this.job = new PeriodicJob({ ...options, run: () => this.deliverBatch() });
  }

  /** Leases one batch of due rows and delivers them. */
  protected abstract deliverBatch(): Promise<void>;

  start(): void {
    this.stopped = false;
    this.job.start();
  }

  /** Ask for a delivery run soon (after a row was queued). */
  kick(): void {
    if (this.stopped) return;
    setImmediate(() => void this.runOnce());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.job.stop();
  }

  runOnce(): Promise<void> {
    return this.job.runOnce();
  }
}
