import type { ReactNode } from 'react';
import type { TAdminOrderEvent, TOrder, TOrderEvent } from '#shared/contracts/orders.js';
import { ORDER_MSG, ORDER_STATUS_LABELS } from '#shared/order-rules.js';
import { explorerTxUrl, networkOfOrder } from '#shared/networks.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { payoutReferenceLabel, txIdLabel } from '#web/lib/order-labels.js';

type TTimelineEvent = TOrderEvent | TAdminOrderEvent;

/** The staff view's events carry `staffName` (null for the customer and the system); the customer's never do. */
function isStaffView(events: readonly TTimelineEvent[]): boolean {
  return events.some((event) => 'staffName' in event);
}

function actorText(event: TTimelineEvent, staffView: boolean): string {
  switch (event.actor) {
    case 'customer':
      return staffView ? 'By the customer' : 'By you';
    case 'staff': {
      const name = 'staffName' in event ? event.staffName : null;
      return name ? `By ${name}` : 'By CediCrypto';
    }
    case 'system':
      return 'Automatic';
  }
}

/** The customer's correction of the transaction id (docs/decisions/009): an event from and to the same status. */
function isTxIdChange(event: TTimelineEvent): boolean {
  return event.from === event.to && event.paymentTxId !== null;
}

function titleOf(event: TTimelineEvent, order: TOrder): string {
  if (event.from === null) return 'Order created';
  if (isTxIdChange(event)) return `${txIdLabel(order)} changed`;
  switch (event.to) {
    case 'payment_submitted':
      return 'Payment submitted';
    case 'deposit_submitted':
      return 'Crypto sent';
    case 'deposit_detected':
      return 'Deposit detected';
    case 'completed':
      return order.type === 'buy' ? 'Approved: crypto sent' : 'Approved: paid out';
    case 'payment_confirmed':
      return 'Payment confirmed';
    case 'deposit_confirmed':
      return 'Crypto received';
    case 'cancelled':
      return 'Order cancelled';
    case 'refunded':
      return 'Refunded';
    case 'expired':
      return 'Order expired';
    case 'awaiting_payment':
      return ORDER_STATUS_LABELS[event.to];
    case 'awaiting_deposit':
      // Back to waiting: the block of a detected deposit left the chain (docs/decisions/058).
      return event.from === 'deposit_detected' ? 'Deposit no longer on the chain: waiting for it again' : ORDER_STATUS_LABELS[event.to];
  }
}

/** A payout reference: for a buy, a link to the transaction on its network's explorer when it is a hash of it. */
export function PayoutReference({ order, reference }: { order: TOrder; reference: string }) {
  const url = order.type === 'buy' ? explorerTxUrl(networkOfOrder(order), reference) : null;
  return (
    <>
      <span className="font-mono break-all">{reference}</span>
      {url && (
        <>
          {' '}
          <a href={url} target="_blank" rel="noopener noreferrer" className="font-semibold whitespace-nowrap">
            View on explorer<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </>
      )}
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="text-sm break-words text-slate-700">
      <span className="text-slate-600">{label}: </span>
      {children}
    </p>
  );
}

function details(event: TTimelineEvent, order: TOrder): ReactNode {
  if (isTxIdChange(event)) {
    return (
      <p className="text-sm break-words text-slate-700">
        {ORDER_MSG.txIdChanged(event.previousPaymentTxId ?? '—', event.paymentTxId ?? '—')}
      </p>
    );
  }
  if (event.to === 'payment_submitted' || event.to === 'deposit_submitted') {
    return event.paymentTxId ? (
      <Detail label={txIdLabel(order)}>
        <span className="font-mono break-all">{event.paymentTxId}</span>
      </Detail>
    ) : null;
  }
  if (event.to === 'completed') {
    return event.payoutReference ? (
      <Detail label={payoutReferenceLabel(order)}>
        <PayoutReference order={order} reference={event.payoutReference} />
      </Detail>
    ) : null;
  }
  if (event.to === 'cancelled') {
    return event.reason ? <Detail label="Reason">{event.reason}</Detail> : null;
  }
  if (event.to === 'expired') {
    return <p className="text-sm text-slate-700">{order.type === 'buy' ? 'The time to pay ran out.' : 'The time to send ran out.'}</p>;
  }
  return null;
}

/**
 * An order's timeline (docs/decisions/014), oldest first: created, paid or sent (with the
 * transaction id), the id corrected by the customer (old and new), approved (with the payout reference, or its explorer link for a buy),
 * cancelled (with the reason), expired. Times in Ghana time. The customer's timeline says only
 * "you", "CediCrypto" or "automatic"; the staff view's events name the staff member.
 */
export function OrderTimeline({ events, order }: { events: readonly TOrderEvent[] | readonly TAdminOrderEvent[]; order: TOrder }) {
  const list: readonly TTimelineEvent[] = events;
  const staffView = isStaffView(list);
  const sorted = [...list].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  if (sorted.length === 0) return <p className="text-sm text-slate-600">No steps recorded yet.</p>;
  return (
    <ol aria-label="Order timeline" className="space-y-4 border-l-2 border-slate-200 pl-4">
      {sorted.map((event, index) => (
        <li key={`${event.at}-${event.to}-${index}`} className="relative">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-brand-700" />
          <p className="font-semibold text-slate-900">{titleOf(event, order)}</p>
          <p className="text-sm text-slate-600">
            <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {actorText(event, staffView)}
          </p>
          {details(event, order)}
        </li>
      ))}
    </ol>
  );
}
