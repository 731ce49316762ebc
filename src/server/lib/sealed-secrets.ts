import { and, isNotNull, lt } from 'drizzle-orm';
import type { TDb } from '#server/db/client.js';
import { emailLog } from '#server/db/schema/app.js';
import { smsLog } from '#server/db/schema/compliance.js';
import { SEALED_SECRETS_MAX_AGE_HOURS } from './outbox.js';

/**
 * Erases the sealed secrets (docs/decisions/021) of emails and SMS queued more than
 * SEALED_SECRETS_MAX_AGE_HOURS ago and still not delivered: every link or code they carry has
 * expired by then. Answers how many rows were cleared.
 */
export async function eraseStaleSealedSecrets(db: TDb, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SEALED_SECRETS_MAX_AGE_HOURS * 60 * 60 * 1000);
  const emails = await db
    .update(emailLog)
    .set({ secretsSealed: null })
    .where(and(isNotNull(emailLog.secretsSealed), lt(emailLog.sentAt, cutoff)))
    .returning({ id: emailLog.id });
  const texts = await db
    .update(smsLog)
    .set({ secretsSealed: null })
    .where(and(isNotNull(smsLog.secretsSealed), lt(smsLog.createdAt, cutoff)))
    .returning({ id: smsLog.id });
  return emails.length + texts.length;
}
