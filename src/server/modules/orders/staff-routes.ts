import { canAccess } from '#shared/permissions.js';
import {
  PROOF_ACCEPTED_TYPES,
  ZAdminOrderDetailResponse,
  ZAdminOrderList,
  ZAdminOrderQuery,
  ZAdminOrderResponse,
  ZApproveOrderRequest,
  ZConfirmPaymentRequest,
  ZRefundOrderRequest,
  ZCancelOrderRequest,
  ZNeedsActionResponse,
  ZOrderIdParams,
} from '#shared/contracts/orders.js';
import { actorOf } from '#server/plugins/access.js';
import type { TOrderDeps, TOrdersApp } from './deps.js';
import { changeClaim, type TClaimChange } from './claims.js';
import { clock, decideOrder } from './lifecycle.js';
import { confirmPayment, refundOrder } from './settlement.js';
import { forStaffRole } from '#server/modules/order-reads/order-view.js';
import type { SharedReads } from './shared-reads.js';
import { sendFile } from './send-file.js';
import { countNeedsAction, findAdminOrders, getAdminOrder, getAdminOrderDetail, readProof } from './service.js';

/**
 * The staff's order routes: the shared lists and counts, Order Details, the decisions and refunds,
 * and claims. `staffReads` is the lists' shared read (routes.ts).
 */
export function staffOrderRoutes(app: TOrdersApp, deps: TOrderDeps, staffReads: SharedReads): void {
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
}
