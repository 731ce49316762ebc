import { useState } from 'react';
import { Link } from 'react-router';
import type { TOrder } from '#shared/contracts/orders.js';
import { paths } from '#web/lib/paths.js';
import { OrderDetailsDialog } from '#web/components/orders/order-details-dialog.js';
import { OrderList } from '#web/components/orders/order-list.js';

/** The last 3 orders (docs/product.md §9), each opening its details, and a link to the full history. */
export function RecentOrders({ orders, isLoading }: { orders: TOrder[]; isLoading: boolean }) {
  const [open, setOpen] = useState<TOrder | null>(null);
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
      {orders.length > 0 ? (
        <OrderList orders={orders.slice(0, 3)} label="Recent orders" onOpen={setOpen} />
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
