import { EVIDENCE_KIND_LABELS, type TAdminOrder, type TAdminOrderDetail } from '#shared/contracts/orders.js';
import { formatGhs } from '#shared/format.js';
import { Dec } from '#shared/money.js';
import { OrderFact } from '#web/components/orders/order-facts.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { formatReceived, formatSent } from '#web/features/admin/orders/lib/decision-form.js';

type TNames = TAdminOrderDetail['names'];

/** A ledger account's name ('asset:momo:3' -> 'MTN MoMo business'), or its code when the answer did not name it. */
function accountName(names: TNames, code: string): string {
  return names?.accounts[code] ?? code;
}

/** Who confirmed: the staff member's name, or a statement match (no staff id). */
function confirmedByText(confirmation: NonNullable<TAdminOrder['confirmation']>, names: TNames): string {
  if (confirmation.confirmedBy === null) return 'A statement match';
  return names?.confirmedBy ?? 'Staff';
}

/** What staff confirmed arrived (issue 28 point 2), as a description list: for the dialogs that act on it. */
export function ConfirmationList({
  order,
  confirmation,
  names,
}: {
  order: TAdminOrder;
  confirmation: NonNullable<TAdminOrder['confirmation']>;
  names: TNames;
}) {
  return (
    <dl className="divide-y divide-slate-100">
      <ConfirmationFacts order={order} confirmation={confirmation} names={names} />
    </dl>
  );
}

function ConfirmationFacts({
  order,
  confirmation,
  names,
}: {
  order: TAdminOrder;
  confirmation: NonNullable<TAdminOrder['confirmation']>;
  names: TNames;
}) {
  return (
    <>
      <OrderFact label="Amount received">{formatReceived(order, confirmation.amountReceived)}</OrderFact>
      <OrderFact label="Received into">{accountName(names, confirmation.account)}</OrderFact>
      <OrderFact label="Received at">{formatDateTime(confirmation.receivedAt)}</OrderFact>
      <OrderFact label="Evidence">
        {EVIDENCE_KIND_LABELS[confirmation.evidenceKind]}: {confirmation.evidence}
      </OrderFact>
      <OrderFact label="Confirmed by">
        {confirmedByText(confirmation, names)}, {formatDateTime(confirmation.confirmedAt)}
      </OrderFact>
    </>
  );
}

/**
 * The money of an order in Order Details (issue 28 points 2, 3 and 6): its fee, what arrived and
 * its evidence, what was paid out from where at what charge, and what was refunded.
 */
export function MoneyFacts({ order, names }: { order: TAdminOrder; names: TNames }) {
  return (
    <>
      <OrderFact label="Fee">
        {order.feeGhs !== null ? formatGhs(order.feeGhs) : '—'}
        {order.feePercentage !== null && <span className="text-slate-600"> ({order.feePercentage}%)</span>}
      </OrderFact>
      {order.confirmation && <ConfirmationFacts order={order} confirmation={order.confirmation} names={names} />}
      {order.payoutFacts && (
        <OrderFact label="Paid out">
          {formatSent(order, order.payoutFacts.amountSent)} from {accountName(names, order.payoutFacts.account)}
          <span className="block text-slate-600">
            {order.type === 'buy' ? 'Network fee' : 'MoMo or bank charge'}: {formatSent(order, order.payoutFacts.fee)}
          </span>
        </OrderFact>
      )}
      {order.refund && (
        <OrderFact label="Refund">
          {formatReceived(order, order.refund.amount)}
          {order.refundFacts && <> from {accountName(names, order.refundFacts.account)}</>}
          {order.refund.at && <>, {formatDateTime(order.refund.at)}</>}
          <span className="block font-mono break-all">Reference: {order.refund.reference}</span>
          {order.refundFacts?.fee && !new Dec(order.refundFacts.fee).isZero() && (
            <span className="block text-slate-600">Fee: {formatReceived(order, order.refundFacts.fee)}</span>
          )}
          {order.refund.reason && <span className="block">Reason: {order.refund.reason}</span>}
        </OrderFact>
      )}
    </>
  );
}
