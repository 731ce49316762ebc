import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmailLogDetail, ZEmailLogList, ZEmailLogQuery, ZNumericIdParams } from '../../../shared/contracts/admin.js';
import type { TDb } from '../../db/client.js';
import { emailLog } from '../../db/schema/app.js';
import { notFound } from '../../lib/errors.js';

const PAGE_SIZE = 20;
const listColumns = { id: emailLog.id, to: emailLog.to, subject: emailLog.subject, sentAt: emailLog.sentAt, status: emailLog.status };

/** /admin/emails (super_admin): the email log, newest first. Bodies are shown sandboxed by the web app. */
export const emailLogRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  const access = { area: 'emails' } as const;

  app.get('/api/admin/emails', { config: { access }, schema: { tags: ['admin'], querystring: ZEmailLogQuery, response: { 200: ZEmailLogList } } }, async (request) => {
    const rows = await db
      .select(listColumns)
      .from(emailLog)
      .orderBy(desc(emailLog.sentAt), desc(emailLog.id))
      .limit(PAGE_SIZE)
      .offset((request.query.page - 1) * PAGE_SIZE);
    const [{ total }] = await db.select({ total: count() }).from(emailLog);
    return { emails: rows.map((r) => ({ ...r, sentAt: r.sentAt.toISOString() })), total, page: request.query.page, pageSize: PAGE_SIZE };
  });

  app.get('/api/admin/emails/:id', { config: { access }, schema: { tags: ['admin'], params: ZNumericIdParams, response: { 200: ZEmailLogDetail } } }, async (request) => {
    const [row] = await db.select().from(emailLog).where(eq(emailLog.id, request.params.id));
    if (!row) throw notFound();
    return { id: row.id, to: row.to, subject: row.subject, sentAt: row.sentAt.toISOString(), status: row.status, body: row.body, lastError: row.lastError };
  });
};
