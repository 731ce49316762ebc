import { z } from 'zod';
import {
  ORDER_MSG,
  PROOF_ACCEPTED_TYPES,
  ZCreateOrderRequest,
  ZEditPaymentTxIdRequest,
  ZLimitResponse,
  ZOrderDetailResponse,
  ZOrderIdParams,
  ZOrderList,
  ZOrderResponse,
  ZQuote,
  ZQuoteRequest,
} from '#shared/contracts/orders.js';
import { hashRequestBody } from '#server/lib/request-hash.js';
import { actorOf } from '#server/plugins/access.js';
import { perUser, RATE_LIMITS } from '#server/plugins/rate-limit.js';
import type { TOrderDeps, TOrdersApp } from './deps.js';
import { cancelOwnOrder, clock, editPaymentTxId } from './lifecycle.js';
import { toOrder } from '#server/modules/order-reads/order-view.js';
import { placeOrder } from './place-order.js';
import { createQuote } from './quotes.js';
import { paymentRoutes } from './payment-routes.js';
import { sendFile } from './send-file.js';
import { findMyOrders, getLimit, getMyOrder, readProof } from './service.js';

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

/** The customer's order routes: limit, quotes, placing, reading, paying, correcting, cancelling. */
export async function customerOrderRoutes(app: TOrdersApp, deps: TOrderDeps): Promise<void> {
  app.get(
    '/api/orders/limit',
    { config: { access: 'customer' }, schema: { tags: ['orders'], response: { 200: ZLimitResponse } } },
    async (request) => getLimit(deps.db, actorOf(request).id, clock(deps)),
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
          'EMAIL_NOT_VERIFIED',
          'COIN_UNAVAILABLE',
          'PAYMENT_METHOD_UNAVAILABLE',
          'WALLET_NOT_CONFIGURED',
          'QUOTE_INVALID',
          'QUOTE_EXPIRED',
          'QUOTE_USED',
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
    { config: { access: 'customer' }, schema: { tags: ['orders'], params: ZOrderIdParams, response: { 200: ZOrderDetailResponse } } },
    async (request) => getMyOrder(deps.db, actorOf(request).id, request.params.id, clock(deps)),
  );

  await app.register(paymentRoutes, deps);

  // The customer corrects the transaction id of their submitted order until staff decide (docs/decisions/009).
  app.put(
    '/api/orders/:id/payment-tx-id',
    {
      config: {
        access: 'customer',
        rateLimit: perUser(RATE_LIMITS.ordersPerUser),
        errors: ['NOT_FOUND', 'ORDER_NOT_SUBMITTED', 'ORDER_ALREADY_DECIDED', 'TX_ID_USED'],
      },
      schema: { tags: ['orders'], params: ZOrderIdParams, body: ZEditPaymentTxIdRequest, response: { 200: ZOrderResponse } },
    },
    async (request) => ({ order: toOrder(await editPaymentTxId(deps, actorOf(request), request.params.id, request.body)) }),
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      config: { access: 'customer', errors: ['NOT_FOUND', 'ORDER_NOT_AWAITING', 'ORDER_EXPIRED'] },
      schema: { tags: ['orders'], params: ZOrderIdParams, response: { 200: ZOrderResponse } },
    },
    async (request) => ({ order: toOrder(await cancelOwnOrder(deps, actorOf(request), request.params.id)) }),
  );

  app.get(
    '/api/orders/:id/proof',
    {
      config: {
        access: 'customer',
        openapi: { fileResponse: { description: 'The payment screenshot, as uploaded', types: PROOF_ACCEPTED_TYPES } },
      },
      schema: { tags: ['orders'], params: ZOrderIdParams },
    },
    async (request, reply) =>
      sendFile(reply, await readProof(deps, { viewer: 'customer', userId: actorOf(request).id, id: request.params.id, ip: request.ip })),
  );
}
