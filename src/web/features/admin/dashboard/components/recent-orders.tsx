import { Link } from '#web/lib/router.js';
import type { TAdminOrder } from '#shared/contracts/orders.js';
import { formatCrypto, formatFiat } from '#shared/format.js';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableMessageRow, TableRow } from '#web/components/ui/table.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { paths } from '#web/lib/paths.js';
import { OrderStatusBadge } from '#web/components/orders/order-status-badge.js';
import { orderTypeLabel } from '#web/lib/order-labels.js';

/** The orders page searched for one order ('#12' matches its id). */
export function orderSearchHref(id: number): string {
  return `${paths.admin.orders.getHref()}?${new URLSearchParams({ q: `#${id}` }).toString()}`;
}

type RecentOrdersProps = {
  orders: TAdminOrder[];
  /** Compliance sees the dashboard but not the orders area: no links then. */
  canOpenOrders: boolean;
};

/** The 5 newest orders, each linking to it on /admin/orders. */
export function RecentOrders({ orders, canOpenOrders }: RecentOrdersProps) {
  return (
    <section aria-labelledby="recent-orders-heading" className="min-w-0">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-orders-heading" className="text-lg font-semibold text-slate-900">
          Recent orders
        </h2>
        {canOpenOrders && (
          <Link to={paths.admin.orders.getHref()} className="text-sm font-semibold">
            View all orders
          </Link>
        )}
      </div>
      <Table caption="Recent orders" hideCaption className="relative">
        <TableHead>
          <tr>
            <TableHeaderCell>Order</TableHeaderCell>
            <TableHeaderCell>Customer</TableHeaderCell>
            <TableHeaderCell>Amount</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>Date</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {orders.length === 0 ? (
            <TableMessageRow colSpan={5}>No orders yet.</TableMessageRow>
          ) : (
            orders.map((order) => (
              <TableRow key={order.id}>
                <TableCell className="whitespace-nowrap">
                  {canOpenOrders ? (
                    <Link to={orderSearchHref(order.id)} className="font-semibold">
                      #{order.id} {orderTypeLabel(order)}
                    </Link>
                  ) : (
                    <span className="font-semibold">
                      #{order.id} {orderTypeLabel(order)}
                    </span>
                  )}
                </TableCell>
                <TableCell>
                  <span className="block font-medium text-slate-900">{order.customerName}</span>
                  <span className="block text-xs text-slate-600">{order.customerEmail}</span>
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <span className="block font-medium text-slate-900">{formatFiat(order.amountFiat, order.fiatCurrency)}</span>
                  <span className="block text-xs text-slate-600">{formatCrypto(order.amountCrypto, order.coinSymbol)}</span>
                </TableCell>
                <TableCell>
                  <OrderStatusBadge status={order.status} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDateTime(order.createdAt)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </section>
  );
}
