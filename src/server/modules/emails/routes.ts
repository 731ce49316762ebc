import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmailLogDetail, ZEmailLogList, ZEmailLogQuery, ZEmailRevealRequest, ZNumericIdParams } from '#shared/contracts/admin.js';
import type { TDb } from '#server/db/client.js';
import { emailLog } from '#server/db/schema/app.js';
import { writeAudit } from '#server/lib/audit.js';
import { deliverableBody, maskEmailBody } from '#server/lib/email/secrets.js';
import { notFound } from '#server/lib/errors.js';
import { requireActor } from '#server/plugins/access.js';
import { firstOrThrow } from '#server/db/rows.js';

const PAGE_SIZE = 20;
const listColumns = { id: emailLog.id, to: emailLog.to, subject: emailLog.subject, sentAt: emailLog.sentAt, status: emailLog.status };

type TEmailRow = typeof emailLog.$inferSelect;

function toDetail(row: TEmailRow, body: string, maskedSecrets: number) {
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

/**
 * /admin/emails (super_admin): the email log, newest first. Bodies are shown sandboxed by the web
 * app, with the tokens of password-reset and invitation links masked, and every view of a body is
 * audited; a super admin may reveal one, with a reason that goes into the audit log (decisions/013 D15,
 * docs/decisions/011). The list carries no bodies.
 */
export const emailLogRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  const access = { area: 'emails' } as const;

  async function findEmail(id: number): Promise<TEmailRow> {
    const [row] = await db.select().from(emailLog).where(eq(emailLog.id, id));
    if (!row) throw notFound();
    return row;
  }

  app.get(
    '/api/admin/emails',
    { config: { access }, schema: { tags: ['admin'], querystring: ZEmailLogQuery, response: { 200: ZEmailLogList } } },
    async (request) => {
      const rows = await db
        .select(listColumns)
        .from(emailLog)
        .orderBy(desc(emailLog.sentAt), desc(emailLog.id))
        .limit(PAGE_SIZE)
        .offset((request.query.page - 1) * PAGE_SIZE);
      const { total } = firstOrThrow(await db.select({ total: count() }).from(emailLog));
      return { emails: rows.map((r) => ({ ...r, sentAt: r.sentAt.toISOString() })), total, page: request.query.page, pageSize: PAGE_SIZE };
    },
  );

  app.get(
    '/api/admin/emails/:id',
    { config: { access }, schema: { tags: ['admin'], params: ZNumericIdParams, response: { 200: ZEmailLogDetail } } },
    async (request, reply) => {
      const actor = await requireActor(request);
      const row = await findEmail(request.params.id);
      // Written before the body leaves: no audit entry, no body.
      await writeAudit(db, {
        actor,
        action: 'email.view',
        targetType: 'email',
        targetId: row.id,
        after: { to: row.to, subject: row.subject },
        ip: request.ip,
      });
      const masked = maskEmailBody(row.body);
      reply.header('cache-control', 'no-store');
      return toDetail(row, masked.body, masked.maskedSecrets);
    },
  );

  app.post(
    '/api/admin/emails/:id/reveal',
    {
      config: { access: { area: 'emailSecrets' } },
      schema: { tags: ['admin'], params: ZNumericIdParams, body: ZEmailRevealRequest, response: { 200: ZEmailLogDetail } },
    },
    async (request, reply) => {
      const actor = await requireActor(request);
      const row = await findEmail(request.params.id);
      await writeAudit(db, {
        actor,
        action: 'email.reveal',
        targetType: 'email',
        targetId: row.id,
        after: { reason: request.body.reason, to: row.to, subject: row.subject },
        ip: request.ip,
      });
      reply.header('cache-control', 'no-store');
      return toDetail(row, deliverableBody(row.body), 0);
    },
  );
};
