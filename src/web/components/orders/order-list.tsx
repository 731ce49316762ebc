import type { TOrder } from '#shared/contracts/orders.js';
import { formatCrypto, formatFiat } from '#shared/format.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { OrderStatusBadge, orderTitle } from '#web/components/orders/order-status-badge.js';

/**
 * Orders as a list of buttons (one per order, named by its content), laid out as rows on wide
 * screens and as stacked cards on a phone; a click opens its details.
 */
export function OrderList({ orders, onOpen, label }: { orders: TOrder[]; onOpen: (order: TOrder) => void; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
      {orders.map((order) => (
        <li key={order.id}>
          <button
            type="button"
            onClick={() => onOpen(order)}
            aria-haspopup="dialog"
            className="grid w-full grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 sm:grid-cols-[minmax(7rem,1fr)_minmax(9rem,1fr)_minmax(7rem,1fr)_minmax(10rem,1fr)_6rem]"
          >
            <span className="font-semibold text-slate-900">{orderTitle(order)}</span>
            <span className="justify-self-end sm:order-last">
              <OrderStatusBadge status={order.status} />
            </span>
            <span className="text-sm text-slate-600">{formatDateTime(order.createdAt)}</span>
            <span className="justify-self-end text-sm font-semibold text-slate-900 tabular-nums sm:justify-self-start">
              {formatFiat(order.amountFiat, order.fiatCurrency)}
            </span>
            <span className="col-span-2 text-sm text-slate-600 tabular-nums sm:col-span-1">
              {formatCrypto(order.amountCrypto, order.coinSymbol)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
