import { useState } from 'react';
import { Link } from '#web/lib/router.js';
import { isAwaitingStatus, type TOrder } from '#shared/contracts/orders.js';
import { paths } from '#web/lib/paths.js';
import { OrderDetailsDialog } from '#web/components/orders/order-details-dialog.js';
import { OrderList } from '#web/components/orders/order-list.js';
import { Alert } from '#web/components/ui/alert.js';

/**
 * The last 3 orders (docs/product.md §9), each opening its details, and a link to the full
 * history. An order still waiting for the customer's payment or transfer says so, with a link
 * to its page.
 */
export function RecentOrders({ orders, isLoading }: { orders: TOrder[]; isLoading: boolean }) {
  const [open, setOpen] = useState<TOrder | null>(null);
  const recent = orders.slice(0, 3);
  const waiting = recent.filter((order) => isAwaitingStatus(order.status));
  return (
    <section aria-labelledby="recent-orders-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-orders-heading" className="text-lg font-semibold text-slate-900">
          Recent orders
        </h2>
        <Link to={paths.history.getHref()} className="text-sm font-semibold">
          View all orders
        </Link>
      </div>
      {waiting.map((order) => (
        <Alert key={order.id} variant="info">
          Order #{order.id} is waiting for your {order.type === 'buy' ? 'payment' : 'transfer'}.{' '}
          <Link to={paths.order.getHref(order.id)} className="font-semibold">
            {order.type === 'buy' ? 'Pay' : 'Send'} for order #{order.id}
          </Link>
        </Alert>
      ))}
      {recent.length > 0 ? (
        <OrderList orders={recent} label="Recent orders" onOpen={setOpen} />
      ) : (
        <p className="card text-sm text-slate-600">
          {isLoading ? 'Loading your orders…' : 'No orders yet. '}
          {!isLoading && (
            <>
              <Link to={paths.buy.getHref()}>Buy crypto</Link> or <Link to={paths.sell.getHref()}>sell crypto</Link> to get started.
            </>
          )}
        </p>
      )}
      <OrderDetailsDialog order={open} onClose={() => setOpen(null)} />
    </section>
  );
}
