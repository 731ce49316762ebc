import { and, count, desc, gte, ilike, lt, notLike, type SQL } from 'drizzle-orm';
import type { TAuditList, TAuditQuery } from '#shared/contracts/admin.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { auditLog } from '#server/db/schema/app.js';
import { escapeLike } from '#server/lib/sql.js';
import { nameAuditEntries } from './names.js';
import { actorMatches, targetConditions } from './target-filter.js';

const PAGE_SIZE = 25;
const DAY_MS = 86_400_000;

/**
 * The log's filter: actor (name or email), action prefix, target (kind, and id or name:
 * target-filter.ts) and dates (UTC days, both ends included). The page and its CSV export
 * (modules/exports) select the same entries. The compliance records' digests (`record.*`,
 * written by the database's triggers for the chain: records.ts) are left out unless the action
 * filter asks for them: they are evidence for the verify command, not something a person did.
 */
export function auditFilter(query: Omit<TAuditQuery, 'page'>): SQL | undefined {
  const { actor, action, from, to } = query;
  const conditions: SQL[] = [];
  if (actor) conditions.push(actorMatches(actor));
  if (action) conditions.push(ilike(auditLog.action, `${escapeLike(action)}%`));
  if (!action?.toLowerCase().startsWith('record')) conditions.push(notLike(auditLog.action, 'record.%'));
  if (from) conditions.push(gte(auditLog.createdAt, new Date(`${from}T00:00:00Z`)));
  if (to) conditions.push(lt(auditLog.createdAt, new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS)));
  conditions.push(...targetConditions(query));
  return conditions.length ? and(...conditions) : undefined;
}

/** One page of the audit log, newest first, filtered by auditFilter, with the names of who and what (names.ts). */
export async function listAuditEntries(db: TDb, query: TAuditQuery): Promise<TAuditList> {
  const { page } = query;
  const where = auditFilter(query);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const { total } = firstOrThrow(await db.select({ total: count() }).from(auditLog).where(where));
  const names = await nameAuditEntries(db, rows);
  return {
    entries: rows.map((r, index) => ({
      id: r.id,
      actorEmail: r.actorEmail,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      ...names[index]!,
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
