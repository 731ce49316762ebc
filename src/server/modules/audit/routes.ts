import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuditList, ZAuditQuery } from '#shared/contracts/admin.js';
import type { TDb } from '#server/db/client.js';
import { listAuditEntries } from './service.js';

/** /admin/audit (super_admin): read-only; the table itself refuses updates and deletes. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  app.get(
    '/api/admin/audit',
    { config: { access: { area: 'audit' } }, schema: { tags: ['admin'], querystring: ZAuditQuery, response: { 200: ZAuditList } } },
    (request) => listAuditEntries(db, request.query),
  );
};
