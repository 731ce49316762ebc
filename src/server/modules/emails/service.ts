import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { TEmailLogDetail, TEmailLogList, TEmailLogQuery } from '#shared/contracts/admin.js';
import type { TDb, TDbOrTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { emailLog } from '#server/db/schema/app.js';
import { writeAudit } from '#server/lib/audit.js';
import { deliverableBody, maskEmailBody, unsealBody } from '#server/lib/email/secrets.js';
import { AppError, notFound } from '#server/lib/errors.js';
import { MSG } from '#shared/messages.js';
import type { TActor } from '#server/plugins/access.js';

const PAGE_SIZE = 20;
const listColumns = { id: emailLog.id, to: emailLog.to, subject: emailLog.subject, sentAt: emailLog.sentAt, status: emailLog.status };

type TEmailRow = typeof emailLog.$inferSelect;

function toDetail(row: TEmailRow, body: string, maskedSecrets: number): TEmailLogDetail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    sentAt: row.sentAt.toISOString(),
    status: row.status,
    body,
    lastError: row.lastError,
    maskedSecrets,
  };
}

async function findEmail(db: TDb, id: number): Promise<TEmailRow> {
  const [row] = await db.select().from(emailLog).where(eq(emailLog.id, id));
  if (!row) throw notFound();
  return row;
}

/**
 * An email that did not go out (docs/decisions/033): failed for good (every try, or a test email),
 * skipped (no SMTP settings when its turn came), or waiting for another try after a failed one.
 */
export const undeliveredEmail: SQL = sql`(${emailLog.status} IN ('failed', 'skipped') OR (${emailLog.status} = 'pending' AND ${emailLog.lastError} IS NOT NULL))`;

/** How many emails queued since `since` did not go out (the dashboard's warning, issue 27 point 7). */
export async function countUndeliveredSince(db: TDbOrTx, since: Date): Promise<number> {
  const { total } = firstOrThrow(
    await db
      .select({ total: count() })
      .from(emailLog)
      .where(and(gte(emailLog.sentAt, since), undeliveredEmail)),
  );
  return total;
}

/** One page of the log, newest first, without bodies; with status=undelivered, only the emails that did not go out. */
export async function listEmails(db: TDb, query: TEmailLogQuery): Promise<TEmailLogList> {
  const { page } = query;
  const where = query.status === 'undelivered' ? undeliveredEmail : undefined;
  const rows = await db
    .select(listColumns)
    .from(emailLog)
    .where(where)
    .orderBy(desc(emailLog.sentAt), desc(emailLog.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const { total } = firstOrThrow(await db.select({ total: count() }).from(emailLog).where(where));
  return { emails: rows.map((r) => ({ ...r, sentAt: r.sentAt.toISOString() })), total, page, pageSize: PAGE_SIZE };
}

/** An email with the tokens of its links masked. The view is audited before the body leaves: no audit entry, no body. */
export async function viewEmail(db: TDb, actor: TActor, id: number, ip: string): Promise<TEmailLogDetail> {
  const row = await findEmail(db, id);
  await writeAudit(db, {
    actor,
    action: 'email.view',
    targetType: 'email',
    targetId: row.id,
    after: { to: row.to, subject: row.subject },
    ip,
  });
  const masked = maskEmailBody(row.body);
  return toDetail(row, masked.body, masked.maskedSecrets);
}

/** An email as it was delivered, tokens included, for a reason that goes into the audit log first. */
export async function revealEmail(
  db: TDb,
  serverSecret: string,
  actor: TActor,
  id: number,
  reason: string,
  ip: string,
): Promise<TEmailLogDetail> {
  const row = await findEmail(db, id);
  // Only a message not yet delivered still has its token, sealed (docs/decisions/021).
  if (!row.secretsSealed && maskEmailBody(row.body).maskedSecrets > 0) throw new AppError('SECRET_GONE', MSG.secretGone);
  await writeAudit(db, {
    actor,
    action: 'email.reveal',
    targetType: 'email',
    targetId: row.id,
    after: { reason, to: row.to, subject: row.subject },
    ip,
  });
  return toDetail(row, deliverableBody(unsealBody(row, serverSecret)), 0);
}
