import type { TOrder, TOrderDetail, TOrderSocketEvent } from '#shared/contracts/orders.js';
import { shapeCheck } from '#shared/shape-check.js';
import { ORDER_DETAIL_SHAPE, ORDER_RESPONSE_SHAPE, ORDER_SOCKET_EVENT_SHAPE } from './order-shapes.gen';

/*
 * The order page's checks of what the server sends, without zod: shapes generated from
 * ZOrderDetailResponse, ZOrderResponse and ZOrderSocketEvent (scripts/response-shapes.ts), which
 * pass and refuse what those schemas do (order-checks.test.ts). The page opened from an SMS link
 * then needs no zod before it is usable (issue 26 point 15, docs/decisions/055); an answer that
 * does not fit is refused as before (lib/api.ts BAD_RESPONSE), never shown.
 */
export const orderDetailCheck = shapeCheck<TOrderDetail>(ORDER_DETAIL_SHAPE);
export const orderResponseCheck = shapeCheck<{ order: TOrder }>(ORDER_RESPONSE_SHAPE);
export const orderSocketEventCheck = shapeCheck<TOrderSocketEvent>(ORDER_SOCKET_EVENT_SHAPE);
