import { useState } from 'react';
import { Link } from '#web/lib/router.js';
import type { TOrder } from '#shared/contracts/orders.js';
import { PageHeading } from '#web/components/page-heading.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { buttonClassName } from '#web/components/ui/button.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { paths } from '#web/lib/paths.js';
import { useSession } from '#web/lib/session.js';
import { useMyOrders, useOrdersLive } from '#web/lib/use-order-events.js';
import { OrderDetailsDialog } from '#web/components/orders/order-details-dialog.js';
import { OrderList } from '#web/components/orders/order-list.js';
import { HistoryExportForm } from '#web/features/history/components/history-export-form.js';

/**
 * /history: the customer's orders, newest first, from the local cache at once and then from the
 * server, kept live by the order socket (a status staff change shows without a reload). An order
 * opens its details with the timeline and a link to its page.
 */
export function HistoryPage() {
  const { user } = useSession();
  if (!user) return null; // RequireCustomer guarantees a customer.
  return <OrderHistory userId={user.id} />;
}

function OrderHistory({ userId }: { userId: string }) {
  const ordersQuery = useMyOrders(userId);
  useOrdersLive();
  const [openId, setOpenId] = useState<number | null>(null);
  const orders = ordersQuery.data;
  const openOrder: TOrder | null = (openId !== null && orders?.find((order) => order.id === openId)) || null;

  return (
    <div className="container-page py-8">
      <PageHeading title="Order history" description="Your buy and sell orders, newest first." />
      {ordersQuery.isError && <QueryErrorAlert error={ordersQuery.error} onRetry={() => void ordersQuery.refetch()} className="mb-4" />}
      {orders === undefined ? (
        ordersQuery.isPending && (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <Spinner /> Loading your orders…
          </p>
        )
      ) : orders.length === 0 ? (
        <div className="card text-center">
          <h2 className="text-lg font-semibold text-slate-900">No orders yet</h2>
          <p className="mt-1 text-slate-600">Your buy and sell orders will appear here.</p>
          <div className="mt-4 flex justify-center gap-2">
            <Link to={paths.buy.getHref()} className={buttonClassName('primary', 'md')}>
              Buy crypto
            </Link>
            <Link to={paths.sell.getHref()} className={buttonClassName('outline', 'md')}>
              Sell crypto
            </Link>
          </div>
        </div>
      ) : (
        <>
          <HistoryExportForm />
          <OrderList orders={orders} label="Your orders" onOpen={(order) => setOpenId(order.id)} />
        </>
      )}
      <OrderDetailsDialog order={openOrder} onClose={() => setOpenId(null)} />
    </div>
  );
}
