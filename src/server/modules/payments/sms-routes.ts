import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SMS_FORWARDER_HEADERS,
  SMS_FORWARDER_PATH,
  ZCreateSmsForwarder,
  ZSmsForwarderCreated,
  ZSmsForwarderRevoked,
  ZSmsForwarders,
  ZSmsWebhookResult,
} from '#shared/contracts/sms-forwarders.js';
import { actorOf } from '#server/plugins/access.js';
import { perIp, RATE_LIMITS } from '#server/plugins/rate-limit.js';
import { createForwarder, listForwarders, receiveSms, revokeForwarder, type TSmsForwarderDeps } from './sms-forwarders.js';

const ZDeviceParams = z.object({ id: z.string().min(1).max(64) }).strict();

/**
 * SMS forwarders (issue 33 point 6, docs/decisions/059): the back-office's devices (the
 * `smsForwarders` area) and the public webhook the devices sign.
 */
export const smsForwarderRoutes: FastifyPluginAsyncZod<TSmsForwarderDeps> = async (app, deps) => {
  const access = { area: 'smsForwarders' } as const;
  const tags = ['admin'];

  app.get('/api/admin/sms-forwarders', { config: { access }, schema: { tags, response: { 200: ZSmsForwarders } } }, async () => ({
    forwarders: await listForwarders(deps),
  }));

  app.post(
    '/api/admin/sms-forwarders',
    { config: { access }, schema: { tags, body: ZCreateSmsForwarder, response: { 201: ZSmsForwarderCreated } } },
    async (request, reply) => reply.status(201).send(await createForwarder(deps, actorOf(request), request.body, request.ip)),
  );

  app.post(
    '/api/admin/sms-forwarders/:id/revoke',
    {
      config: { access, errors: ['SMS_FORWARDER_ALREADY_REVOKED'] },
      schema: { tags, params: ZDeviceParams, response: { 200: ZSmsForwarderRevoked } },
    },
    async (request) => revokeForwarder(deps, actorOf(request), request.params.id, request.ip),
  );

  // The webhook reads its body as the text that was signed: JSON is parsed only once the signature holds.
  await app.register(async (scope) => {
    const webhook = scope.withTypeProvider<ZodTypeProvider>();
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    webhook.post(
      `${SMS_FORWARDER_PATH}/:id`,
      {
        config: {
          access: 'public',
          rateLimit: perIp(RATE_LIMITS.smsForwarderPerIp),
          errors: ['SMS_FORWARDER_UNKNOWN', 'SMS_FORWARDER_REVOKED', 'SMS_SIGNATURE_INVALID', 'SMS_TIMESTAMP_STALE', 'SMS_REPLAYED'],
        },
        schema: { tags: ['sms-forwarder'], params: ZDeviceParams, response: { 200: ZSmsWebhookResult } },
      },
      async (request) => {
        const header = (name: string) => {
          const value = request.headers[name.toLowerCase()];
          return Array.isArray(value) ? value[0] : value;
        };
        return receiveSms(deps, {
          deviceId: request.params.id,
          rawBody: typeof request.body === 'string' ? request.body : '',
          signature: header(SMS_FORWARDER_HEADERS.signature),
          timestamp: header(SMS_FORWARDER_HEADERS.timestamp),
          ip: request.ip,
        });
      },
    );
  });
};
