import { and, count, desc, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuditList, ZAuditQuery } from '#shared/contracts/admin.js';
import type { TDb } from '#server/db/client.js';
import { auditLog } from '#server/db/schema/app.js';
import { firstOrThrow } from '#server/db/rows.js';

const PAGE_SIZE = 25;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** /admin/audit (super_admin): read-only; the table itself refuses updates and deletes. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  app.get(
    '/api/admin/audit',
    { config: { access: { area: 'audit' } }, schema: { tags: ['admin'], querystring: ZAuditQuery, response: { 200: ZAuditList } } },
    async (request) => {
      const { actor, action, from, to, page } = request.query;
      const conditions: SQL[] = [];
      if (actor) conditions.push(ilike(auditLog.actorEmail, `%${escapeLike(actor)}%`));
      if (action) conditions.push(ilike(auditLog.action, `${escapeLike(action)}%`));
      if (from) conditions.push(gte(auditLog.createdAt, new Date(`${from}T00:00:00Z`)));
      if (to) conditions.push(lt(auditLog.createdAt, new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000)));
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
    },
  );
};
