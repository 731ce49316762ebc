import { useId } from 'react';
import type { TAdminOrder, TAdminOrderDetail } from '#shared/contracts/orders.js';
import { formatCrypto, formatGhs, formatUsd } from '#shared/format.js';
import { Dec, normalizeDecimal } from '#shared/money.js';
import { networkLabel } from '#shared/networks.js';
import { KycBadge } from '#web/components/kyc-badge.js';
import { SameImageNotice } from '#web/components/same-image-notice.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { LoadingStatus } from '#web/components/ui/query-content.js';
import { OrderFact, OrderFacts } from '#web/components/orders/order-facts.js';
import { isCancellable, isDecidable, OrderStatusBadge } from '#web/components/orders/order-status-badge.js';
import { OrderTimeline } from '#web/components/orders/order-timeline.js';
import { formatDateTime } from '#web/lib/format-date.js';
import type { TOrderDecision } from '#web/lib/order-labels.js';
import { ORDER_MSG } from '#shared/contracts/orders.js';
import { canAccess } from '#shared/permissions.js';
import { ApiError } from '#web/lib/api.js';
import { useSession } from '#web/lib/session.js';
import { useAdminOrder } from '#web/features/admin/orders/api/get-admin-order.js';
import { useChangeOrderClaim, type TClaimAction } from '#web/features/admin/orders/api/claim-admin-order.js';
import { approveBlock, CLAIM_WARNING_MS, liveClaim, payoutBlock } from '#web/features/admin/orders/lib/order-claim.js';
import { formatAge, useNow } from '#web/features/admin/orders/lib/order-age.js';
import { MoneyFacts } from './money-facts';
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
  const user = useSession().user;
  const now = useNow(5_000);
  const reasonId = useId();
  // Decide only on what the server has just confirmed as submitted, not on the clicked row.
  const decidable = canDecide && detail && isDecidable(detail.order) ? detail.order : null;
  // Claim, then pay (docs/decisions/029): Approve is for the live claimant of an order nothing blocks.
  const blocked = decidable ? approveBlock(decidable, user?.id, now) : null;

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Order Details"
      size="lg"
      footer={
        <>
          {blocked && (
            <p id={reasonId} className="mr-auto basis-full text-sm text-slate-700 sm:basis-auto sm:self-center">
              {blocked}
            </p>
          )}
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {decidable && (
            <>
              {/* A confirmed order's money arrived: it is refunded, never cancelled (docs/decisions/038). */}
              {isCancellable(decidable) && (
                <Button variant="danger" onClick={() => onDecide(decidable, 'cancel')}>
                  Cancel order
                </Button>
              )}
              {/* Refund sends money like a payout: the live claimant's, on an order nothing blocks. */}
              <Button
                variant="outline"
                onClick={() => onDecide(decidable, 'refund')}
                disabled={blocked !== null}
                aria-describedby={blocked ? reasonId : undefined}
              >
                Refund
              </Button>
              {/* Confirming what arrived moves no money: no claim needed (issue 28 point 2). */}
              {isCancellable(decidable) && (
                <Button variant="outline" onClick={() => onDecide(decidable, 'confirm')}>
                  Confirm payment
                </Button>
              )}
              <Button
                onClick={() => onDecide(decidable, 'approve')}
                disabled={blocked !== null}
                aria-describedby={blocked ? reasonId : undefined}
              >
                Approve order
              </Button>
            </>
          )}
        </>
      }
    >
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} className="mb-4" />}
      {detail ? (
        <>
          <OrderStickyHeader order={detail.order} canDecide={canDecide} now={now} />
          <StaffOrderDetails detail={detail} />
        </>
      ) : (
        <>
          {shown && <StaffOrderFacts order={shown} />}
          {!query.isError && <LoadingStatus>Loading order…</LoadingStatus>}
        </>
      )}
    </Dialog>
  );
}

/**
 * The top of the details, kept in view while they scroll (issue 27 point 2: at 768 px the hold
 * badge scrolled off while Approve stayed visible): the order, its status, what blocks its payout,
 * and who is paying it now with Claim, Release or Take over (docs/decisions/029). The claimant is
 * warned on this open page shortly before the claim ends.
 */
