import { canAccess } from '#shared/permissions.js';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ORDER_MSG,
  PROOF_ACCEPTED_TYPES,
  PROOF_MAX_FILE_BYTES,
  ZAdminOrderDetailResponse,
  ZAdminOrderList,
  ZAdminOrderQuery,
  ZAdminOrderResponse,
  ZApproveOrderRequest,
  ZConfirmPaymentRequest,
  ZRefundOrderRequest,
  ZCancelOrderRequest,
  ZCreateOrderRequest,
  ZEditPaymentTxIdRequest,
  ZLimitResponse,
  ZNeedsActionResponse,
  ZOrderDetailResponse,
  ZOrderIdParams,
  ZOrderList,
  ZOrderResponse,
  ZQuote,
  ZQuoteRequest,
  ZSubmitPaymentForm,
  ZSubmitPaymentRequest,
} from '#shared/contracts/orders.js';
import { MSG } from '#shared/messages.js';
import { AppError } from '#server/lib/errors.js';
import { hashRequestBody } from '#server/lib/request-hash.js';
import { sniffImageType } from '#server/lib/storage.js';
import { actorOf } from '#server/plugins/access.js';
import { BODY_LIMITS } from '#server/plugins/body-limits.js';
import { findUnstorableText } from '#server/plugins/input.js';
import { perUser, RATE_LIMITS } from '#server/plugins/rate-limit.js';
import type { RealtimeHub } from '#server/modules/realtime/hub.js';
import type { TOrderDeps } from './deps.js';
import { changeClaim, type TClaimChange } from './claims.js';
import { cancelOwnOrder, clock, decideOrder, editPaymentTxId, submitPayment, type TProofUpload } from './lifecycle.js';
import { confirmPayment, refundOrder } from './settlement.js';
import { forStaffRole, toOrder } from '#server/modules/order-reads/order-view.js';
import { placeOrder } from './place-order.js';
import { SharedReads } from './shared-reads.js';
import { createQuote } from './quotes.js';
import {
  countNeedsAction,
  findAdminOrders,
  findMyOrders,
  getAdminOrder,
  getAdminOrderDetail,
  getLimit,
  getMyOrder,
  readProof,
} from './service.js';

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

/**
 * "I have paid" as a form: the text fields and at most one screenshot (`proof`) under 5 MB,
 * checked by its bytes like KYC documents. Field errors are answered on their fields.
 */
async function readPaymentForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; proof?: TProofUpload }> {
  const fields: Record<string, string> = {};
  let proof: TProofUpload | undefined;
  const tooLarge = () => new AppError('VALIDATION', ORDER_MSG.proofTooLarge, { fields: { proof: ORDER_MSG.proofTooLarge } });
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== 'proof' || data.length === 0) continue;
        const type = sniffImageType(data);
        if (!type) throw new AppError('VALIDATION', ORDER_MSG.proofNotImage, { fields: { proof: ORDER_MSG.proofNotImage } });
        proof = { data, type };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('BAD_REQUEST', ORDER_MSG.proofTooLarge);
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.genericError);
    // A form that cannot be read (no boundary, a truncated or malformed part): the client's request.
    throw new AppError('BAD_REQUEST', MSG.genericError);
  }
  return proof ? { fields, proof } : { fields };
}

/** The fields of "I have paid", from JSON or the form, judged by the contract (field errors on their fields). */
function parsePaymentFields(raw: unknown): z.infer<typeof ZSubmitPaymentRequest> {
  const parsed = ZSubmitPaymentRequest.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
  throw new AppError('VALIDATION', Object.values(fields)[0] ?? MSG.genericError, { fields });
}

function sendFile(reply: FastifyReply, file: { data: Buffer; type: string }) {
  return reply
    .header('content-type', file.type)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', 'inline')
    .send(file.data);
}

export type TOrderRouteDeps = TOrderDeps & { realtime: RealtimeHub };

