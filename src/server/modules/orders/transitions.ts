import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { TOrderStatus } from '#shared/contracts/orders.js';
import { ORDER_MSG } from '#shared/contracts/orders.js';
import { findTransition } from '#shared/order-transitions.js';
import type { TTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { users } from '#server/db/schema/auth.js';
import { orderEvents, orders } from '#server/db/schema/orders.js';
import { AppError } from '#server/lib/errors.js';
import type { TOrderRow } from '#server/modules/order-reads/order-view.js';
import type { TOrderDeps } from './deps.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { renderOrderStatusEmail } from '#server/lib/email/templates.js';
import { queueOrderStatusSms } from '#server/lib/sms/order-sms.js';
import { getCompanyDetails } from '#server/modules/content/service.js';

/**
 * What every transition of an order shares (the lifecycle, lifecycle.ts, and the money steps,
 * settlement.ts): the clock, the event and its realtime notice checked against the transition
 * table, the limit released, and the rule that a reference serves one order for ever.
 */

export const clock = (deps: Pick<TOrderDeps, 'now'>) => (deps.now ? deps.now() : new Date());

/**
 * True when another order than `orderId` holds `key` as its payment transaction id, its payout
 * reference or its refund reference: an id serves one order for ever, whatever became of it (issue 28 point 1,
 * docs/decisions/036), and a customer's payment is never another order's payout, nor the reverse.
 */
export async function isReferenceTaken(tx: TTx, key: string, orderId: number): Promise<boolean> {
  const [taken] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(or(eq(orders.paymentTxKey, key), eq(orders.payoutReferenceKey, key), eq(orders.refundReferenceKey, key)), ne(orders.id, orderId)),
    )
    .limit(1);
  return taken !== undefined;
}

export type TTransitionEvent = {
  order: Pick<TOrderRow, 'id' | 'userId'>;
  actor: { id: string; kind: 'customer' | 'staff' } | 'system';
  from: TOrderStatus | null;
  to: TOrderStatus;
  details?: Record<string, string>;
  at: Date;
};

/**
 * Refuses a move the transition table does not list (src/shared/order-transitions.ts); an edit of
 * the transaction id stays in its status. Thrown, the whole change is rolled back.
 */
export function checkTransition(event: TTransitionEvent): void {
  const by = event.actor === 'system' ? 'system' : event.actor.kind;
  if (event.from !== event.to && !findTransition(event.from, event.to, by)) {
    throw new AppError('TRANSITION_NOT_ALLOWED', ORDER_MSG.transitionNotAllowed);
  }
}

/**
 * One status change of an order, in the caller's transaction: its event (the timeline reads
 * them), then the order-events step (events.ts: the realtime notice, which the database sends
 * only if the transaction commits). `earlier`: events of the same decision checked before
 * (checkTransition) whose step is this one's (a confirmation with its payout or refund), inserted
 * with it in one statement, first (issue 31 point 1).
 */
export async function recordTransition(
  tx: TTx,
  deps: Pick<TOrderDeps, 'events'>,
  event: TTransitionEvent,
  earlier: readonly TTransitionEvent[] = [],
): Promise<void> {
  checkTransition(event);
  const details = event.details && Object.keys(event.details).length > 0 ? event.details : null;
  await tx.insert(orderEvents).values(
    [...earlier, event].map((each) => ({
      orderId: each.order.id,
      actorId: each.actor === 'system' ? null : each.actor.id,
      actorKind: each.actor === 'system' ? ('system' as const) : each.actor.kind,
      fromStatus: each.from,
      toStatus: each.to,
      details: each.details && Object.keys(each.details).length > 0 ? each.details : null,
      createdAt: each.at,
    })),
  );
  await deps.events?.transitioned(tx, {
    order: { id: event.order.id, userId: event.order.userId },
    actor: event.actor,
    from: event.from,
    to: event.to,
    details,
    at: event.at,
  });
}

/** A cancelled, expired or refunded order no longer counts against the customer's limit. */
export async function releaseVolume(tx: TTx, order: TOrderRow, now: Date) {
  return firstOrThrow(
    await tx
      .update(users)
      .set({ tradingVolumeUsd: sql`greatest(${users.tradingVolumeUsd} - ${order.amountUsd}, 0)`, updatedAt: now })
      .where(eq(users.id, order.userId))
      .returning(),
  );
}

/** What the customer is told of a status change: the SMS (when they opted in) and the email, queued in the transaction. */
export async function queueStatusMessages(
  tx: TTx,
  deps: Pick<TOrderDeps, 'appUrl' | 'onSmsQueued'>,
  input: {
    user: typeof users.$inferSelect;
    order: TOrderRow;
    status: 'completed' | 'cancelled' | 'expired' | 'refunded';
    /** What went back (issue 28 point 3, docs/decisions/038): a refund, or an over payment's difference. */
    refund?: { amount: string; where: string; reference: string; reason: string } | null;
  },
): Promise<void> {
  const { user, order, status } = input;
  if (await queueOrderStatusSms(tx, { user, orderId: order.id, status, appUrl: deps.appUrl })) deps.onSmsQueued?.();
  await queueEmail(
    tx,
    user.email,
    renderOrderStatusEmail({
      fullName: user.fullName || user.name,
      order,
      status,
      appUrl: deps.appUrl,
      company: await getCompanyDetails(tx),
      refund: input.refund ?? null,
    }),
  );
}
