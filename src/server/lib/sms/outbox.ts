import type { TDbOrTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { smsLog, type SMS_KINDS } from '#server/db/schema/compliance.js';

export type TSmsKind = (typeof SMS_KINDS)[number];

/** An SMS to write: `to` in international form (+233XXXXXXXXX), `body` from templates.ts. */
export type TQueuedSms = { userId: string | null; to: string; kind: TSmsKind; body: string };

/**
 * Writes an SMS to the SMS log, pending. Call it inside the transaction of the event that causes
 * it: if the event rolls back, so does the SMS. The background sender (sender.ts) delivers it.
 */
export async function queueSms(db: TDbOrTx, sms: TQueuedSms): Promise<number> {
  const row = firstOrThrow(await db.insert(smsLog).values(sms).returning({ id: smsLog.id }));
  return row.id;
}
