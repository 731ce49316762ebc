import { and, asc, eq } from 'drizzle-orm';
import type { TDb } from '#server/db/client.js';
import { emailLog } from '#server/db/schema/app.js';
import { deliverableBody } from '#server/lib/email/secrets.js';

/** The emails logged for `to` with `subject`, oldest first (what their inbox would hold). */
export async function emailsTo(db: TDb, to: string, subject: string) {
  return db
    .select()
    .from(emailLog)
    .where(and(eq(emailLog.to, to), eq(emailLog.subject, subject)))
    .orderBy(asc(emailLog.id));
}

/**
 * The token of the `#/reset-password` or `#/admin/set-password` link in an email body, as its
 * recipient gets it: a logged body goes through the sender's deliverableBody first (a body shown
 * to staff has no markers, and keeps its mask).
 */
export function linkToken(body: string, route: '/reset-password' | '/admin/set-password'): string {
  const [, token] = new RegExp(`#${route}\\?token=([^"&<\\s]+)`).exec(deliverableBody(body)) ?? [];
  if (token === undefined) throw new Error(`no ${route} link in the email`);
  return decodeURIComponent(token);
}