function OrderStickyHeader({ order, canDecide, now }: { order: TAdminOrder; canDecide: boolean; now: number }) {
  const user = useSession().user;
  const change = useChangeOrderClaim();
  const claim = liveClaim(order, now);
  const isMine = claim !== null && claim.staffId === user?.id;
  const blocked = payoutBlock(order);
  const decidable = isDecidable(order);
  const lapsedMine = decidable && !claim && order.claim?.staffId === user?.id;
  const left = claim ? Date.parse(claim.expiresAt) - now : 0;
  const act = (action: TClaimAction) => change.mutate({ id: order.id, action });
  return (
    <div className="sticky -top-4 z-10 -mx-5 -mt-4 mb-4 space-y-2 border-b border-slate-200 bg-white px-5 pt-4 pb-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">Order #{order.id}</span>
        <OrderStatusBadge status={order.status} />
        {order.complianceHold && <Badge variant="danger">On compliance hold</Badge>}
        {order.customerAccount === 'closed' && <Badge variant="danger">Account closed</Badge>}
        {order.customerAccount === 'banned' && <Badge variant="danger">Account banned</Badge>}
        {decidable && claim && (
          <Badge variant={isMine ? 'success' : 'warning'}>{ORDER_MSG.payingNow(isMine ? 'you' : claim.staffName)}</Badge>
        )}
      </div>
      {canDecide && decidable && (
        <div className="flex flex-wrap items-center gap-2">
          {!claim && !blocked && (
            <Button size="sm" onClick={() => act('claim')} isLoading={change.isPending}>
              Claim to pay out
            </Button>
          )}
          {isMine && (
            <Button size="sm" variant="outline" onClick={() => act('release')} isLoading={change.isPending}>
              Release claim
            </Button>
          )}
          {claim && !isMine && canAccess(user?.role, 'orderTakeover') && (
            <Button size="sm" variant="outline" onClick={() => act('takeover')} isLoading={change.isPending}>
              Take over from {claim.staffName}
            </Button>
          )}
        </div>
      )}
      {isMine && left <= CLAIM_WARNING_MS && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-amber-900">
          {ORDER_MSG.claimEndingSoon(Math.ceil(left / 60_000))}
          <Button size="sm" variant="outline" onClick={() => act('claim')} isLoading={change.isPending}>
            Keep my claim
          </Button>
        </div>
      )}
      {lapsedMine && (
        <p role="alert" className="text-sm text-amber-900">
          {ORDER_MSG.claimLapsed}
        </p>
      )}
      {change.isError && (
        <p role="alert" className="text-sm text-red-700">
          {change.error instanceof ApiError ? change.error.message : ORDER_MSG.claimFirst}
        </p>
      )}
    </div>
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
          {order.depositDerivation && (
            <OrderFact label="Address derivation">
              This order's own address: watch-only key #{order.depositDerivation.keyId}, index {order.depositDerivation.index}
            </OrderFact>
          )}
          {order.autoPayoutNote && <OrderFact label="Automatic payout">{order.autoPayoutNote}</OrderFact>}
          {order.depositTo?.tag && (
            <OrderFact label="Deposit tag" mono>
              {order.depositTo.tag}
            </OrderFact>
          )}
          {/* What the chain watcher saw (docs/decisions/058). */}
          {order.chainDeposit && (
            <>
              <OrderFact label="Deposit on chain" mono>
                {order.chainDeposit.txHash}
              </OrderFact>
              <OrderFact label="Deposit amount">
                {formatCrypto(order.chainDeposit.amount, order.coinSymbol.toUpperCase())}
                {!new Dec(order.chainDeposit.amount).eq(order.amountCrypto) &&
                  ` (ordered ${formatCrypto(order.amountCrypto, order.coinSymbol.toUpperCase())})`}
              </OrderFact>
              <OrderFact label="Confirmations">
                {order.chainDeposit.status === 'reorged'
                  ? 'No longer on the chain (reorganisation)'
                  : `${order.chainDeposit.confirmations} of ${order.chainDeposit.required}`}
              </OrderFact>
            </>
          )}
        </>
      )}
      <OnChainRows order={order} />
      {detail?.payoutCheck && <PayoutCheckFact check={detail.payoutCheck} />}
      {detail?.travelRule && <TravelRuleFact travelRule={detail.travelRule} />}
      <MoneyFacts order={order} names={detail?.names} />
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

/** The order's Travel Rule data (docs/decisions/076): the other wallet as the customer stated it, and its proof. */
function TravelRuleFact({ travelRule }: { travelRule: NonNullable<TAdminOrderDetail['travelRule']> }) {
  const stated =
    travelRule.walletType === 'provider'
      ? `At an exchange: ${travelRule.providerName ?? ''}, account ${travelRule.providerAccount ?? ''}`
      : travelRule.walletType === 'self_hosted'
        ? `Self-hosted: ${travelRule.address ?? ''}`
        : 'Not stated';
  const proof =
    travelRule.verifiedAt !== null
      ? `Proven by a ${travelRule.signatureFormat?.toUpperCase() ?? ''} signature, ${formatDateTime(travelRule.verifiedAt)}`
      : travelRule.status === 'proof_needed'
        ? 'Signature not given yet'
        : travelRule.status === 'review'
          ? 'Signatures on this network are not checked: review the wallet'
          : null;
  return (
    <OrderFact label={travelRule.required ? 'Other wallet (Travel Rule, required)' : 'Other wallet (Travel Rule)'}>
      <span className="break-all">{stated}</span>
      {proof && <span className="block text-slate-600">{proof}</span>}
    </OrderFact>
  );
}

/** A completed buy's payout as the chain watcher found it (docs/decisions/067). */
function PayoutCheckFact({ check }: { check: NonNullable<TAdminOrderDetail['payoutCheck']> }) {
  const text =
    check.status === 'verified'
      ? `Verified: ${check.detail}`
      : check.status === 'pending'
        ? check.confirmations > 0
          ? `Checking: ${check.confirmations} confirmations so far`
          : 'Checking: not seen on the chain yet'
        : check.status === 'mismatch'
          ? `Not as ordered: ${check.detail} See Statements > Exceptions.`
          : `Not found: ${check.detail} See Statements > Exceptions.`;
  return (
    <OrderFact label="Payout on chain">
      <span className={check.status === 'mismatch' || check.status === 'not_found' ? 'font-semibold text-red-700' : undefined}>{text}</span>
    </OrderFact>
  );
}
