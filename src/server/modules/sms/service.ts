import { count, desc, eq } from 'drizzle-orm';
import type { TSmsLogItem, TSmsLogList } from '#shared/contracts/sms.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { smsLog } from '#server/db/schema/compliance.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError, notFound } from '#server/lib/errors.js';
import { unsealBody } from '#server/lib/email/secrets.js';
import { MSG } from '#shared/messages.js';
import { deliverableSms, maskSmsBody } from '#server/lib/sms/templates.js';
import type { TActor } from '#server/plugins/access.js';

const PAGE_SIZE = 20;

type TSmsRow = typeof smsLog.$inferSelect;

function toItem(row: TSmsRow, body: string, maskedSecrets: number): TSmsLogItem {
  return {
    id: row.id,
    to: row.to,
    kind: row.kind,
    body,
    maskedSecrets,
    status: row.status,
    provider: row.provider,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/**
 * One page of the SMS log, newest first. An SMS is a line of plain text, so the list carries the
 * bodies, with the one-time code of each phone verification SMS masked (docs/decisions/011).
 */
export async function listSms(db: TDb, page: number): Promise<TSmsLogList> {
  const rows = await db
    .select()
    .from(smsLog)
    .orderBy(desc(smsLog.createdAt), desc(smsLog.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const { total } = firstOrThrow(await db.select({ total: count() }).from(smsLog));
  const messages = rows.map((row) => {
    const masked = maskSmsBody(row.body);
    return toItem(row, masked.body, masked.maskedSecrets);
  });
  return { messages, total, page, pageSize: PAGE_SIZE };
}

/** An SMS as it was delivered, code included, for a reason that goes into the audit log first. */
export async function revealSms(
  db: TDb,
  serverSecret: string,
  actor: TActor,
  id: number,
  reason: string,
  ip: string,
): Promise<TSmsLogItem> {
  const [row] = await db.select().from(smsLog).where(eq(smsLog.id, id));
  if (!row) throw notFound();
  // Only an SMS not yet delivered still has its code, sealed (docs/decisions/021).
  if (!row.secretsSealed && maskSmsBody(row.body).maskedSecrets > 0) throw new AppError('SECRET_GONE', MSG.secretGone);
  await writeAudit(db, {
    actor,
    action: 'sms.reveal',
    targetType: 'sms',
    targetId: row.id,
    after: { reason, to: row.to, kind: row.kind },
    ip,
  });
  return toItem(row, deliverableSms(unsealBody(row, serverSecret)), 0);
}
