import type { TOrderStatus } from './contracts/orders.js';

/**
 * The order lifecycle's one transition table (issue 28 point 1, docs/decisions/036): which status
 * may follow which, who moves the order, and what comes with the move. The lifecycle
 * (src/server/modules/orders/lifecycle.ts) refuses any change of status not listed here; the
 * database refuses it too (the trigger of migration 0027, checked against this table by
 * src/server/db/order-transitions.test.ts); docs/order-lifecycle.md shows the table, generated from
 * it (`npm run docs:transitions`, kept in step by the same test).
 *
 * `from: null` is the order's creation. An edit of the transaction id records an event from and to
 * the same submitted status (docs/decisions/009); it is not a change of status, so it is not here.
 */

export type TTransitionActor = 'customer' | 'staff' | 'system';

export type TOrderTransition = {
  from: TOrderStatus | null;
  to: TOrderStatus;
  by: TTransitionActor;
  /** What the person does, in the product's words. */
  action: string;
  /** What the transition does besides the status, in the order it happens (one transaction). */
  effects: readonly string[];
};

export const ORDER_TRANSITIONS: readonly TOrderTransition[] = [
  {
    from: null,
    to: 'awaiting_payment',
    by: 'customer',
    action: 'Places a buy order from a live quote',
    effects: ['quote used once', 'amount counted against the tier limit', 'pay-to account fixed', 'email and SMS'],
  },
  {
    from: null,
    to: 'awaiting_deposit',
    by: 'customer',
    action: 'Places a sell order from a live quote',
    effects: ['quote used once', 'amount counted against the tier limit', 'deposit address fixed', 'email and SMS'],
  },
  {
    from: 'awaiting_payment',
    to: 'payment_submitted',
    by: 'customer',
    action: 'I have paid (before the deadline)',
    effects: ['transaction id claimed for ever', 'screenshot kept and hashed', 'shared-number and reused-image rules', 'staff alerted'],
  },
  {
    from: 'awaiting_deposit',
    to: 'deposit_submitted',
    by: 'customer',
    action: 'I have sent (before the deadline)',
    effects: ['transaction hash claimed for ever', 'shared-number rule', 'staff alerted'],
  },
  {
    from: 'awaiting_payment',
    to: 'cancelled',
    by: 'customer',
    action: 'Cancels an order not yet paid',
    effects: ['limit released', 'email and SMS'],
  },
  {
    from: 'awaiting_deposit',
    to: 'cancelled',
    by: 'customer',
    action: 'Cancels an order not yet sent',
    effects: ['limit released', 'email and SMS'],
  },
  {
    from: 'awaiting_payment',
    to: 'expired',
    by: 'system',
    action: 'The deadline passes without payment',
    effects: ['limit released', 'email and SMS'],
  },
  {
    from: 'awaiting_deposit',
    to: 'expired',
    by: 'system',
    action: 'The deadline passes without a deposit',
    effects: ['limit released', 'email and SMS'],
  },
  {
    from: 'payment_submitted',
    to: 'completed',
    by: 'staff',
    action: 'Approves: the live claimant, after paying out the coins',
    effects: ['refused while held or the account is closed', 'payout reference claimed for ever', 'audit', 'email and SMS'],
  },
  {
    from: 'deposit_submitted',
    to: 'completed',
    by: 'staff',
    action: 'Approves: the live claimant, after paying out the cedis',
    effects: ['refused while held or the account is closed', 'payout reference claimed for ever', 'audit', 'email and SMS'],
  },
  {
    from: 'payment_submitted',
    to: 'cancelled',
    by: 'staff',
    action: 'Cancels with the reason the customer is told',
    effects: ['refused while under review', 'limit released', 'transaction id stays claimed', 'audit', 'email and SMS'],
  },
  {
    from: 'deposit_submitted',
    to: 'cancelled',
    by: 'staff',
    action: 'Cancels with the reason the customer is told',
    effects: ['refused while under review', 'limit released', 'transaction hash stays claimed', 'audit', 'email and SMS'],
  },
];

/** The table's row for this move by this kind of actor, or undefined when the move is not allowed. */
export function findTransition(from: TOrderStatus | null, to: TOrderStatus, by: TTransitionActor): TOrderTransition | undefined {
  return ORDER_TRANSITIONS.find((transition) => transition.from === from && transition.to === to && transition.by === by);
}

/** The table as docs/order-lifecycle.md shows it, between its generated-table markers. */
export function renderTransitionTable(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = ORDER_TRANSITIONS.map(
    (t) => `| ${t.from ?? '(new order)'} | ${t.to} | ${t.by} | ${cell(t.action)} | ${t.effects.map(cell).join('; ')} |`,
  );
  return ['| From | To | By | What happens | With it |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}
