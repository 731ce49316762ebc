import type { TDbOrTx } from '#server/db/client.js';
import { emailLog } from '#server/db/schema/app.js';
import type { TRenderedEmail } from './templates.js';
import { firstOrThrow } from '#server/db/rows.js';

/**
 * Writes an email to the email log (decisions/013 D12). Call it inside the transaction of the event that
 * causes it: if the event rolls back, so does the email. The background sender delivers it.
 */
export async function queueEmail(db: TDbOrTx, to: string, email: TRenderedEmail): Promise<number> {
  const row = firstOrThrow(
    await db.insert(emailLog).values({ to, subject: email.subject, body: email.body }).returning({ id: emailLog.id }),
  );
  return row.id;
}
