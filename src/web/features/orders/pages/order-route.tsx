import { useParams } from '#web/lib/router.js';
import { lazyNow } from '#web/lib/lazy-now.js';
import { OrderPageFrame } from '#web/features/orders/components/order-page-frame.js';
import { parseOrderId } from '#web/lib/my-orders.js';

/*
 * '#/orders/:id' as the route tree has it: the page's frame (its heading and "Loading the order…",
 * inside the header and footer of app/layouts/public-layout.tsx) is in the entry chunk, so a
 * phone opening the order from an SMS link paints the page from the entry and the stylesheet
 * alone, while the page's code (zod's check of the answer, docs/decisions/025) and the payment
 * form download beside it (the boot script's modulepreload, scripts/route-preloads.ts). The order
 * itself shows only once its answer has been checked (lib/my-orders.ts). Issue 26 point 15,
 * docs/decisions/055; the page shows as soon as its code has loaded, with no Suspense fallback
 * throttle (lib/lazy-now.tsx, docs/decisions/064).
 */
const OrderPage = lazyNow(() => import('#web/features/orders/pages/order-page.js').then((module) => module.OrderPage));

export function OrderRoute() {
  const { id } = useParams();
  return <OrderPage.Component fallback={<OrderPageFrame orderId={parseOrderId(id)} />} />;
}
