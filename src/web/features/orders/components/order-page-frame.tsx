import { PageHeading } from '#web/components/page-heading.js';
import { LoadingStatus } from '#web/components/ui/query-content.js';

/**
 * The order page before its order has been read and checked: the heading the link names and a
 * labelled loading state. Shown while the page's code downloads (features/orders/pages/order-route.tsx)
 * and while the order's answer is on its way (order-page.tsx), so the one replaces the other
 * without a change on screen.
 */
export function OrderPageFrame({ orderId }: { orderId: number | null }) {
  return (
    <div className="container-page max-w-2xl py-8">
      <OrderFrameContent orderId={orderId} />
    </div>
  );
}

/** The frame's content, inside the page's container. */
export function OrderFrameContent({ orderId }: { orderId: number | null }) {
  return (
    <div className="space-y-6">
      {orderId !== null && <PageHeading title={`Order #${orderId}`} />}
      <LoadingStatus>Loading the order…</LoadingStatus>
    </div>
  );
}
