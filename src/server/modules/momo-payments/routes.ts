import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAutoPayoutPolicy, ZMomoOrderState, ZMomoPayment, ZMomoPayRequest } from '#shared/contracts/momo.js';
import { ZOrderIdParams } from '#shared/contracts/orders.js';
import { actorOf } from '#server/plugins/access.js';
import { perIp, perUser, RATE_LIMITS } from '#server/plugins/rate-limit.js';
import { getAutoPayoutPolicy, updateAutoPayoutPolicy } from './payouts.js';
import { checkMomoPaymentByReference, momoOrderState, requestMomoPayment, type TMomoPaymentsDeps } from './service.js';

/**
 * "Pay with MTN MoMo" (docs/decisions/060): the customer's state and prompt of their own order,
 * and MTN's callback. The callback is public and unsigned (MTN signs nothing): whatever its body
 * says, it only makes the server read the named payment's status back from MTN, and it answers
 * the same whether the reference is known or not.
 */
export const momoPaymentRoutes: FastifyPluginAsyncZod<TMomoPaymentsDeps> = async (app, deps) => {
  app.get(
    '/api/orders/:id/momo',
    {
      config: { access: 'customer' },
      schema: { tags: ['orders'], params: ZOrderIdParams, response: { 200: ZMomoOrderState } },
    },
    async (request) => momoOrderState(deps, actorOf(request), request.params.id),
  );

  app.post(
    '/api/orders/:id/momo',
    {
      config: {
        access: 'customer',
        rateLimit: perUser(RATE_LIMITS.ordersPerUser),
        errors: ['NOT_FOUND', 'ORDER_NOT_AWAITING', 'MOMO_NOT_AVAILABLE', 'MOMO_ALREADY_PENDING'],
      },
      schema: { tags: ['orders'], params: ZOrderIdParams, body: ZMomoPayRequest, response: { 200: z.object({ payment: ZMomoPayment }) } },
    },
    async (request) => ({ payment: await requestMomoPayment(deps, actorOf(request), request.params.id, request.body.phone) }),
  );

  // The auto-payout policy (docs/decisions/061): the super admin's, as the other money settings.
  app.get(
    '/api/admin/auto-payout-policy',
    { config: { access: { area: 'settings' } }, schema: { tags: ['admin'], response: { 200: z.object({ policy: ZAutoPayoutPolicy }) } } },
    async () => ({ policy: await getAutoPayoutPolicy(deps.db) }),
  );
  app.put(
    '/api/admin/auto-payout-policy',
    {
      config: { access: { area: 'settings' } },
      schema: { tags: ['admin'], body: ZAutoPayoutPolicy, response: { 200: z.object({ policy: ZAutoPayoutPolicy }) } },
    },
    async (request) => ({ policy: await updateAutoPayoutPolicy(deps.db, actorOf(request), request.body, request.ip) }),
  );

  // MTN sends its notice with PUT (v1_0 operations); POST is taken too.
  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/api/momo/mtn/callback/:referenceId',
      config: { access: 'public', rateLimit: perIp(RATE_LIMITS.momoCallbacksPerIp) },
      schema: {
        tags: ['system'],
        hide: true,
        params: z.object({ referenceId: z.string().max(100) }).strict(),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
      handler: async (request) => {
        const referenceId = request.params.referenceId.toLowerCase();
        if (/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(referenceId)) {
          // What goes wrong is this server's to log and the poller's to read again, never MTN's to hear.
          await checkMomoPaymentByReference(deps, referenceId).catch((error: unknown) =>
            request.log.error({ err: error, referenceId }, "momo: the callback's status read failed"),
          );
        }
        return { ok: true as const };
      },
    });
  }
};
