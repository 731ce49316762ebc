import type { TOrderStatus } from './contracts/orders.js';

/**
 * The order lifecycle's one transition table (issue 28 point 1, docs/decisions/036): which status
 * may follow which, who moves the order, and what comes with the move. The lifecycle
 * (src/server/modules/orders/lifecycle.ts) refuses any change of status not listed here; the
 * database refuses it too (the trigger of migration 0027, checked against this table by
 * src/server/db/order-transitions.test.ts); docs/order-lifecycle.md shows the table, generated from
 * it (`npm run docs:transitions`, kept in step by the same test).
 *
 * Staff confirm a payment before they pay it out or refund it (issue 28 points 2 and 3,
 * docs/decisions/038); an approval or refund of a submitted order carries the confirmation and
 * records both steps, one after the other, in one transaction.
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
    to: 'payment_confirmed',
    by: 'staff',
    action: 'Confirms the cedis arrived: amount, account, time and evidence',
    effects: ['evidence recorded', 'ledger: payment received (business account to what the customer is owed)', 'audit'],
  },
  {
    from: 'payment_submitted',
    to: 'payment_confirmed',
    by: 'system',
    action: 'A statement line matches the payment (setting "confirm payments matched by a statement")',
    effects: ['the statement line is the evidence', 'ledger: payment received'],
  },
  {
    from: 'deposit_submitted',
    to: 'deposit_confirmed',
    by: 'staff',
    action: 'Confirms the coins arrived: amount, time and evidence',
    effects: ['evidence recorded', 'ledger: deposit received (the coin wallet to what the customer is owed)', 'audit'],
  },
  {
    from: 'payment_confirmed',
    to: 'completed',
    by: 'staff',
    action: 'Approves: the live claimant, after paying out the coins',
    effects: [
      'refused while held or the account is closed',
      'above the two-people amount, not the one who confirmed',
      'payout reference claimed for ever',
      'ledger: payout, fee and network fee (a short or over payment settled as chosen)',
      'audit',
      'email and SMS',
    ],
  },
  {
    from: 'deposit_confirmed',
    to: 'completed',
    by: 'staff',
    action: 'Approves: the live claimant, after paying out the cedis',
    effects: [
      'refused while held or the account is closed',
      'above the two-people amount, not the one who confirmed',
      'payout reference claimed for ever',
      'ledger: payout, fee and MoMo or bank charge',
      'audit',
      'email and SMS',
    ],
  },
  {
    from: 'payment_confirmed',
    to: 'refunded',
    by: 'staff',
    action: 'Refunds the cedis received, with the reason the customer is told',
    effects: [
      'the live claimant; refused while under review',
      'above the two-people amount, not the one who confirmed',
      'refund reference claimed for ever',
      'limit released',
      'ledger: refund',
      'audit',
      'email and SMS',
    ],
  },
  {
    from: 'deposit_confirmed',
    to: 'refunded',
    by: 'staff',
    action: 'Sends the coins received back, with the reason the customer is told',
    effects: [
      'the live claimant; refused while under review',
      'above the two-people amount, not the one who confirmed',
      'refund reference claimed for ever',
      'limit released',
      'ledger: refund',
      'audit',
      'email and SMS',
    ],
  },
  {
    from: 'payment_submitted',
    to: 'cancelled',
    by: 'staff',
    action: 'Cancels with the reason the customer is told: no payment arrived (money that arrived is refunded)',
    effects: ['refused while under review', 'limit released', 'transaction id stays claimed', 'audit', 'email and SMS'],
  },
  {
    from: 'deposit_submitted',
    to: 'cancelled',
    by: 'staff',
    action: 'Cancels with the reason the customer is told: no coins arrived (coins that arrived are sent back)',
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
