import { count, desc, eq } from 'drizzle-orm';
import type { TEmailLogDetail, TEmailLogList } from '#shared/contracts/admin.js';
import type { TDb } from '#server/db/client.js';
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

/** One page of the log, newest first, without bodies. */
export async function listEmails(db: TDb, page: number): Promise<TEmailLogList> {
  const rows = await db
    .select(listColumns)
    .from(emailLog)
    .orderBy(desc(emailLog.sentAt), desc(emailLog.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const { total } = firstOrThrow(await db.select({ total: count() }).from(emailLog));
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
