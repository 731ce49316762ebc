import { useState } from 'react';
import type { TOrder } from '#shared/contracts/orders.js';
import { formatGhs } from '#shared/format.js';
import { networkLabel } from '#shared/networks.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { OrderFact } from './order-facts';

/** The customer's own screenshot (GET /api/orders/:id/proof: theirs only, another account's is "not found"). */
export function customerProofUrl(orderId: number): string {
  return `/api/orders/${orderId}/proof`;
}

/** The payment screenshot the customer attached to "I have paid" (issue 26), with a link to it at full size. */
function PaymentScreenshot({ orderId }: { orderId: number }) {
  const [hasFailed, setHasFailed] = useState(false);
  const url = customerProofUrl(orderId);
  if (hasFailed) return <span className="text-slate-600">The screenshot could not be loaded.</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="inline-block max-w-full">
      <img
        src={url}
        alt="Your payment screenshot"
        onError={() => setHasFailed(true)}
        className="max-h-72 max-w-full rounded-lg border border-slate-200 object-contain"
      />
      <span className="mt-1 block text-sm font-semibold">
        Open full size<span className="sr-only"> (opens in a new tab)</span>
      </span>
    </a>
  );
}

/**
 * The customer's Order Details rows of the order lifecycle (docs/decisions/014), given to
 * OrderFacts: the payment reference, the cedis paid or paid out, the network sent on, the
 * deadline while the order waits for the customer, the payment screenshot they attached.
 */
export function CustomerOrderRows({ order }: { order: TOrder }) {
  return (
    <>
      {/* Only a buy's: an older sell still holds one, which had no use (docs/decisions/026). */}
      {order.type === 'buy' && order.paymentReference && (
        <OrderFact label="Payment reference" mono>
          {order.paymentReference}
        </OrderFact>
      )}
      {order.amountGhs !== null && order.fiatCurrency !== 'GHS' && (
        <OrderFact label={order.type === 'buy' ? 'Paid in cedis' : 'Paid out in cedis'}>{formatGhs(order.amountGhs)}</OrderFact>
      )}
      {order.type === 'sell' && order.depositTo && <OrderFact label="Network">{networkLabel(order.depositTo.network)}</OrderFact>}
      {order.deadlineAt && (order.status === 'awaiting_payment' || order.status === 'awaiting_deposit') && (
        <OrderFact label={order.type === 'buy' ? 'Pay by' : 'Send by'}>{formatDateTime(order.deadlineAt)} (Ghana time)</OrderFact>
      )}
      {order.hasProof && (
        <OrderFact label="Payment screenshot">
          <PaymentScreenshot orderId={order.id} />
        </OrderFact>
      )}
    </>
  );
}
