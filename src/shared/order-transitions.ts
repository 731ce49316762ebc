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

type TSide = 'buy' | 'sell';

/**
 * A buy's and a sell's status at each step they share (a buy pays cedis in, a sell sends coins
 * in): a move both make is written once below, its two rows built by `bothSides`.
 */
const SIDE_STATUSES = {
  awaiting: { buy: 'awaiting_payment', sell: 'awaiting_deposit' },
  submitted: { buy: 'payment_submitted', sell: 'deposit_submitted' },
  confirmed: { buy: 'payment_confirmed', sell: 'deposit_confirmed' },
} as const satisfies Record<string, Record<TSide, TOrderStatus>>;

type TStep = keyof typeof SIDE_STATUSES;
/** What the two sides' rows of one move say: the same for both, or each its own. */
type TSided<T> = T | { buy: T; sell: T };

/** A move both sides make, from one step to another (or to an end status), as its two rows: the buy's, then the sell's. */
function bothSides(move: {
  from: TStep | null;
  to: TStep | 'cancelled' | 'expired' | 'completed' | 'refunded';
  by: TTransitionActor;
  action: { buy: string; sell: string };
  effects: TSided<readonly string[]>;
}): TOrderTransition[] {
  return (['buy', 'sell'] as const).map((side) => ({
    from: move.from && SIDE_STATUSES[move.from][side],
    to: move.to in SIDE_STATUSES ? SIDE_STATUSES[move.to as TStep][side] : (move.to as TOrderStatus),
    by: move.by,
    action: move.action[side],
    effects: 'buy' in move.effects ? move.effects[side] : move.effects,
  }));
}

/** What an order placed fixes besides the quote and the limit: where the customer's money or coins go. */
const placed = (destination: string) => ['quote used once', 'amount counted against the tier limit', destination, 'email and SMS'];
const RELEASED = ['limit released', 'email and SMS'];
const TWO_PEOPLE = 'above the two-people amount, not the one who confirmed';
const approved = (ledger: string) => [
  'refused while held or the account is closed',
  TWO_PEOPLE,
  'payout reference claimed for ever',
  ledger,
  'audit',
  'email and SMS',
];
const cancelledByStaff = (claimed: string) => ['refused while under review', 'limit released', claimed, 'audit', 'email and SMS'];

