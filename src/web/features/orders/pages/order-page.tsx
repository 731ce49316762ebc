import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from '#web/lib/router.js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOrder } from '#shared/contracts/orders.js';
import { isAwaitingStatus, MTN_MOMO, ORDER_MSG } from '#shared/order-rules.js';
import { formatCrypto, formatFiat, formatGhs } from '#shared/format.js';
import { Countdown } from '#web/components/countdown.js';
import { CustomerOrderRows } from '#web/components/orders/customer-order-rows.js';
import { OrderFacts } from '#web/components/orders/order-facts.js';
import { OrderStatusBadge } from '#web/components/orders/order-status-badge.js';
import { OrderTimeline } from '#web/components/orders/order-timeline.js';
import { PageHeading } from '#web/components/page-heading.js';
import { buttonClassName } from '#web/components/ui/button.js';
import { Alert } from '#web/components/ui/alert.js';
import { LoadingStatus, QueryContent } from '#web/components/ui/query-content.js';
import { ApiError } from '#web/lib/api.js';
import { formatDateTime } from '#web/lib/format-date.js';
import {
  createdOrderIdOf,
  orderDetailQueryKey,
  orderDetailQueryOptions,
  parseOrderId,
  type TOrderDetailAnswer,
} from '#web/lib/my-orders.js';
import { usePageTitle } from '#web/lib/page-title.js';
import { paths } from '#web/lib/paths.js';
import { useSession } from '#web/lib/session.js';
import { useOrderEvents } from '#web/lib/use-order-events.js';
import { CancelOrder } from '#web/features/orders/components/cancel-order.js';
import { DepositInstructions, amountToSend } from '#web/features/orders/components/deposit-instructions.js';
import { OrderOutcome } from '#web/features/orders/components/order-outcome.js';
import { PayInstructions } from '#web/features/orders/components/pay-instructions.js';
import { OrderFrameContent } from '#web/features/orders/components/order-page-frame.js';
import { runInBackground } from '#web/lib/background-requests.js';
import { lazyNow } from '#web/lib/lazy-now.js';

/**
 * "I have paid" / "I have sent" and its checks (react-hook-form, zod's form rules) come in their own
 * chunk, which the boot script downloads beside the page's (vite.config.ts, docs/decisions/028):
 * the amounts and where to pay show without waiting for it (issue 26 point 15).
 */
// Asked for when this module runs, not at the form's first render: it then evaluates while the
// order's answer is on its way instead of after it.
// Shown the moment it has loaded, without Suspense's 300 ms throttle (lib/lazy-now.tsx).
const PaymentForm = lazyNow(() => import('#web/features/orders/components/payment-form.js').then((module) => module.PaymentForm));
void PaymentForm.preload().catch(() => undefined);

/**
 * "Pay with MTN MoMo" (docs/decisions/060): its own chunk, asked for only on a buy paid to an MTN
 * MoMo account; it shows nothing unless the server's provider is on.
 */
const MomoPrompt = lazy(() => import('#web/features/orders/components/momo-prompt.js').then((module) => ({ default: module.MomoPrompt })));

/** The order's Travel Rule data and its forms (docs/decisions/076): their own chunk, asked for when the order has some to show. */
const TravelRuleSection = lazy(() =>
  import('#web/features/orders/components/travel-rule-form.js').then((module) => ({ default: module.TravelRuleSection })),
);

/** A buy paid to an MTN MoMo account: the page may offer the payment prompt (momo-prompt.tsx). */
function offersMomoPrompt(order: TOrder): boolean {
  return order.type === 'buy' && order.payTo?.type === 'momo' && order.payTo.provider === MTN_MOMO;
}

/** After the deadline the server expires the order within its 15 s round: look again until it has. */
const AFTER_DEADLINE_REFETCH_MS = 5_000;

/** '#/orders/:id' (docs/decisions/014): one of the customer's orders, from creation to its end. */
export function OrderPage() {
  const { id } = useParams();
  const { user } = useSession();
  if (!user) return null; // RequireCustomer guarantees a customer.
  const orderId = parseOrderId(id);
  return (
    <div className="container-page max-w-2xl py-8">
      {orderId === null ? <OrderNotFound /> : <OrderView key={orderId} orderId={orderId} userId={user.id} />}
    </div>
  );
}

/** Missing or another account's: the tab says so too, not the route's "Order #12" (issue 26 point 16). */
function OrderNotFound() {
  usePageTitle(ORDER_MSG.orderNotFoundTitle);
  return (
    <div className="card space-y-3 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{ORDER_MSG.orderNotFound}</h1>
      <p className="text-slate-600">It may have been mistyped, or it belongs to another account.</p>
      <Link to={paths.history.getHref()} className={buttonClassName('primary', 'md')}>
        Go to your order history
      </Link>
    </div>
  );
}

