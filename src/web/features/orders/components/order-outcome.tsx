import type { ReactNode } from 'react';
import { Link } from '#web/lib/router.js';
import type { TOrder } from '#shared/contracts/orders.js';
import { ORDER_MSG } from '#shared/order-rules.js';
import { formatCrypto, formatFiat, formatGhs } from '#shared/format.js';
import { networkLabel, networkOfOrder } from '#shared/networks.js';
import { PayoutReference } from '#web/components/orders/order-timeline.js';
import { buttonClassName } from '#web/components/ui/button.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { payoutReferenceLabel, txIdLabel } from '#web/lib/order-labels.js';
import { paths } from '#web/lib/paths.js';
import { cn } from '#web/lib/cn.js';
import { EditTxId } from './edit-tx-id';

const TONES = {
  info: 'border-sky-200 bg-sky-50',
  success: 'border-brand-200 bg-brand-50',
  neutral: 'border-slate-200 bg-slate-50',
  danger: 'border-red-200 bg-red-50',
} as const;

function Panel({ title, tone, children }: { title: string; tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <section aria-labelledby="outcome-heading" className={cn('space-y-2 rounded-xl border p-4 sm:p-5', TONES[tone])}>
      {/* Focusable by the page (not by Tab): where the focus goes when the order moves on (order-page.tsx). */}
      <h2 id="outcome-heading" tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="space-y-2 text-sm text-slate-800">{children}</div>
    </section>
  );
}

function paidOutText(order: TOrder): string {
  return order.amountGhs !== null ? formatGhs(order.amountGhs) : formatFiat(order.amountFiat, order.fiatCurrency);
}

function payoutPlace(order: TOrder): string {
  return order.payout?.type === 'bank' ? 'your bank account' : 'your mobile money account';
}

/** What went back: cedis for a buy, the coin for a sell. */
function refundAmountText(order: TOrder, amount: string): string {
  return order.type === 'buy' ? formatGhs(amount) : formatCrypto(amount, order.coinSymbol.toUpperCase());
}

/** The refund's reference, with when it was sent. */
function RefundReference({ refund }: { refund: NonNullable<TOrder['refund']> }) {
  return (
    <p className="break-words">
      Refund reference: <span className="font-mono break-all">{refund.reference}</span>
      {refund.at && <> (sent {formatDateTime(refund.at)})</>}
    </p>
  );
}

/** A new order of the same kind and coin. */
function newOrderHref(order: TOrder): string {
  const base = order.type === 'buy' ? paths.buy.getHref() : paths.sell.getHref();
  return `${base}?coin=${encodeURIComponent(order.coinSymbol)}`;
}

/**
 * Where an order stands once the customer has acted (docs/decisions/014): being checked by
 * staff (with "Edit" for the transaction id when `userId` is given, docs/decisions/009), confirmed
 * and waiting for the payout, completed (with the payout reference, and for a buy its explorer
 * link; a difference sent back), refunded (what, where, its reference and the reason: issue 28
 * point 3), cancelled (with the reason) or expired (the limit is free again).
 */
