import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '#server/db/client.js';
import { smsLog } from '#server/db/schema/compliance.js';
import { afterFailedDelivery, deliveryErrorText, dueForDelivery, LEASE_UNTIL } from '#server/lib/outbox.js';
import { PeriodicJob } from '#server/lib/periodic-job.js';
import type { TSmsProvider } from './provider.js';
import { deliverableSms } from './templates.js';

const BATCH = 10;

export type TSmsSenderOptions = { db: TDb; log: FastifyBaseLogger; provider: TSmsProvider; intervalMs: number };

/**
 * Delivers the SMS log's pending rows through the provider of SMS_PROVIDER, as the email sender
 * delivers emails (lib/email/sender.ts, lib/outbox.ts): each batch leased with a conditional
 * update (FOR UPDATE SKIP LOCKED), so several processes never send one SMS twice; no transaction
 * is held open while the provider answers; a failure is tried again later, up to 5 times.
 */
export class SmsSender {
  private readonly job: PeriodicJob;
  private stopped = false;

  constructor(private readonly options: TSmsSenderOptions) {
    this.job = new PeriodicJob({
      name: 'SMS delivery run',
      intervalMs: options.intervalMs,
      run: () => this.deliverBatch(),
      log: options.log,
    });
  }

  start(): void {
    this.stopped = false;
    this.job.start();
  }

  /** Ask for a delivery run soon (after an SMS was queued). */
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

  private async deliverBatch(): Promise<void> {
    const { db, log, provider } = this.options;
    const batch = await db
      .update(smsLog)
      .set({ attempts: sql`${smsLog.attempts} + 1`, nextAttemptAt: LEASE_UNTIL })
      .where(dueForDelivery(smsLog, BATCH))
      .returning();
    for (const sms of batch) {
      try {
        const messageId = await provider.send(sms.to, deliverableSms(sms.body));
        await db
          .update(smsLog)
          .set({ status: 'sent', deliveredAt: new Date(), provider: provider.name, providerMessageId: messageId, lastError: null })
          .where(eq(smsLog.id, sms.id));
      } catch (error) {
        log.error({ smsId: sms.id, err: deliveryErrorText(error) }, 'SMS delivery failed');
        await db
          .update(smsLog)
          .set({ ...afterFailedDelivery(sms.attempts, error), provider: provider.name })
          .where(eq(smsLog.id, sms.id));
      }
    }
  }
}
