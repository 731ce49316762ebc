import type { TAdminOrder } from '#shared/contracts/orders.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { useAdminOrder } from '#web/features/admin/orders/api/get-admin-order.js';
import type { TOrderDecision } from '#web/lib/order-labels.js';
import { OrderFact, OrderFacts } from '#web/components/orders/order-facts.js';
import { isDecidable, OrderStatusBadge } from '#web/components/orders/order-status-badge.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { LoadingStatus } from '#web/components/ui/query-content.js';

type OrderDetailsDialogProps = {
  id: number;
  /** The row that was clicked, shown at once while the fresh copy loads. */
  shown?: TAdminOrder;
  onClose: () => void;
  /** Approve or Cancel was pressed on a pending order; the page asks for confirmation. */
  onDecide: (order: TAdminOrder, decision: TOrderDecision) => void;
};

/** 'Order Details' (docs/product.md §2, /admin/orders): everything staff need to check a payment. */
export function OrderDetailsDialog({ id, shown, onClose, onDecide }: OrderDetailsDialogProps) {
  const query = useAdminOrder(id, shown);
  const order = query.data;
  // Decide only on what the server has just confirmed as pending (submitted), not on the clicked row.
  const canDecide = order !== undefined && isDecidable(order) && !query.isPlaceholderData;

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Order Details"
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {order && canDecide && (
            <>
              <Button variant="danger" onClick={() => onDecide(order, 'cancel')}>
                Cancel order
              </Button>
              <Button onClick={() => onDecide(order, 'approve')}>Approve order</Button>
            </>
          )}
        </>
      }
    >
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} className="mb-4" />}
      {order ? <StaffOrderFacts order={order} /> : !query.isError && <LoadingStatus>Loading order…</LoadingStatus>}
    </Dialog>
  );
}

function StaffOrderFacts({ order }: { order: TAdminOrder }) {
  return (
    <OrderFacts order={order} view="staff" status={<OrderStatusBadge status={order.status} />}>
      <OrderFact label="Customer">
        {order.customerName}
        <span className="block text-slate-600">{order.customerEmail}</span>
      </OrderFact>
      <OrderFact label="Customer phone">{order.customerPhone?.trim() || '—'}</OrderFact>
    </OrderFacts>
  );
}
