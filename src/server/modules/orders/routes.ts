import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ORDER_MSG,
  ZAdminOrderList,
  ZAdminOrderQuery,
  ZAdminOrderResponse,
  ZCoinList,
  ZCreateOrderRequest,
  ZLimitResponse,
  ZOrderIdParams,
  ZOrderList,
  ZOrderResponse,
  ZPaymentMethodList,
  ZQuote,
  ZQuoteRequest,
} from '#shared/contracts/orders.js';
import { COIN_NETWORKS } from '#shared/wallet-address.js';
import { coins, paymentMethods } from '#server/db/schema/app.js';
import { hashRequestBody } from '#server/lib/request-hash.js';
import { requireActor } from '#server/plugins/access.js';
import {
  createQuote,
  decideOrder,
  findAdminOrders,
  findMyOrders,
  getAdminOrder,
  getLimit,
  getMyOrder,
  placeOrder,
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
  app.get('/api/coins', { config: { access: 'public' }, schema: { tags: ['orders'], response: { 200: ZCoinList } } }, async () => {
    const rows = await deps.db.select().from(coins).where(eq(coins.isEnabled, true)).orderBy(asc(coins.sortOrder));
    return {
      coins: rows.map((c) => ({ symbol: c.symbol, name: c.name, walletAddress: c.walletAddress, network: COIN_NETWORKS[c.symbol] ?? '' })),
    };
  });

  app.get(
    '/api/payment-methods',
    { config: { access: 'user' }, schema: { tags: ['orders'], response: { 200: ZPaymentMethodList } } },
    async () => {
      const rows = await deps.db.select().from(paymentMethods).where(eq(paymentMethods.isEnabled, true)).orderBy(asc(paymentMethods.id));
      return { paymentMethods: rows.map((m) => ({ id: m.id, name: m.name, details: m.details })) };
    },
  );

  app.get(
    '/api/orders/limit',
    { config: { access: 'customer' }, schema: { tags: ['orders'], response: { 200: ZLimitResponse } } },
    async (request) => getLimit(deps.db, (await requireActor(request)).id),
  );

  app.post(
    '/api/quotes',
    {
      config: { access: 'customer', rateLimit: perUser(RATE_LIMITS.quotesPerUser), errors: ['COIN_UNAVAILABLE', 'UNAVAILABLE'] },
      schema: { tags: ['orders'], body: ZQuoteRequest, response: { 201: ZQuote } },
    },
    async (request, reply) => {
      const actor = await requireActor(request);
      return reply.status(201).send(await createQuote(deps, actor, request.body));
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
      const actor = await requireActor(request);
      const key = request.headers['idempotency-key'];
      const idempotency = key === undefined ? undefined : { key, bodyHash: hashRequestBody(request.body) };
      const { order, isReplay } = await placeOrder(deps, actor, request.body, idempotency);
      return reply.status(isReplay ? 200 : 201).send({ order: toOrder(order) });
    },
  );

  app.get(
    '/api/orders',
    { config: { access: 'customer' }, schema: { tags: ['orders'], response: { 200: ZOrderList } } },
    async (request) => ({ orders: await findMyOrders(deps.db, (await requireActor(request)).id) }),
  );

  app.get(
    '/api/orders/:id',
    { config: { access: 'customer' }, schema: { tags: ['orders'], params: ZOrderIdParams, response: { 200: ZOrderResponse } } },
    async (request) => ({ order: await getMyOrder(deps.db, (await requireActor(request)).id, request.params.id) }),
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

  for (const [action, status] of [
    ['approve', 'completed'],
    ['cancel', 'cancelled'],
  ] as const) {
    app.post(
      `/api/admin/orders/:id/${action}`,
      {
        config: { access: { area: 'orders' }, errors: ['ORDER_ALREADY_DECIDED'] },
        schema: { tags: ['orders'], params: ZOrderIdParams, response: { 200: ZAdminOrderResponse } },
      },
      async (request) => {
        const actor = await requireActor(request);
        return { order: await decideOrder(deps, { actor, id: request.params.id, status, ip: request.ip }) };
      },
    );
  }
};
