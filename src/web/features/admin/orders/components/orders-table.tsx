import type { MouseEvent } from 'react';
import { ORDER_MSG, type TAdminOrder } from '#shared/contracts/orders.js';
import { useSession } from '#web/lib/session.js';
import { approveBlock, liveClaim, payoutBlock } from '#web/features/admin/orders/lib/order-claim.js';
import { useChangeOrderClaim } from '#web/features/admin/orders/api/claim-admin-order.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError } from '#web/lib/api.js';
import { formatCrypto, formatFiat, shortenTxId } from '#shared/format.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import {
  Table,
  TableActionCell,
  TableActionHeaderCell,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableLoadingRow,
  TableMessageRow,
  TableRow,
} from '#web/components/ui/table.js';
import { formatDateTime } from '#web/lib/format-date.js';
import type { TAdminOrderFilter, TOrderSort } from '#web/features/admin/orders/lib/order-filter.js';
import { orderTypeLabel, txIdLabel, type TOrderDecision } from '#web/lib/order-labels.js';
import { isCancellable, isDecidable, OrderStatusBadge } from '#web/components/orders/order-status-badge.js';
import { SortableHeader } from '#web/components/ui/sortable-header.js';
import { formatAge, useNow } from '#web/features/admin/orders/lib/order-age.js';

const COLUMN_COUNT = 7;

type OrdersTableProps = {
  orders: TAdminOrder[];
  filter: TAdminOrderFilter;
  isLoading: boolean;
  /** Shown instead of rows when there are none (and nothing failed). */
  emptyText: string | null;
  onSort: (column: TOrderSort) => void;
  onOpen: (order: TAdminOrder) => void;
  onDecide: (order: TAdminOrder, decision: TOrderDecision) => void;
  /** The role may approve and cancel (the orders area); compliance reads orders only. */
  canDecide?: boolean;
};

/** Clicks on the row's own buttons do their own thing, not 'open the details'. */
function isFromControl(event: MouseEvent<HTMLElement>): boolean {
  return event.target instanceof Element && event.target.closest('button, a, input, select, textarea') !== null;
}

/**
 * The order list: sortable headers, a clickable row per order, Claim/Approve/Cancel on pending
 * (submitted) ones, each with how long it has been waiting since the customer paid or sent.
 * Where the columns do not fit (a laptop with the menu, a tablet) the table scrolls inside its
 * card and the Actions column stays in view (TableActionCell), its buttons one above the other.
 * What decides a payout comes first, amount then status (hold, claim, the reason Approve is
 * disabled), so it is never under the Actions column at 768 px (docs/decisions/035); the date
 * wraps and a long email breaks below 1280 px.
 */
