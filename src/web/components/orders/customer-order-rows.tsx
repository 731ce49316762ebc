import type { TOrder } from '#shared/contracts/orders.js';
import { formatGhs } from '#shared/format.js';
import { networkLabel } from '#shared/networks.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { OrderFact } from './order-facts';

/**
 * The customer's Order Details rows of the order lifecycle (docs/decisions/014), given to
 * OrderFacts: the payment reference, the cedis paid or paid out, the network sent on, the
 * deadline while the order waits for the customer.
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
    </>
  );
}
