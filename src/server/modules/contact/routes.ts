import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOk } from '#shared/contracts/common.js';
import { CONTACT_FORM_MSG, ZContactMessage } from '#shared/contracts/content.js';
import { perIp, RATE_LIMITS } from '#server/plugins/rate-limit.js';
import { receiveContactMessage, type TContactDeps } from './service.js';

/**
 * The public contact form (docs/product.md §2, docs/decisions/022): the message reaches the
 * support inbox and the sender gets an acknowledgement email.
 */
export const contactRoutes: FastifyPluginAsyncZod<TContactDeps> = async (app, deps) => {
  app.post(
    '/api/contact',
    {
      config: {
        access: 'public',
        rateLimit: perIp(RATE_LIMITS.contactPerIp, { message: CONTACT_FORM_MSG.tooMany }),
        errors: ['RATE_LIMITED'],
      },
      // A 2 000-character message may take 12 KB as \uXXXX escapes: above the 8 KB of public routes (plugins/body-limits.ts).
      bodyLimit: 16 * 1024,
      schema: { tags: ['content'], body: ZContactMessage, response: { 201: ZOk } },
    },
    async (request, reply) => {
      // Public: a signed-in customer's message joins their own conversation, anyone else's is a visitor's.
      await receiveContactMessage(deps, await request.currentUser(), request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );
};