export const orderRoutes: FastifyPluginAsyncZod<TOrderRouteDeps> = async (app, deps) => {
  // The staff order lists, shared between staff until an order changes (shared-reads.ts).
  const staffReads = new SharedReads();
  const stopSharing = deps.realtime.onOrderChange(() => staffReads.invalidate());
  app.addHook('onClose', async () => stopSharing());
  // A change made here is seen by the next read at once, before the bus brings its notice back:
  // whoever approves sees the list without the order when the page reads it again.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && !request.url.startsWith('/api/quotes')) staffReads.invalidate();
    return payload;
  });

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

  // "I have paid" / "I have sent": JSON, or a form with the screenshot. Multipart only in here.
  const paymentRoutes: FastifyPluginAsyncZod = async (paymentApp) => {
    await paymentApp.register(multipart, { limits: { fileSize: PROOF_MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 11 } });
    paymentApp.post(
      '/api/orders/:id/payment',
      {
        config: {
          access: 'customer',
          rateLimit: perUser(RATE_LIMITS.ordersPerUser),
          errors: ['NOT_FOUND', 'ORDER_NOT_AWAITING', 'ORDER_EXPIRED', 'TX_ID_USED'],
          openapi: { multipartBody: ZSubmitPaymentForm },
        },
        // A screenshot at the limit and the fields; a JSON body is held to the usual size below.
        bodyLimit: PROOF_MAX_FILE_BYTES + 64 * 1024,
        preParsing: async (request) => {
          // (isMultipart() is known only once the body is parsed: read the header.)
          if (/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) return;
          if (Number(request.headers['content-length'] ?? 0) > BODY_LIMITS.signedIn) {
            throw new AppError('PAYLOAD_TOO_LARGE', MSG.tooLarge);
          }
        },
        schema: {
          tags: ['orders'],
          params: ZOrderIdParams,
          consumes: ['application/json', 'multipart/form-data'],
          response: { 200: ZOrderResponse },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        let input: z.infer<typeof ZSubmitPaymentRequest>;
        let proof: TProofUpload | undefined;
        if (request.isMultipart()) {
          const form = await readPaymentForm(request);
          const unstorable = findUnstorableText(form.fields);
          if (unstorable) throw new AppError('VALIDATION', MSG.invalidCharacter, { fields: { [unstorable]: MSG.invalidCharacter } });
          input = parsePaymentFields(form.fields);
          proof = form.proof;
        } else {
          input = parsePaymentFields(request.body ?? {});
        }
        return { order: toOrder(await submitPayment(deps, actor, request.params.id, input, proof)) };
      },
    );
  };
  await app.register(paymentRoutes);

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

  app.get(
    '/api/admin/orders',
    {
      config: { access: { area: 'orderViews' } },
      schema: { tags: ['orders'], querystring: ZAdminOrderQuery, response: { 200: ZAdminOrderList } },
    },
    async (request) => {
      const list = await staffReads.read(`list:${JSON.stringify(request.query)}`, () => findAdminOrders(deps.db, request.query));
      // The read is shared between roles: what a role may not see of a hold goes after it.
      return { ...list, orders: list.orders.map((order) => forStaffRole(order, actorOf(request).role)) };
    },
  );

  app.get(
    '/api/admin/orders/needs-action',
    { config: { access: { area: 'orderViews' } }, schema: { tags: ['orders'], response: { 200: ZNeedsActionResponse } } },
    async (request) => {
      const { held, ...actionable } = await staffReads.read('needs-action', () => countNeedsAction(deps.db));
      return canAccess(actorOf(request).role, 'complianceHolds') ? { ...actionable, held } : actionable;
    },
  );

  app.get(
    '/api/admin/orders/:id',
    {
      config: { access: { area: 'orderViews' } },
      schema: { tags: ['orders'], params: ZOrderIdParams, response: { 200: ZAdminOrderDetailResponse } },
    },
    async (request) => {
      const detail = await getAdminOrderDetail(deps.db, request.params.id, clock(deps));
      return { ...detail, order: forStaffRole(detail.order, actorOf(request).role) };
    },
  );

  app.get(
    '/api/admin/orders/:id/proof',
    {
      config: {
        access: { area: 'orderViews' },
        openapi: {
          fileResponse: { description: 'The payment screenshot, as uploaded (every view is audited)', types: PROOF_ACCEPTED_TYPES },
        },
      },
      schema: { tags: ['orders'], params: ZOrderIdParams },
    },
    async (request, reply) =>
      sendFile(reply, await readProof(deps, { viewer: 'staff', actor: actorOf(request), id: request.params.id, ip: request.ip })),
  );

  const decisionConfig = { access: { area: 'orders' }, errors: ['NOT_FOUND', 'ORDER_ALREADY_DECIDED'] } as const;
  app.post(
    '/api/admin/orders/:id/approve',
    {
      config: {
        ...decisionConfig,
        errors: [
          ...decisionConfig.errors,
          'ORDER_ON_HOLD',
          'ORDER_WAITING',
          'ORDER_CLAIMED',
          'ORDER_NOT_CLAIMED',
          'ORDER_ACCOUNT_BLOCKED',
          'PAYOUT_REFERENCE_USED',
          'REFUND_REFERENCE_USED',
          'CONFIRMATION_REQUIRED',
          'TWO_PEOPLE_REQUIRED',
          'SETTLE_REQUIRED',
        ],
      },
      schema: { tags: ['orders'], params: ZOrderIdParams, body: ZApproveOrderRequest, response: { 200: ZAdminOrderResponse } },
    },
    async (request) => {
      const { id } = request.params;
      const decision = {
        status: 'completed',
        payoutReference: request.body.payoutReference,
        recordedPayerName: request.body.recordedPayerName,
        recordedPayerNumber: request.body.recordedPayerNumber,
        confirmation: request.body.confirmation,
        payout: request.body.payout,
      } as const;
      await decideOrder(deps, { actor: actorOf(request), id, ip: request.ip, decision });
      return { order: forStaffRole(await getAdminOrder(deps.db, id), actorOf(request).role) };
    },
  );
  // Evidence on every decision and refunds (issue 28 points 2 and 3, docs/decisions/038).
  app.post(
    '/api/admin/orders/:id/confirm-payment',
    {
      config: { ...decisionConfig, errors: [...decisionConfig.errors, 'ORDER_NOT_CONFIRMABLE'] },
      schema: { tags: ['orders'], params: ZOrderIdParams, body: ZConfirmPaymentRequest, response: { 200: ZAdminOrderResponse } },
    },
    async (request) => {
      const { id } = request.params;
      await confirmPayment(deps, { actor: actorOf(request), id, ip: request.ip, confirmation: request.body });
      return { order: forStaffRole(await getAdminOrder(deps.db, id), actorOf(request).role) };
    },
  );
  app.post(
    '/api/admin/orders/:id/refund',
    {
      config: {
        ...decisionConfig,
        errors: [
          ...decisionConfig.errors,
          'ORDER_NOT_REFUNDABLE',
          'ORDER_CLAIMED',
          'ORDER_NOT_CLAIMED',
          'ORDER_UNDER_REVIEW',
          'ORDER_WAITING',
          'REFUND_REFERENCE_USED',
          'CONFIRMATION_REQUIRED',
          'TWO_PEOPLE_REQUIRED',
        ],
      },
      schema: { tags: ['orders'], params: ZOrderIdParams, body: ZRefundOrderRequest, response: { 200: ZAdminOrderResponse } },
    },
    async (request) => {
      const { id } = request.params;
      await refundOrder(deps, { actor: actorOf(request), id, ip: request.ip, refund: request.body });
      return { order: forStaffRole(await getAdminOrder(deps.db, id), actorOf(request).role) };
    },
  );
  app.post(
    '/api/admin/orders/:id/cancel',
    {
      // ORDER_UNDER_REVIEW: an escalated compliance hold not released yet (docs/decisions/017);
      // ORDER_WAITING: the same refusal to support, in words that reveal no review (issue 26 point 12).
      config: { ...decisionConfig, errors: [...decisionConfig.errors, 'ORDER_UNDER_REVIEW', 'ORDER_WAITING', 'TRANSITION_NOT_ALLOWED'] },
      schema: { tags: ['orders'], params: ZOrderIdParams, body: ZCancelOrderRequest, response: { 200: ZAdminOrderResponse } },
    },
    async (request) => {
      const { id } = request.params;
      await decideOrder(deps, {
        actor: actorOf(request),
        id,
        ip: request.ip,
        decision: { status: 'cancelled', reason: request.body.reason },
      });
      return { order: forStaffRole(await getAdminOrder(deps.db, id), actorOf(request).role) };
    },
  );

  // Claim, then pay (issue 27 point 1, docs/decisions/029): claim (or renew one's own), release, take over.
  const claimErrors = [
    'NOT_FOUND',
    'ORDER_ALREADY_DECIDED',
    'ORDER_CLAIMED',
    'ORDER_ON_HOLD',
    'ORDER_WAITING',
    'ORDER_ACCOUNT_BLOCKED',
  ] as const;
  const claimRoute = (method: 'POST' | 'DELETE', url: string, access: { area: 'orders' | 'orderTakeover' }, change: TClaimChange) =>
    app.route({
      method,
      url,
      config: {
        access,
        errors: change === 'release' ? ['NOT_FOUND', 'ORDER_ALREADY_DECIDED', 'ORDER_CLAIMED', 'ORDER_NOT_CLAIMED'] : [...claimErrors],
      },
      schema: { tags: ['orders'], params: ZOrderIdParams, response: { 200: ZAdminOrderResponse } },
      handler: async (request) => {
        const { id } = request.params;
        await changeClaim(deps, { actor: actorOf(request), id, ip: request.ip, change });
        return { order: forStaffRole(await getAdminOrder(deps.db, id), actorOf(request).role) };
      },
    });
  claimRoute('POST', '/api/admin/orders/:id/claim', { area: 'orders' }, 'claim');
  claimRoute('DELETE', '/api/admin/orders/:id/claim', { area: 'orders' }, 'release');
  claimRoute('POST', '/api/admin/orders/:id/claim/takeover', { area: 'orderTakeover' }, 'takeover');

  // --- realtime: order changes pushed to the order page and the staff queue (docs/decisions/014) ---
  const socketRoute = (url: string, access: 'customer' | { area: 'orders' }, side: 'user' | 'admin') =>
    // isWebSocket: the Origin is checked with the CSRF rule (plugins/security.ts), before access.
    app.get(
      url,
      { websocket: true, config: { access, isWebSocket: true }, schema: { tags: ['orders'], hide: true } },
      (socket, request) => {
        const user = request.actor;
        if (!user) {
          socket.close(1008, 'Not signed in');
          return;
        }
        deps.realtime.accept(socket, { id: user.id, side, sessionToken: request.sessionToken, topic: 'orders' });
      },
    );
  socketRoute('/api/orders/socket', 'customer', 'user');
  socketRoute('/api/admin/orders/socket', { area: 'orders' }, 'admin');
};
