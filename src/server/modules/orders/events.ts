import type { TOrderStatus } from '#shared/contracts/orders.js';
import type { TTx } from '#server/db/client.js';
import type { TOrderChange } from './deps.js';

/** One status change of an order, as recordTransition (transitions.ts) wrote its event. */
export type TOrderTransition = {
  order: { id: number; userId: string };
  actor: { id: string; kind: 'customer' | 'staff' } | 'system';
  from: TOrderStatus | null;
  to: TOrderStatus;
  details: Record<string, string> | null;
  at: Date;
};

export type TOrderTransitionHandler = (tx: TTx, transition: TOrderTransition) => Promise<void>;
export type TOrderChangeHandler = (tx: TTx, change: TOrderChange) => Promise<void>;

/**
 * The order-events step (docs/decisions/042): modules that build on orders subscribe here at
 * start-up (src/server/app.ts) instead of orders calling them. Handlers run in the transaction of
 * the change, in the order they were registered, so what they write commits or rolls back with it
 * and a handler that throws undoes the change; a notice sent with `pg_notify` goes out on commit.
 */
export class OrderEvents {
  private readonly transitionHandlers: TOrderTransitionHandler[] = [];
  private readonly changeHandlers: TOrderChangeHandler[] = [];

  /** Every status change (placed, paid, decided, cancelled, expired, refunded). */
  onOrderTransition(handler: TOrderTransitionHandler): void {
    this.transitionHandlers.push(handler);
  }

  /** Every change its screens show: each transition, and a claim taken or let go without one. */
  onOrderChange(handler: TOrderChangeHandler): void {
    this.changeHandlers.push(handler);
  }

  async transitioned(tx: TTx, transition: TOrderTransition): Promise<void> {
    for (const handler of this.transitionHandlers) await handler(tx, transition);
    await this.changed(tx, { id: transition.order.id, userId: transition.order.userId, status: transition.to });
  }

  async changed(tx: TTx, change: TOrderChange): Promise<void> {
    for (const handler of this.changeHandlers) await handler(tx, change);
  }
}
