import type { TPeriodicJobOptions } from '#server/lib/periodic-job.js';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '#server/db/client.js';
import { smsLog } from '#server/db/schema/compliance.js';
import {
  afterFailedDelivery,
  deliverConcurrently,
  deliveryErrorText,
  inDeliveryOrder,
  dueForDelivery,
  holdLease,
  LEASE_SECONDS,
  leaseUntil,
  OutboxSender,
} from '#server/lib/outbox.js';
import { maskedAtRest, unsealBody } from '#server/lib/email/secrets.js';
import type { TSmsProvider } from './provider.js';

export type TSmsSenderOptions = {
  db: TDb;
  log: FastifyBaseLogger;
  provider: TSmsProvider;
  intervalMs: number;
  /** Told of every delivery run (lib/periodic-job.ts). */
  observe?: TPeriodicJobOptions['observe'];
  serverSecret: string;
  /** SMS handed to the provider at once (SMS_CONCURRENCY); 1 when not given. */
  concurrency?: number;
  /** How long a batch is leased between renewals (lib/outbox.ts LEASE_SECONDS when not given; tests shorten it). */
  leaseSeconds?: number;
};

/**
 * Delivers the SMS log's pending rows through the provider of SMS_PROVIDER, as the email sender
 * delivers emails (lib/email/sender.ts, lib/outbox.ts): each batch leased with a conditional
 * update (FOR UPDATE SKIP LOCKED), so several processes never send one SMS twice; no transaction
 * is held open while the provider answers; a failure is tried again later, up to 5 times.
 */
export class SmsSender extends OutboxSender {
  constructor(private readonly options: TSmsSenderOptions) {
    super({
      name: 'SMS delivery run',
      intervalMs: options.intervalMs,
      log: options.log,
      ...(options.observe ? { observe: options.observe } : {}),
    });
  }

  private get concurrency(): number {
    return Math.max(1, this.options.concurrency ?? 1);
  }

  protected async deliverBatch(): Promise<{ leased: number; full: boolean }> {
    const { db, log, provider } = this.options;
    const batchSize = this.concurrency * 5;
    const leaseSeconds = this.options.leaseSeconds ?? LEASE_SECONDS;
    const leased = await db
      .update(smsLog)
      .set({ attempts: sql`${smsLog.attempts} + 1`, nextAttemptAt: leaseUntil(leaseSeconds) })
      .where(dueForDelivery(smsLog, batchSize))
      .returning();
    const batch = inDeliveryOrder(leased);
    const sent: { id: number; body: string; messageId: string }[] = [];
    const lease = holdLease({ db, table: smsLog, leased: batch, seconds: leaseSeconds, log });
    try {
      await deliverConcurrently(batch, this.concurrency, async (sms) => {
        try {
          // The code goes to the provider from its sealed copy; once sent, only the masked text stays.
          const messageId = await provider.send(sms.to, unsealBody(sms, this.options.serverSecret));
          sent.push({ id: sms.id, body: maskedAtRest(sms.body), messageId });
        } catch (error) {
          lease.release(sms.id);
          log.error({ smsId: sms.id, err: deliveryErrorText(error) }, 'SMS delivery failed');
          await db
            .update(smsLog)
            .set({ ...afterFailedDelivery(sms.attempts, error), provider: provider.name })
            .where(eq(smsLog.id, sms.id));
        }
      });
    } finally {
      lease.stop();
    }
    // Every delivered SMS of the batch in one statement.
    if (sent.length > 0) {
      const rows = sql.join(
        sent.map((sms) => sql`(${sms.id}::bigint, ${sms.body}::text, ${sms.messageId}::text)`),
        sql`, `,
      );
      await db.execute(sql`UPDATE ${smsLog} SET status = 'sent', delivered_at = ${new Date().toISOString()}::timestamptz,
        provider = ${provider.name}, provider_message_id = delivered.message_id, last_error = NULL, secrets_sealed = NULL,
        body = delivered.body
        FROM (VALUES ${rows}) AS delivered(id, body, message_id) WHERE ${smsLog.id} = delivered.id`);
    }
    return { leased: batch.length, full: batch.length === batchSize };
  }
}