export const ORDER_TRANSITIONS: readonly TOrderTransition[] = [
  ...bothSides({
    from: null,
    to: 'awaiting',
    by: 'customer',
    action: { buy: 'Places a buy order from a live quote', sell: 'Places a sell order from a live quote' },
    effects: { buy: placed('pay-to account fixed'), sell: placed('deposit address fixed') },
  }),
  ...bothSides({
    from: 'awaiting',
    to: 'submitted',
    by: 'customer',
    action: { buy: 'I have paid (before the deadline)', sell: 'I have sent (before the deadline)' },
    effects: {
      buy: ['transaction id claimed for ever', 'screenshot kept and hashed', 'shared-number and reused-image rules', 'staff alerted'],
      sell: ['transaction hash claimed for ever', 'shared-number rule', 'staff alerted'],
    },
  }),
  {
    from: 'awaiting_payment',
    to: 'payment_submitted',
    by: 'system',
    action: 'The payment provider says the customer paid (MTN MoMo prompt approved; its status read back, never its callback alone)',
    effects: [
      'provider transaction id claimed for ever',
      'payer number and wallet name recorded',
      'shared-number and name-mismatch rules',
      'staff alerted',
    ],
  },
  ...bothSides({
    from: 'awaiting',
    to: 'cancelled',
    by: 'customer',
    action: { buy: 'Cancels an order not yet paid', sell: 'Cancels an order not yet sent' },
    effects: RELEASED,
  }),
  ...bothSides({
    from: 'awaiting',
    to: 'expired',
    by: 'system',
    action: { buy: 'The deadline passes without payment', sell: 'The deadline passes without a deposit' },
    effects: RELEASED,
  }),
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
    action: 'A statement line matches the payment (setting "confirm payments matched by a statement"), or the payment provider took it',
    effects: ['the statement line or the provider transaction is the evidence', 'ledger: payment received'],
  },
  // The chain watchers (issue 32 point 3, docs/decisions/058): a sell with its own deposit address.
  {
    from: 'awaiting_deposit',
    to: 'deposit_detected',
    by: 'system',
    action: "A chain watcher sees a transfer to the order's own deposit address",
    effects: [
      'transaction hash claimed for ever',
      'a wrong amount is an item of the exceptions queue',
      'shown live to the customer and staff',
    ],
  },
  {
    from: 'deposit_submitted',
    to: 'deposit_detected',
    by: 'system',
    action: 'A chain watcher sees the transfer of an order the customer marked sent',
    effects: ['a wrong amount is an item of the exceptions queue', 'shown live to the customer and staff'],
  },
  {
    from: 'deposit_detected',
    to: 'deposit_confirmed',
    by: 'system',
    action: "The deposit of the amount ordered reaches the network's required confirmations",
    effects: ['the chain transfer is the evidence', 'ledger: deposit received'],
  },
  {
    from: 'deposit_detected',
    to: 'awaiting_deposit',
    by: 'system',
    action: 'The block of the deposit is no longer on the chain (reorganisation)',
    effects: ['an item of the exceptions queue alerts staff', 'the transfer is looked for again'],
  },
  {
    from: 'deposit_detected',
    to: 'deposit_confirmed',
    by: 'staff',
    action: 'Confirms what a detected deposit brought (a wrong amount, or before its confirmations)',
    effects: ['evidence recorded', 'ledger: deposit received', 'audit'],
  },
  {
    from: 'deposit_submitted',
    to: 'deposit_confirmed',
    by: 'staff',
    action: 'Confirms the coins arrived: amount, time and evidence',
    effects: ['evidence recorded', 'ledger: deposit received (the coin wallet to what the customer is owed)', 'audit'],
  },
  ...bothSides({
    from: 'confirmed',
    to: 'completed',
    by: 'staff',
    action: {
      buy: 'Approves: the live claimant, after paying out the coins',
      sell: 'Approves: the live claimant, after paying out the cedis',
    },
    effects: {
      buy: approved('ledger: payout, fee and network fee (a short or over payment settled as chosen)'),
      sell: approved('ledger: payout, fee and MoMo or bank charge'),
    },
  }),
  {
    from: 'deposit_confirmed',
    to: 'completed',
    by: 'system',
    action: 'The payment provider paid the cedis out under the auto-payout policy (its transfer status read back)',
    effects: [
      'the policy decision audited with the rules that allowed it',
      'provider transaction id claimed for ever as the payout reference',
      'ledger: payout and fee',
      'email and SMS',
    ],
  },
  ...bothSides({
    from: 'confirmed',
    to: 'refunded',
    by: 'staff',
    action: {
      buy: 'Refunds the cedis received, with the reason the customer is told',
      sell: 'Sends the coins received back, with the reason the customer is told',
    },
    effects: [
      'the live claimant; refused while under review',
      TWO_PEOPLE,
      'refund reference claimed for ever',
      'limit released',
      'ledger: refund',
      'audit',
      'email and SMS',
    ],
  }),
  ...bothSides({
    from: 'submitted',
    to: 'cancelled',
    by: 'staff',
    action: {
      buy: 'Cancels with the reason the customer is told: no payment arrived (money that arrived is refunded)',
      sell: 'Cancels with the reason the customer is told: no coins arrived (coins that arrived are sent back)',
    },
    effects: { buy: cancelledByStaff('transaction id stays claimed'), sell: cancelledByStaff('transaction hash stays claimed') },
  }),
  {
    from: 'deposit_detected',
    to: 'cancelled',
    by: 'staff',
    action: 'Cancels a detected deposit with the reason the customer is told (coins that arrived are sent back)',
    effects: cancelledByStaff('transaction hash stays claimed'),
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