function OrderView({ orderId, userId }: { orderId: number; userId: string }) {
  const queryClient = useQueryClient();
  const [isTimeUp, setIsTimeUp] = useState(false);
  const query = useQuery({
    ...orderDetailQueryOptions(orderId),
    refetchInterval: (current) =>
      isTimeUp && current.state.data && isAwaitingStatus(current.state.data.order.status) ? AFTER_DEADLINE_REFETCH_MS : false,
  });
  // Staff approve or cancel, the expiry runs: the page reads the order again when it changes.
  useOrderEvents('/api/orders/socket', (event) => {
    if (event.type === 'resync' || event.orderId === orderId) {
      void queryClient.invalidateQueries({ queryKey: orderDetailQueryKey(orderId) });
      // A MoMo prompt's end (failed, or paid) comes as a notice of the order too.
      void queryClient.invalidateQueries({ queryKey: ['momo', orderId] });
    }
  });

  if (query.error instanceof ApiError && query.error.status === 404) return <OrderNotFound />;
  // The frame the route showed while this code downloaded (order-route.tsx), until the order is checked.
  if (query.data === undefined && !query.isError) return <OrderFrameContent orderId={orderId} />;
  return (
    <QueryContent query={query} loadingText="Loading the order…">
      {(detail) => (
        <OrderBody
          detail={detail}
          userId={userId}
          isTimeUp={isTimeUp}
          onTimeUp={() => {
            setIsTimeUp(true);
            runInBackground(() => void queryClient.invalidateQueries({ queryKey: orderDetailQueryKey(orderId) }));
          }}
        />
      )}
    </QueryContent>
  );
}

function summaryOf(order: TOrder): string {
  const symbol = order.coinSymbol.toUpperCase();
  const crypto =
    order.type === 'sell' && order.depositTo
      ? `${amountToSend(order, order.depositTo.network).text} ${symbol}`
      : formatCrypto(order.amountCrypto, symbol);
  const fiat = order.amountGhs !== null ? formatGhs(order.amountGhs) : formatFiat(order.amountFiat, order.fiatCurrency);
  return `${order.type === 'buy' ? 'Buy' : 'Sell'} ${crypto} for ${fiat}, created ${formatDateTime(order.createdAt)}.`;
}

function OrderBody({
  detail,
  userId,
  isTimeUp,
  onTimeUp,
}: {
  detail: TOrderDetailAnswer;
  userId: string;
  isTimeUp: boolean;
  onTimeUp: () => void;
}) {
  const { order, timeline, clockOffsetMs, travelRule } = detail;
  const isBuy = order.type === 'buy';
  const isAwaiting = isAwaitingStatus(order.status);
  const canAct = isAwaiting && !isTimeUp;
  const isJustCreated = createdOrderIdOf(useLocation().state) === order.id;

  // "I have paid" (or staff, or the clock) ends the wait: the form the person was in goes away
  // with the focus in it. The focus then goes to what the order now says (issue 26), never to
  // nothing; a focus the person has put elsewhere meanwhile stays where it is.
  const previousStatus = useRef(order.status);
  useEffect(() => {
    const was = previousStatus.current;
    previousStatus.current = order.status;
    if (was === order.status || !isAwaitingStatus(was)) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById('outcome-heading')?.focus();
  }, [order.status]);

  return (
    <div className="space-y-6">
      <PageHeading
        title={`${isBuy ? 'Buy' : 'Sell'} order #${order.id}`}
        description={summaryOf(order)}
        actions={<OrderStatusBadge status={order.status} />}
      />
      {/* Said here, under the heading, rather than in a toast over it (issue 26). */}
      {isJustCreated && (
        <Alert variant="success">
          Your {order.type} order #{order.id} was created.
        </Alert>
      )}

      {isAwaiting && order.deadlineAt && (
        <div className="card space-y-1">
          <Countdown
            deadlineAt={order.deadlineAt}
            clockOffsetMs={clockOffsetMs}
            label={isBuy ? 'Time left to pay' : 'Time left to send'}
            expiredText={isBuy ? ORDER_MSG.expired : 'The time to send the crypto for this order has run out. Please create a new order.'}
            onExpire={onTimeUp}
          />
          {canAct ? (
            <p className="text-sm text-slate-600">
              {isBuy ? 'Pay' : 'Send'} by {formatDateTime(order.deadlineAt)} (Ghana time), or the order expires.
            </p>
          ) : (
            <LoadingStatus>Checking the order…</LoadingStatus>
          )}
        </div>
      )}

      {canAct && (isBuy ? <PayInstructions order={order} /> : <DepositInstructions order={order} />)}
      {canAct && offersMomoPrompt(order) && (
        <Suspense fallback={null}>
          <MomoPrompt order={order} />
        </Suspense>
      )}
      {canAct && (
        <PaymentForm.Component order={order} userId={userId} fallback={<LoadingStatus>Loading the payment form…</LoadingStatus>} />
      )}
      {canAct && <CancelOrder order={order} userId={userId} />}

      <OrderOutcome order={order} userId={userId} />

      {travelRule && (travelRule.message !== null || travelRule.walletType !== null) && (
        <Suspense fallback={<LoadingStatus>Loading the wallet details…</LoadingStatus>}>
          <TravelRuleSection order={order} travelRule={travelRule} />
        </Suspense>
      )}

      <section aria-labelledby="details-heading" className="card">
        <h2 id="details-heading" className="text-lg font-semibold text-slate-900">
          Order details
        </h2>
        <OrderFacts order={order} view="customer" status={<OrderStatusBadge status={order.status} />}>
          <CustomerOrderRows order={order} />
        </OrderFacts>
      </section>

      <section aria-labelledby="timeline-heading" className="card space-y-3">
        <h2 id="timeline-heading" className="text-lg font-semibold text-slate-900">
          Timeline
        </h2>
        <OrderTimeline events={timeline} order={order} />
      </section>

      <p>
        <Link to={paths.history.getHref()}>Back to your order history</Link>
      </p>
    </div>
  );
}
