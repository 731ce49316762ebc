import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmailLogDetail, ZEmailLogList, ZEmailLogQuery, ZEmailRevealRequest, ZNumericIdParams } from '#shared/contracts/admin.js';
import type { TDb } from '#server/db/client.js';
import { actorOf } from '#server/plugins/access.js';
import { listEmails, revealEmail, viewEmail } from './service.js';

/**
 * /admin/emails (super_admin): the email log, newest first. Bodies are shown sandboxed by the web
 * app, with the tokens of password-reset and invitation links masked, and every view of a body is
 * audited; a super admin may reveal one, with a reason that goes into the audit log (decisions/013 D15,
 * docs/decisions/011). The list carries no bodies; a body is never cached.
 */
export const emailLogRoutes: FastifyPluginAsyncZod<{ db: TDb; serverSecret: string }> = async (app, { db, serverSecret }) => {
  const access = { area: 'emails' } as const;

  app.get(
    '/api/admin/emails',
    { config: { access }, schema: { tags: ['admin'], querystring: ZEmailLogQuery, response: { 200: ZEmailLogList } } },
    (request) => listEmails(db, request.query),
  );

  app.get(
    '/api/admin/emails/:id',
    { config: { access }, schema: { tags: ['admin'], params: ZNumericIdParams, response: { 200: ZEmailLogDetail } } },
    async (request, reply) => {
      const email = await viewEmail(db, actorOf(request), request.params.id, request.ip);
      reply.header('cache-control', 'no-store');
      return email;
    },
  );

  app.post(
    '/api/admin/emails/:id/reveal',
    {
      config: { access: { area: 'emailSecrets' }, errors: ['SECRET_GONE'] },
      schema: { tags: ['admin'], params: ZNumericIdParams, body: ZEmailRevealRequest, response: { 200: ZEmailLogDetail } },
    },
    async (request, reply) => {
      const email = await revealEmail(db, serverSecret, actorOf(request), request.params.id, request.body.reason, request.ip);
      reply.header('cache-control', 'no-store');
      return email;
    },
  );
};
