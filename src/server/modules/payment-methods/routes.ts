import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminPaymentMethodList, ZNumericIdParams } from '#shared/contracts/admin.js';
import {
  ZPaymentMethodRequest,
  ZPaymentMethodResponseWithChange,
  ZPaymentMethodToggleRequest,
} from '#shared/contracts/destination-changes.js';
import type { TDestinationDeps } from '#server/modules/destination-changes/service.js';
import { ZOk } from '#shared/contracts/common.js';
import { ZPaymentMethodList } from '#shared/contracts/orders.js';
import type { TDb } from '#server/db/client.js';
import { actorOf } from '#server/plugins/access.js';
import {
  createPaymentMethod,
  deletePaymentMethod,
  listEnabledPaymentMethods,
  listPaymentMethods,
  setPaymentMethodEnabled,
  updatePaymentMethod,
} from './service.js';

/**
 * /admin/payment-methods (super_admin, manager): every change audited with before and after; a
 * change of a method's account waits for a second admin (issue 27 point 3, docs/decisions/030), and
 * so do a new method and turning one back on (docs/decisions/035).
 */
export const paymentMethodRoutes: FastifyPluginAsyncZod<{ db: TDb; destinations: TDestinationDeps }> = async (
  app,
  { db, destinations },
) => {
  const access = { area: 'paymentMethods' } as const;

  // The methods a signed-in buyer may pay with (tagged with the orders' routes).
  app.get(
    '/api/payment-methods',
    { config: { access: 'user' }, schema: { tags: ['orders'], response: { 200: ZPaymentMethodList } } },
    async () => ({ paymentMethods: await listEnabledPaymentMethods(db) }),
  );

  app.get(
    '/api/admin/payment-methods',
    { config: { access }, schema: { tags: ['admin'], response: { 200: ZAdminPaymentMethodList } } },
    async () => ({ paymentMethods: await listPaymentMethods(db) }),
  );

  app.post(
    '/api/admin/payment-methods',
    {
      config: { access, errors: ['INVALID_CREDENTIALS', 'CODE_REUSED'] },
      schema: { tags: ['admin'], body: ZPaymentMethodRequest, response: { 201: ZPaymentMethodResponseWithChange } },
    },
    async (request, reply) => reply.status(201).send(await createPaymentMethod(destinations, request, request.body)),
  );

  app.put(
    '/api/admin/payment-methods/:id',
    {
      config: { access, errors: ['CHANGE_ALREADY_PENDING', 'INVALID_CREDENTIALS', 'CODE_REUSED'] },
      schema: {
        tags: ['admin'],
        params: ZNumericIdParams,
        body: ZPaymentMethodRequest,
        response: { 200: ZPaymentMethodResponseWithChange },
      },
    },
    async (request) => updatePaymentMethod(destinations, request, request.params.id, request.body),
  );

  app.patch(
    '/api/admin/payment-methods/:id',
    {
      config: { access, errors: ['CHANGE_ALREADY_PENDING', 'INVALID_CREDENTIALS', 'CODE_REUSED'] },
      schema: {
        tags: ['admin'],
        params: ZNumericIdParams,
        body: ZPaymentMethodToggleRequest,
        response: { 200: ZPaymentMethodResponseWithChange },
      },
    },
    async (request) => setPaymentMethodEnabled(destinations, request, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/payment-methods/:id',
    {
      config: { access, errors: ['NOT_FOUND', 'PAYMENT_METHOD_IN_USE'] },
      schema: { tags: ['admin'], params: ZNumericIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      await deletePaymentMethod(db, actorOf(request), request.params.id, request.ip);
      return { ok: true as const };
    },
  );
};
