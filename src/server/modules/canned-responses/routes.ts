import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCannedResponseInput, ZCannedResponseList, ZCannedResponseResponse, ZNumericIdParams } from '#shared/contracts/admin.js';
import { ZOk } from '#shared/contracts/common.js';
import type { TDb } from '#server/db/client.js';
import { actorOf } from '#server/plugins/access.js';
import { createCannedResponse, deleteCannedResponse, listCannedResponses, updateCannedResponse } from './service.js';

/** Canned responses: managed by super_admin and manager; read by whoever answers chats. */
export const cannedResponseRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  const manage = { area: 'cannedResponses' } as const;

  app.get(
    '/api/admin/canned-responses',
    { config: { access: manage }, schema: { tags: ['admin'], response: { 200: ZCannedResponseList } } },
    async () => ({ cannedResponses: await listCannedResponses(db) }),
  );

  app.post(
    '/api/admin/canned-responses',
    { config: { access: manage }, schema: { tags: ['admin'], body: ZCannedResponseInput, response: { 201: ZCannedResponseResponse } } },
    async (request, reply) => {
      const cannedResponse = await createCannedResponse(db, actorOf(request), request.body, request.ip);
      return reply.status(201).send({ cannedResponse });
    },
  );

  app.put(
    '/api/admin/canned-responses/:id',
    {
      config: { access: manage },
      schema: { tags: ['admin'], params: ZNumericIdParams, body: ZCannedResponseInput, response: { 200: ZCannedResponseResponse } },
    },
    async (request) => ({ cannedResponse: await updateCannedResponse(db, actorOf(request), request.params.id, request.body, request.ip) }),
  );

  app.delete(
    '/api/admin/canned-responses/:id',
    { config: { access: manage }, schema: { tags: ['admin'], params: ZNumericIdParams, response: { 200: ZOk } } },
    async (request) => {
      await deleteCannedResponse(db, actorOf(request), request.params.id, request.ip);
      return { ok: true as const };
    },
  );
};
