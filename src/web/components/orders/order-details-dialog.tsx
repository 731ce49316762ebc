import type { TOrder } from '#shared/contracts/orders.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { OrderFacts } from './order-facts';
import { OrderStatusBadge } from './order-status-badge';

/** 'Order Details' of one of the customer's orders (docs/product.md §2, /history). */
export function OrderDetailsDialog({ order, onClose }: { order: TOrder | null; onClose: () => void }) {
  return (
    <Dialog
      isOpen={order !== null}
      onClose={onClose}
      title="Order Details"
      size="md"
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {order && <OrderFacts order={order} view="customer" status={<OrderStatusBadge status={order.status} />} />}
    </Dialog>
  );
}