export function OrdersTable({ orders, filter, isLoading, emptyText, onSort, onOpen, onDecide, canDecide = true }: OrdersTableProps) {
  const sortProps = { sort: filter.sort, dir: filter.dir, onSort };
  const now = useNow(5_000);
  const userId = useSession().user?.id;
  const claim = useChangeOrderClaim();
  const toast = useToast();
  const claiming = claim.isPending ? claim.variables.id : null;
  const onClaim = (order: TAdminOrder) =>
    claim.mutate(
      { id: order.id, action: 'claim' },
      { onError: (error) => toast.error(error instanceof ApiError ? error.message : ORDER_MSG.claimFirst) },
    );
  return (
    // relative: the sr-only labels in the cells are positioned inside the scrolling card, so they
    // cannot widen the page at 360 px.
    <Table caption="Orders" hideCaption wrap className="relative">
      <TableHead>
        <tr>
          <SortableHeader column="id" {...sortProps}>
            ID
          </SortableHeader>
          <SortableHeader column="amountFiat" {...sortProps}>
            Amount
          </SortableHeader>
          <SortableHeader column="status" {...sortProps}>
            Status
          </SortableHeader>
          <SortableHeader column="customerName" {...sortProps}>
            Customer
          </SortableHeader>
          <SortableHeader column="createdAt" {...sortProps}>
            Date
          </SortableHeader>
          <TableHeaderCell>TxID</TableHeaderCell>
          <TableActionHeaderCell>Actions</TableActionHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {isLoading ? (
          <TableLoadingRow colSpan={COLUMN_COUNT}>Loading orders…</TableLoadingRow>
        ) : orders.length === 0 ? (
          emptyText && <TableMessageRow colSpan={COLUMN_COUNT}>{emptyText}</TableMessageRow>
        ) : (
          orders.map((order) => (
            <TableRow
              key={order.id}
              onClick={(event) => {
                if (!isFromControl(event)) onOpen(order);
              }}
              className="cursor-pointer"
            >
              <TableCell className="whitespace-nowrap">
                <span className="block font-semibold text-slate-900">{orderTypeLabel(order)}</span>
                <button
                  type="button"
                  aria-label={`View order #${order.id}`}
                  onClick={() => onOpen(order)}
                  className="font-mono text-xs font-semibold text-brand-700 underline-offset-2 hover:underline"
                >
                  #{order.id}
                </button>
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <span className="block font-medium text-slate-900">{formatFiat(order.amountFiat, order.fiatCurrency)}</span>
                <span className="block text-xs text-slate-600">{formatCrypto(order.amountCrypto, order.coinSymbol)}</span>
              </TableCell>
              <TableCell>
                <OrderStatusBadge status={order.status} />
                {order.complianceHold && (
                  // Wraps in a narrow Status column (1280 px with the menu) rather than running under the Actions column.
                  <span className="mt-1 block">
                    <Badge variant="danger">
                      <span className="whitespace-normal">On compliance hold</span>
                    </Badge>
                  </span>
                )}
                {isDecidable(order) && liveClaim(order, now) && (
                  // Who is paying it now, on screen for everyone (docs/decisions/035), kept live by the order socket.
                  <span className="mt-1 block">
                    <Badge variant={liveClaim(order, now)?.staffId === userId ? 'success' : 'warning'}>
                      <span className="whitespace-normal">
                        {ORDER_MSG.payingNow(liveClaim(order, now)?.staffId === userId ? 'you' : (liveClaim(order, now)?.staffName ?? ''))}
                      </span>
                    </Badge>
                  </span>
                )}
                {isDecidable(order) && order.customerAccount && order.customerAccount !== 'active' && (
                  <span className="mt-1 block">
                    <Badge variant="danger">{order.customerAccount === 'closed' ? 'Account closed' : 'Account banned'}</Badge>
                  </span>
                )}
                {canDecide && isDecidable(order) && approveBlock(order, userId, now) && (
                  // Why Approve is disabled, on screen too (it was for screen readers only).
                  <span id={`approve-reason-${order.id}`} className="mt-1 block max-w-56 text-xs text-slate-700">
                    {approveBlock(order, userId, now)}
                  </span>
                )}
                {isDecidable(order) && order.submittedAt && (
                  <span className="mt-1 block text-xs whitespace-nowrap text-slate-600" title={formatDateTime(order.submittedAt)}>
                    Waiting {formatAge(order.submittedAt, now)}
                  </span>
                )}
              </TableCell>
              <TableCell>
                <span className="block font-medium text-slate-900">{order.customerName}</span>
                <span className="block text-xs break-all text-slate-600">{order.customerEmail}</span>
              </TableCell>
              <TableCell className="xl:whitespace-nowrap">{formatDateTime(order.createdAt)}</TableCell>
              <TableCell>
                <span className="font-mono text-xs" title={order.paymentTxId ?? undefined}>
                  <span className="sr-only">{txIdLabel(order)}: </span>
                  {order.paymentTxId ? shortenTxId(order.paymentTxId) : '—'}
                </span>
              </TableCell>
              <TableActionCell>
                {canDecide && isDecidable(order) ? (
                  <div className="flex flex-col gap-2 2xl:flex-row">
                    {/* Claim from the row in one click (docs/decisions/035): an order nobody holds and nothing blocks. */}
                    {!liveClaim(order, now) && !payoutBlock(order) && (
                      <Button
                        size="sm"
                        aria-label={`Claim order #${order.id}`}
                        onClick={() => onClaim(order)}
                        isLoading={claiming === order.id}
                      >
                        Claim
                      </Button>
                    )}
                    {/* Claim, then pay (docs/decisions/029): Approve is the live claimant's, on an order nothing blocks. */}
                    <Button
                      size="sm"
                      aria-label={`Approve order #${order.id}`}
                      onClick={() => onDecide(order, 'approve')}
                      disabled={approveBlock(order, userId, now) !== null}
                      aria-describedby={approveBlock(order, userId, now) ? `approve-reason-${order.id}` : undefined}
                    >
                      Approve
                    </Button>
                    {/* Confirming what arrived moves no money: no claim needed (issue 28 point 2). */}
                    {isCancellable(order) && (
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Confirm payment of order #${order.id}`}
                        onClick={() => onDecide(order, 'confirm')}
                      >
                        Confirm payment
                      </Button>
                    )}
                    {/* A confirmed order's money arrived: it is refunded (in Order Details), never cancelled. */}
                    {isCancellable(order) && (
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Cancel order #${order.id}`}
                        onClick={() => onDecide(order, 'cancel')}
                      >
                        Cancel
                      </Button>
                    )}
                  </div>
                ) : (
                  <span className="whitespace-nowrap text-slate-500">No actions</span>
                )}
              </TableActionCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
