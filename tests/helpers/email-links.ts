import { and, asc, eq } from 'drizzle-orm';
import type { TDb } from '#server/db/client.js';
import { emailLog } from '#server/db/schema/app.js';
import { deliverableBody, unsealBody, type TSealedBody } from '#server/lib/email/secrets.js';
import { testConfig } from './test-app.js';

export { VERIFY_EMAIL_SUBJECT } from './test-app.js';

/** The emails logged for `to` with `subject`, oldest first (what their inbox would hold). */
export async function emailsTo(db: TDb, to: string, subject: string) {
  return db
    .select()
    .from(emailLog)
    .where(and(eq(emailLog.to, to), eq(emailLog.subject, subject)))
    .orderBy(asc(emailLog.id));
}

/**
 * The token of the `#/reset-password`, `#/verify-email` or `#/admin/set-password` link in an email, as its recipient
 * gets it: a logged email (a row) has its sealed token put back as the sender does, with the test
 * server secret (docs/decisions/021), while it is not delivered; a body shown to staff (a string)
 * keeps its mask.
 */
export function linkToken(
  email: string | TSealedBody,
  route: '/reset-password' | '/admin/set-password' | '/admin/two-factor-setup' | '/verify-email',
): string {
  const body = typeof email === 'string' ? email : unsealBody(email, testConfig().authSecret);
  const [, token] = new RegExp(`#${route}\\?token=([^"&<\\s]+)`).exec(deliverableBody(body)) ?? [];
  if (token === undefined) throw new Error(`no ${route} link in the email`);
  return decodeURIComponent(token);
}
