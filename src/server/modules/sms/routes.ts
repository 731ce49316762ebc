import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZNumericIdParams } from '#shared/contracts/admin.js';
import { ZSmsLogItem, ZSmsLogList, ZSmsLogQuery, ZSmsRevealRequest } from '#shared/contracts/sms.js';
import type { TDb } from '#server/db/client.js';
import { actorOf } from '#server/plugins/access.js';
import { listSms, revealSms } from './service.js';

/**
 * /admin/sms (super_admin): the SMS log, newest first, like the Email Log. The one-time code of a
 * phone verification SMS is masked; a holder of the `smsSecrets` area may reveal one SMS with a
 * reason that goes into the audit log (docs/decisions/011). Neither answer is cached.
 */
export const smsLogRoutes: FastifyPluginAsyncZod<{ db: TDb; serverSecret: string }> = async (app, { db, serverSecret }) => {
  app.get(
    '/api/admin/sms',
    { config: { access: { area: 'sms' } }, schema: { tags: ['admin'], querystring: ZSmsLogQuery, response: { 200: ZSmsLogList } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSms(db, request.query.page);
    },
  );

  app.post(
    '/api/admin/sms/:id/reveal',
    {
      config: { access: { area: 'smsSecrets' }, errors: ['SECRET_GONE'] },
      schema: { tags: ['admin'], params: ZNumericIdParams, body: ZSmsRevealRequest, response: { 200: ZSmsLogItem } },
    },
    async (request, reply) => {
      const sms = await revealSms(db, serverSecret, actorOf(request), request.params.id, request.body.reason, request.ip);
      reply.header('cache-control', 'no-store');
      return sms;
    },
  );
};
