import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '#server/db/client.js';
import { smsLog } from '#server/db/schema/compliance.js';
import { afterFailedDelivery, deliveryErrorText, dueForDelivery, LEASE_UNTIL, OutboxSender } from '#server/lib/outbox.js';
import { maskedAtRest, unsealBody } from '#server/lib/email/secrets.js';
import type { TSmsProvider } from './provider.js';

const BATCH = 10;

export type TSmsSenderOptions = { db: TDb; log: FastifyBaseLogger; provider: TSmsProvider; intervalMs: number; serverSecret: string };

/**
 * Delivers the SMS log's pending rows through the provider of SMS_PROVIDER, as the email sender
 * delivers emails (lib/email/sender.ts, lib/outbox.ts): each batch leased with a conditional
 * update (FOR UPDATE SKIP LOCKED), so several processes never send one SMS twice; no transaction
 * is held open while the provider answers; a failure is tried again later, up to 5 times.
 */
export class SmsSender extends OutboxSender {
  constructor(private readonly options: TSmsSenderOptions) {
    super({ name: 'SMS delivery run', intervalMs: options.intervalMs, log: options.log });
  }

  protected async deliverBatch(): Promise<void> {
    const { db, log, provider } = this.options;
    const batch = await db
      .update(smsLog)
      .set({ attempts: sql`${smsLog.attempts} + 1`, nextAttemptAt: LEASE_UNTIL })
      .where(dueForDelivery(smsLog, BATCH))
      .returning();
    for (const sms of batch) {
      try {
        // The code goes to the provider from its sealed copy; once sent, only the masked text stays.
        const messageId = await provider.send(sms.to, unsealBody(sms, this.options.serverSecret));
        await db
          .update(smsLog)
          .set({
            status: 'sent',
            deliveredAt: new Date(),
            provider: provider.name,
            providerMessageId: messageId,
            lastError: null,
            body: maskedAtRest(sms.body),
            secretsSealed: null,
          })
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
