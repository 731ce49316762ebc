import { and, count, desc, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { TAuditList, TAuditQuery } from '#shared/contracts/admin.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { auditLog } from '#server/db/schema/app.js';
import { containsPattern, escapeLike } from '#server/lib/sql.js';

const PAGE_SIZE = 25;
const DAY_MS = 86_400_000;

/** One page of the audit log, newest first, filtered by actor email, action prefix and dates (UTC days, both ends included). */
export async function listAuditEntries(db: TDb, query: TAuditQuery): Promise<TAuditList> {
  const { actor, action, from, to, page } = query;
  const conditions: SQL[] = [];
  if (actor) conditions.push(ilike(auditLog.actorEmail, containsPattern(actor)));
  if (action) conditions.push(ilike(auditLog.action, `${escapeLike(action)}%`));
  if (from) conditions.push(gte(auditLog.createdAt, new Date(`${from}T00:00:00Z`)));
  if (to) conditions.push(lt(auditLog.createdAt, new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS)));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const { total } = firstOrThrow(await db.select({ total: count() }).from(auditLog).where(where));
  return {
    entries: rows.map((r) => ({
      id: r.id,
      actorEmail: r.actorEmail,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      before: r.before,
      after: r.after,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    page,
    pageSize: PAGE_SIZE,
  };
}
