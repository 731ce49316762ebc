import type { TDbOrTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { hasClearSecrets, sealBody } from '#server/lib/email/secrets.js';
import { smsLog, type SMS_KINDS } from '#server/db/schema/compliance.js';
import { DELIVERY_PRIORITY, type TDeliveryPriority } from '#server/lib/outbox.js';

export type TSmsKind = (typeof SMS_KINDS)[number];

/** An SMS to write: `to` in international form (+233XXXXXXXXX), `body` from templates.ts. */
export type TQueuedSms = { userId: string | null; to: string; kind: TSmsKind; body: string };

/** A phone code is waited for at the screen; an order's SMS can wait behind it (lib/outbox.ts). */
const SMS_PRIORITY: Record<TSmsKind, TDeliveryPriority> = { phone_code: 'account', order_status: 'notice' };

/**
 * Writes an SMS to the SMS log, pending. Call it inside the transaction of the event that causes
 * it: if the event rolls back, so does the SMS. The background sender (sender.ts) delivers it.
 */
export async function queueSms(db: TDbOrTx, sms: TQueuedSms, serverSecret?: string): Promise<number> {
  // A one-time code is stored sealed only, never in the text (docs/decisions/021).
  if (serverSecret === undefined && hasClearSecrets(sms.body)) throw new Error('an SMS with a code needs the server secret to seal it');
  const stored = serverSecret === undefined ? { body: sms.body, secretsSealed: null } : sealBody(sms.body, serverSecret);
  const row = firstOrThrow(
    await db
      .insert(smsLog)
      .values({ ...sms, ...stored, priority: DELIVERY_PRIORITY[SMS_PRIORITY[sms.kind]] })
      .returning({ id: smsLog.id }),
  );
  return row.id;
}
