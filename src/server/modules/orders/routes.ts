import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ORDER_MSG,
  ZAdminOrderList,
  ZAdminOrderQuery,
  ZAdminOrderResponse,
  ZApproveOrderRequest,
  ZCancelOrderRequest,
  ZCoinList,
  ZCreateOrderRequest,
  ZLimitResponse,
  ZOrderIdParams,
  ZOrderList,
  ZOrderResponse,
  ZPaymentMethodList,
  ZQuote,
  ZQuoteRequest,
  ZSubmitPaymentRequest,
} from '#shared/contracts/orders.js';
import { hashRequestBody } from '#server/lib/request-hash.js';
import { actorOf } from '#server/plugins/access.js';
import {
  cancelOwnOrder,
  createQuote,
  decideOrder,
  findAdminOrders,
  findMyOrders,
  getAdminOrder,
  getLimit,
  getMyOrder,
  listEnabledPaymentMethods,
  listTradableCoins,
  placeOrder,
  submitPayment,
  toOrder,
  type TOrderDeps,
} from './service.js';
import { perUser, RATE_LIMITS } from '#server/plugins/rate-limit.js';

/**
 * An Idempotency-Key is a token the client made up (the web app sends a UUID): 8 to 100 letters,
 * digits and - _ . : so that nothing absurd (10 kB, control characters) is stored or compared.
 */
const ZIdempotencyHeaders = z
  .object({
    'idempotency-key': z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{8,100}$/, ORDER_MSG.idempotencyKeyInvalid)
      .optional(),
  })
  .passthrough();

export const orderRoutes: FastifyPluginAsyncZod<TOrderDeps> = async (app, deps) => {
  app.get('/api/coins', { config: { access: 'public' }, schema: { tags: ['orders'], response: { 200: ZCoinList } } }, async () => ({
    coins: await listTradableCoins(deps.db),
  }));

  app.get(
    '/api/payment-methods',
    { config: { access: 'user' }, schema: { tags: ['orders'], response: { 200: ZPaymentMethodList } } },
    async () => ({ paymentMethods: await listEnabledPaymentMethods(deps.db) }),
  );

  app.get(
    '/api/orders/limit',
    { config: { access: 'customer' }, schema: { tags: ['orders'], response: { 200: ZLimitResponse } } },
    async (request) => getLimit(deps.db, actorOf(request).id),
  );

  app.post(
    '/api/quotes',
    {
      config: { access: 'customer', rateLimit: perUser(RATE_LIMITS.quotesPerUser), errors: ['COIN_UNAVAILABLE', 'UNAVAILABLE'] },
      schema: { tags: ['orders'], body: ZQuoteRequest, response: { 201: ZQuote } },
    },
    async (request, reply) => {
      return reply.status(201).send(await createQuote(deps, actorOf(request), request.body));
    },
  );

  app.post(
    '/api/orders',
    {
      config: {
        access: 'customer',
        rateLimit: perUser(RATE_LIMITS.ordersPerUser),
        errors: [
          'NOT_FOUND',
          'COIN_UNAVAILABLE',
          'PAYMENT_METHOD_UNAVAILABLE',
          'WALLET_NOT_CONFIGURED',
          'QUOTE_INVALID',
          'QUOTE_EXPIRED',
          'QUOTE_USED',
          'TX_ID_USED',
          'IDEMPOTENCY_KEY_REUSED',
        ],
      },
      schema: {
        tags: ['orders'],
        headers: ZIdempotencyHeaders,
        body: ZCreateOrderRequest,
        response: { 200: ZOrderResponse, 201: ZOrderResponse },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const key = request.headers['idempotency-key'];
      const idempotency = key === undefined ? undefined : { key, bodyHash: hashRequestBody(request.body) };
      const { order, isReplay } = await placeOrder(deps, actor, request.body, idempotency);
      return reply.status(isReplay ? 200 : 201).send({ order: toOrder(order) });
    },
  );

  app.get(
    '/api/orders',
    { config: { access: 'customer' }, schema: { tags: ['orders'], response: { 200: ZOrderList } } },
    async (request) => ({ orders: await findMyOrders(deps.db, actorOf(request).id) }),
  );

  app.get(
    '/api/orders/:id',
    { config: { access: 'customer' }, schema: { tags: ['orders'], params: ZOrderIdParams, response: { 200: ZOrderResponse } } },
    async (request) => ({ order: await getMyOrder(deps.db, actorOf(request).id, request.params.id) }),
  );

  app.get(
    '/api/admin/orders',
    {
      config: { access: { area: 'orders' } },
      schema: { tags: ['orders'], querystring: ZAdminOrderQuery, response: { 200: ZAdminOrderList } },
    },
    async (request) => findAdminOrders(deps.db, request.query),
  );

  app.get(
    '/api/admin/orders/:id',
    {
      config: { access: { area: 'orders' } },
      schema: { tags: ['orders'], params: ZOrderIdParams, response: { 200: ZAdminOrderResponse } },
    },
    async (request) => ({ order: await getAdminOrder(deps.db, request.params.id) }),
  );

  app.post(
    '/api/orders/:id/payment',
    {
      config: {
        access: 'customer',
        rateLimit: perUser(RATE_LIMITS.ordersPerUser),
        errors: ['NOT_FOUND', 'ORDER_NOT_AWAITING', 'ORDER_EXPIRED', 'TX_ID_USED'],
      },
      schema: { tags: ['orders'], params: ZOrderIdParams, body: ZSubmitPaymentRequest, response: { 200: ZOrderResponse } },
    },
    async (request) => ({ order: await submitPayment(deps, actorOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      config: { access: 'customer', errors: ['NOT_FOUND', 'ORDER_NOT_AWAITING', 'ORDER_EXPIRED'] },
      schema: { tags: ['orders'], params: ZOrderIdParams, response: { 200: ZOrderResponse } },
    },
    async (request) => ({ order: await cancelOwnOrder(deps, actorOf(request), request.params.id) }),
  );

  const decisionConfig = { access: { area: 'orders' }, errors: ['NOT_FOUND', 'ORDER_ALREADY_DECIDED'] } as const;
  app.post(
    '/api/admin/orders/:id/approve',
    {
      config: decisionConfig,
      schema: { tags: ['orders'], params: ZOrderIdParams, body: ZApproveOrderRequest.nullish(), response: { 200: ZAdminOrderResponse } },
    },
    async (request) => ({
      order: await decideOrder(deps, {
        actor: actorOf(request),
        id: request.params.id,
        status: 'completed',
        ip: request.ip,
        ...request.body,
      }),
    }),
  );
  app.post(
    '/api/admin/orders/:id/cancel',
    {
      config: decisionConfig,
      schema: { tags: ['orders'], params: ZOrderIdParams, body: ZCancelOrderRequest.nullish(), response: { 200: ZAdminOrderResponse } },
    },
    async (request) => ({
      order: await decideOrder(deps, {
        actor: actorOf(request),
        id: request.params.id,
        status: 'cancelled',
        ip: request.ip,
        ...request.body,
      }),
    }),
  );
};
