import type { TDbOrTx } from '#server/db/client.js';
import { emailLog } from '#server/db/schema/app.js';
import type { TRenderedEmail } from './templates.js';
import { firstOrThrow } from '#server/db/rows.js';
import { hasClearSecrets, sealBody } from './secrets.js';
import { DELIVERY_PRIORITY } from '#server/lib/outbox.js';

/**
 * Writes an email to the email log (decisions/013 D12). Call it inside the transaction of the event that
 * causes it: if the event rolls back, so does the email. The background sender delivers it.
 */
export async function queueEmail(db: TDbOrTx, to: string, email: TRenderedEmail, serverSecret?: string): Promise<number> {
  // A link token is stored sealed only, never in the body (docs/decisions/021).
  if (serverSecret === undefined && hasClearSecrets(email.body))
    throw new Error('an email with a secret needs the server secret to seal it');
  const stored = serverSecret === undefined ? { body: email.body, secretsSealed: null } : sealBody(email.body, serverSecret);
  const row = firstOrThrow(
    await db
      .insert(emailLog)
      .values({ to, subject: email.subject, ...stored, priority: DELIVERY_PRIORITY[email.priority] })
      .returning({ id: emailLog.id }),
  );
  return row.id;
}
