import { useId } from 'react';
import type { TAdminOrder, TAdminOrderDetail } from '#shared/contracts/orders.js';
import { formatGhs, formatUsd } from '#shared/format.js';
import { normalizeDecimal } from '#shared/money.js';
import { networkLabel } from '#shared/networks.js';
import { KycBadge } from '#web/components/kyc-badge.js';
import { SameImageNotice } from '#web/components/same-image-notice.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { LoadingStatus } from '#web/components/ui/query-content.js';
import { OrderFact, OrderFacts } from '#web/components/orders/order-facts.js';
import { isDecidable, OrderStatusBadge } from '#web/components/orders/order-status-badge.js';
import { OrderTimeline } from '#web/components/orders/order-timeline.js';
import { formatDateTime } from '#web/lib/format-date.js';
import type { TOrderDecision } from '#web/lib/order-labels.js';
import { useAdminOrder } from '#web/features/admin/orders/api/get-admin-order.js';
import { formatAge, useNow } from '#web/features/admin/orders/lib/order-age.js';
import { OnChainRows, PaymentProof, PayTo } from './order-detail-parts';
import { remainingLimitText } from './remaining-limit';

type OrderDetailsDialogProps = {
  id: number;
  /** The row that was clicked, shown at once while the details load. */
  shown?: TAdminOrder;
  onClose: () => void;
  /** Approve or Cancel was pressed on a submitted order; the page asks for confirmation. */
  onDecide: (order: TAdminOrder, decision: TOrderDecision) => void;
  /** The role may approve and cancel (the orders area); compliance reads orders only. */
  canDecide?: boolean;
};

/**
 * 'Order Details' (docs/product.md §2, /admin/orders) with what staff need to decide it
 * (docs/decisions/014): the customer's KYC status and remaining limit, the payment reference,
 * the locked price and GHS amount, deadline and payment time, who paid, where the money or coins
 * were to go, the payment screenshot, explorer links and the timeline with staff names. Read
 * again when it opens and whenever the order changes (the admin layout's order events).
 */
export function OrderDetailsDialog({ id, shown, onClose, onDecide, canDecide = true }: OrderDetailsDialogProps) {
  const query = useAdminOrder(id);
  const detail = query.data;
  // Decide only on what the server has just confirmed as submitted, not on the clicked row.
  const decidable = canDecide && detail && isDecidable(detail.order) ? detail.order : null;

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
          {decidable && (
            <>
              <Button variant="danger" onClick={() => onDecide(decidable, 'cancel')}>
                Cancel order
              </Button>
              <Button onClick={() => onDecide(decidable, 'approve')}>Approve order</Button>
            </>
          )}
        </>
      }
    >
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} className="mb-4" />}
      {detail ? (
        <StaffOrderDetails detail={detail} />
      ) : (
        <>
          {shown && <StaffOrderFacts order={shown} />}
          {!query.isError && <LoadingStatus>Loading order…</LoadingStatus>}
        </>
      )}
    </Dialog>
  );
}

function StaffOrderDetails({ detail }: { detail: TAdminOrderDetail }) {
  const timelineHeadingId = useId();
  const { order } = detail;
  return (
    <div className="space-y-6">
      <StaffOrderFacts order={order} detail={detail} />
      <section aria-labelledby={timelineHeadingId}>
        <h3 id={timelineHeadingId} className="mb-3 text-base font-semibold text-slate-900">
          Timeline
        </h3>
        <OrderTimeline events={detail.timeline} order={order} />
      </section>
    </div>
  );
}

/** '$60,606.06 per BTC at GHS 16.5 per US dollar': the quote's price, locked on the order. */
function lockedPrice(order: TAdminOrder): string {
  let rate = order.ghsRate;
  try {
    rate = normalizeDecimal(order.ghsRate);
  } catch {
    // Shown as the server sent it.
  }
  return `${formatUsd(order.unitPriceUsd)} per ${order.coinSymbol.toUpperCase()} at GHS ${rate} per US dollar`;
}

/** The shared facts and the staff rows; `detail` adds what only the detail answer has (the customer's KYC and limit). */
function StaffOrderFacts({ order, detail }: { order: TAdminOrder; detail?: TAdminOrderDetail }) {
  const now = useNow();
  const dash = '—';
  return (
    <OrderFacts
      order={order}
      view="staff"
      status={
        <>
          <OrderStatusBadge status={order.status} />
          {/* docs/decisions/017: compliance must clear it before it can be approved; the customer is not told. */}
          {order.complianceHold && (
            <Badge variant="danger" className="ml-2">
              On compliance hold
            </Badge>
          )}
        </>
      }
    >
      <OrderFact label="Customer">
        {order.customerName}
        <span className="block text-slate-600">{order.customerEmail}</span>
      </OrderFact>
      <OrderFact label="Customer phone">{order.customerPhone?.trim() || dash}</OrderFact>
      {detail && (
        <>
          <OrderFact label="KYC status">
            <KycBadge status={detail.customer.kycStatus} />
          </OrderFact>
          <OrderFact label="Remaining limit">{remainingLimitText(detail.customer)}</OrderFact>
        </>
      )}
      {/* A buy's only: a sell has nowhere to carry one (docs/decisions/026). */}
      {order.type === 'buy' && (
        <OrderFact label="Payment reference" mono>
          {order.paymentReference ?? dash}
        </OrderFact>
      )}
      <OrderFact label="Locked price">{lockedPrice(order)}</OrderFact>
      <OrderFact label="GHS amount">{order.amountGhs ? formatGhs(order.amountGhs) : dash}</OrderFact>
      <OrderFact label="Deadline">{order.deadlineAt ? formatDateTime(order.deadlineAt) : dash}</OrderFact>
      <OrderFact label="Submitted at">
        {order.submittedAt ? (
          <>
            {formatDateTime(order.submittedAt)}
            {isDecidable(order) && <span className="text-slate-600"> (waiting {formatAge(order.submittedAt, now)})</span>}
          </>
        ) : (
          dash
        )}
      </OrderFact>
      {order.type === 'buy' ? (
        <>
          <OrderFact label="Payer number" mono>
            {order.payerNumber?.trim() || dash}
          </OrderFact>
          <OrderFact label="Payer name">{order.payerName?.trim() || dash}</OrderFact>
          <OrderFact label="Pay-to account">
            <PayTo payTo={order.payTo} />
          </OrderFact>
        </>
      ) : (
        <>
          <OrderFact label="Deposit network">{order.depositTo ? networkLabel(order.depositTo.network) : dash}</OrderFact>
          <OrderFact label="Deposit address" mono>
            {order.depositTo?.address ?? dash}
          </OrderFact>
          {order.depositTo?.tag && (
            <OrderFact label="Deposit tag" mono>
              {order.depositTo.tag}
            </OrderFact>
          )}
        </>
      )}
      <OnChainRows order={order} />
      {order.cancelReason && <OrderFact label="Cancel reason">{order.cancelReason}</OrderFact>}
      {order.hasProof && (
        <OrderFact label="Payment screenshot">
          <PaymentProof orderId={order.id} />
          <SameImageNotice source={{ orderId: order.id }} />
        </OrderFact>
      )}
    </OrderFacts>
  );
}