export function OrderOutcome({ order, userId }: { order: TOrder; userId?: string }) {
  const symbol = order.coinSymbol.toUpperCase();
  switch (order.status) {
    case 'payment_submitted':
    case 'deposit_submitted': {
      const isBuy = order.type === 'buy';
      const network = networkOfOrder(order);
      return (
        <Panel title={isBuy ? 'We are checking your payment' : 'We are checking your transfer'} tone="info">
          <p>
            {isBuy
              ? `Thank you. Once we have confirmed your payment, we send ${formatCrypto(order.amountCrypto, symbol)} to your wallet.`
              : `Thank you. Once we have confirmed your transfer${network ? ` on ${networkLabel(network)}` : ''}, we pay ${paidOutText(order)} to ${payoutPlace(order)}.`}
          </p>
          {userId ? (
            <EditTxId order={order} userId={userId} />
          ) : (
            order.paymentTxId && (
              <p className="break-all">
                {txIdLabel(order)}: <span className="font-mono">{order.paymentTxId}</span>
              </p>
            )
          )}
          {order.submittedAt && <p>Sent to us on {formatDateTime(order.submittedAt)}.</p>}
          <p>This page updates by itself when we are done.</p>
        </Panel>
      );
    }
    case 'deposit_detected': {
      // A chain watcher saw the transfer to the order's own address (docs/decisions/058).
      const deposit = order.chainDeposit;
      const network = networkOfOrder(order);
      return (
        <Panel title="Deposit detected" tone="info">
          <p>
            We see your transfer{network ? ` on ${networkLabel(network)}` : ''}. Once it has enough confirmations, we pay{' '}
            {paidOutText(order)} to {payoutPlace(order)}.
          </p>
          {deposit && (
            <>
              <p>
                Received: <span className="font-semibold">{formatCrypto(deposit.amount, symbol)}</span>
              </p>
              <p aria-live="polite">
                Confirmations: <span className="font-semibold">{Math.min(deposit.confirmations, deposit.required)}</span> of{' '}
                {deposit.required}
              </p>
              <p className="break-all">
                {txIdLabel(order)}: <span className="font-mono">{deposit.txHash}</span>
              </p>
            </>
          )}
          <p>This page updates by itself.</p>
        </Panel>
      );
    }
    case 'payment_confirmed':
    case 'deposit_confirmed':
      return (
        <Panel title={order.type === 'buy' ? 'Payment confirmed' : 'Crypto received'} tone="info">
          <p>
            {order.type === 'buy'
              ? `We have received your payment and are sending ${formatCrypto(order.amountCrypto, symbol)} to your wallet.`
              : `We have received your ${symbol} and are paying you to ${payoutPlace(order)}.`}
          </p>
          <p>This page updates by itself when we are done.</p>
        </Panel>
      );
    case 'completed':
      return (
        <Panel title="Order completed" tone="success">
          <p>
            {order.type === 'buy'
              ? `We have sent ${formatCrypto(order.amountCrypto, symbol)} to your wallet.`
              : `We have paid ${paidOutText(order)} to ${payoutPlace(order)}.`}
          </p>
          {order.payoutReference && (
            <p className="break-words">
              {payoutReferenceLabel(order)}: <PayoutReference order={order} reference={order.payoutReference} />
            </p>
          )}
          {/* An over payment completed for the amount ordered: the difference went back (issue 28 point 3). */}
          {order.refund && (
            <>
              <p>
                {ORDER_MSG.differenceRefunded}{' '}
                {ORDER_MSG.refundedTo(refundAmountText(order, order.refund.amount), order.refund.destination)}
              </p>
              <RefundReference refund={order.refund} />
            </>
          )}
        </Panel>
      );
    case 'refunded':
      return (
        <Panel title="Order refunded" tone="neutral">
          {order.refund ? (
            <>
              <p className="break-words">{ORDER_MSG.refundedTo(refundAmountText(order, order.refund.amount), order.refund.destination)}</p>
              <RefundReference refund={order.refund} />
              {order.refund.reason && <p className="break-words">Reason: {order.refund.reason}</p>}
            </>
          ) : (
            <p>The money of this order was sent back to you.</p>
          )}
          <Link to={newOrderHref(order)} className={buttonClassName('outline', 'md')}>
            Start a new order
          </Link>
        </Panel>
      );
    case 'cancelled':
      return (
        <Panel title="Order cancelled" tone="danger">
          {order.cancelReason ? <p className="break-words">Reason: {order.cancelReason}</p> : <p>This order was cancelled.</p>}
          <Link to={newOrderHref(order)} className={buttonClassName('outline', 'md')}>
            Start a new order
          </Link>
        </Panel>
      );
    case 'expired':
      return (
        <Panel title="Order expired" tone="neutral">
          <p>
            {order.type === 'buy'
              ? 'The time to pay for this order ran out, so it has expired.'
              : 'The time to send the crypto for this order ran out, so it has expired.'}{' '}
            It no longer counts against your limit.
          </p>
          <p>If you still want to {order.type}, please create a new order.</p>
          <Link to={newOrderHref(order)} className={buttonClassName('primary', 'md')}>
            Start a new order
          </Link>
        </Panel>
      );
    case 'awaiting_payment':
    case 'awaiting_deposit':
      return null;
  }
}
