import { Link } from '#web/lib/router.js';
import { isAwaitingStatus, type TOrder } from '#shared/contracts/orders.js';
import { Button, buttonClassName } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { QueryContent } from '#web/components/ui/query-content.js';
import { useOrderDetail } from '#web/lib/my-orders.js';
import { paths } from '#web/lib/paths.js';
import { CustomerOrderRows } from './customer-order-rows';
import { OrderFacts } from './order-facts';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline } from './order-timeline';

/**
 * 'Order Details' of one of the customer's orders (docs/product.md §2, /history and the
 * dashboard): the facts at once from the list, then the order as it is now with its timeline
 * (GET /api/orders/:id), and a link to the order page, where it is paid, sent or cancelled.
 */
export function OrderDetailsDialog({ order, onClose }: { order: TOrder | null; onClose: () => void }) {
  const detailQuery = useOrderDetail(order?.id ?? null);
  // The order as it is now once read, else as the list had it.
  const current = order && detailQuery.data?.order.id === order.id ? detailQuery.data.order : order;
  return (
    <Dialog
      isOpen={order !== null}
      onClose={onClose}
      title="Order Details"
      size="md"
      footer={
        <>
          {current && (
            <Link
              to={paths.order.getHref(current.id)}
              className={buttonClassName(isAwaitingStatus(current.status) ? 'primary' : 'outline', 'md')}
            >
              {isAwaitingStatus(current.status) ? (current.type === 'buy' ? 'Go to payment' : 'Go to deposit') : 'Open order page'}
            </Link>
          )}
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      {current && (
        <div className="space-y-5">
          <OrderFacts order={current} view="customer" status={<OrderStatusBadge status={current.status} />}>
            <CustomerOrderRows order={current} />
          </OrderFacts>
          <section className="space-y-2">
            <h3 className="text-base font-semibold text-slate-900">Timeline</h3>
            <QueryContent query={detailQuery} loadingText="Loading the timeline…">
              {(detail) => <OrderTimeline events={detail.timeline} order={detail.order} />}
            </QueryContent>
          </section>
        </div>
      )}
    </Dialog>
  );
}
