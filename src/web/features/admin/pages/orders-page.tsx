import { useCallback, useEffect, useState } from 'react';
import { canAccess } from '#shared/permissions.js';
import type { TAdminOrder } from '#shared/contracts/orders.js';
import { PageHeading } from '#web/components/page-heading.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { refreshingStatus } from '#web/components/ui/query-content.js';
import { useAdminOrders } from '#web/features/admin/orders/api/list-admin-orders.js';
import { ConfirmOrderDecisionDialog } from '#web/features/admin/orders/components/confirm-order-decision-dialog.js';
import { OrderDetailsDialog } from '#web/features/admin/orders/components/order-details-dialog.js';
import { OrderFilters } from '#web/features/admin/orders/components/order-filters.js';
import { OrdersTable } from '#web/features/admin/orders/components/orders-table.js';
import { OrderViewSwitch } from '#web/features/admin/orders/components/order-view-switch.js';
import { ExportOrdersButton } from '#web/features/admin/orders/components/export-orders-button.js';
import { useNeedsAction } from '#web/features/admin/orders/api/needs-action.js';
import { pageCount, Pagination } from '#web/components/ui/pagination.js';
import {
  isFiltered,
  isNeedsActionView,
  NEEDS_ACTION_FILTER,
  orderUrlFilter,
  type TAdminOrderFilter,
  type TOrderSort,
} from '#web/features/admin/orders/lib/order-filter.js';
import type { TOrderDecision } from '#web/lib/order-labels.js';
import { nextSort, useUrlFilter } from '#web/lib/url-filter.js';
import { useSession } from '#web/lib/session.js';

/** A decision waiting for its confirmation, from a row or from the open details (over which it opens). */
type TPendingDecision = { order: TAdminOrder; decision: TOrderDecision };

const PAGE_TITLE = 'Order Management';

/**
 * /admin/orders 'Order Management' (docs/product.md §2): search, status and date filters, sortable
 * columns and the page in the URL; rows from the server, kept in memory only (decisions/013 D10) with the
 * previous answer on screen while the next one loads; Approve/Cancel after a confirmation (decisions/013 D11).
 * The "Needs action" view (docs/decisions/014) is a preset of the same filter: submitted orders,
 * oldest payment first, each with its age. Changes arrive live (the admin layout's order events).
 */
export function OrdersPage() {
  // The tab title is the route's ('Order Management · CediCrypto', router.tsx); the admin layout puts the "Needs action" count in front of it.
  const [filter, setFilter] = useUrlFilter(orderUrlFilter);
  const query = useAdminOrders(filter);
  const needsAction = useNeedsAction();
  const isNeedsAction = isNeedsActionView(filter);
  const [detailOrder, setDetailOrder] = useState<TAdminOrder | null>(null);
  const [pendingDecision, setPendingDecision] = useState<TPendingDecision | null>(null);
  // Compliance sees orders read only (docs/decisions/017): Approve and Cancel need the orders area.
  const canDecide = canAccess(useSession().user?.role, 'orders');

  const onFilterChange = useCallback(
    (change: Partial<TAdminOrderFilter>) => setFilter((current) => ({ ...current, ...change, page: 1 })),
    [setFilter],
  );
  const onSort = (column: TOrderSort) => setFilter((current) => ({ ...current, ...nextSort(current, column), page: 1 }));

  const data = query.data;
  const totalPages = pageCount(data);
  const orders = data?.orders ?? [];

  // A page beyond the end (the list shrank, or an edited URL): go to the last page that exists.
  const isBeyondEnd = Boolean(data && !query.isPlaceholderData && filter.page > totalPages);
  useEffect(() => {
    if (isBeyondEnd) setFilter((current) => ({ ...current, page: totalPages }));
  }, [isBeyondEnd, totalPages, setFilter]);

  const isSearched = Boolean(filter.q || filter.from || filter.to);
  const emptyText = query.isError
    ? null
    : isNeedsAction && !isSearched
      ? 'No orders need action.'
      : isFiltered(filter)
        ? 'No orders match your filters.'
        : 'No orders yet.';

  return (
    <section className="min-w-0">
      <PageHeading
        title={PAGE_TITLE}
        description={
          canDecide
            ? 'Check payments, then approve or cancel pending orders.'
            : 'Read-only: every order, its payment and its timeline. Approving and cancelling are for the operations team.'
        }
        actions={<ExportOrdersButton filter={filter} />}
      />

      <div className="mb-4 flex flex-wrap items-center gap-3">
        <OrderViewSwitch
          isNeedsAction={isNeedsAction}
          needsActionCount={needsAction.data?.count}
          onNeedsAction={() => setFilter(() => NEEDS_ACTION_FILTER)}
          onAll={() => setFilter(() => orderUrlFilter.defaults)}
        />
        {isNeedsAction && <p className="text-sm text-slate-600">Paid or sent orders waiting for a decision, oldest payment first.</p>}
      </div>

      <OrderFilters filter={filter} onChange={onFilterChange} onClear={() => setFilter(() => orderUrlFilter.defaults)} />

      <div className="mb-3 flex min-h-6 flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
        <p aria-live="polite">{data && !query.isPlaceholderData && `${data.total} ${data.total === 1 ? 'order' : 'orders'}`}</p>
        {refreshingStatus(query, 'flex items-center gap-2')}
      </div>

      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} className="mb-4" />}

      <OrdersTable
        orders={orders}
        filter={filter}
        isLoading={query.isPending}
        emptyText={emptyText}
        onSort={onSort}
        onOpen={setDetailOrder}
        onDecide={(order, decision) => setPendingDecision({ order, decision })}
        canDecide={canDecide}
      />

      {data && (
        <Pagination
          page={filter.page}
          totalPages={totalPages}
          isNextBlocked={query.isPlaceholderData}
          onPage={(page) => setFilter((current) => ({ ...current, page }))}
        />
      )}

      {detailOrder && (
        <OrderDetailsDialog
          id={detailOrder.id}
          shown={detailOrder}
          onClose={() => setDetailOrder(null)}
          onDecide={(order, decision) => setPendingDecision({ order, decision })}
          canDecide={canDecide}
        />
      )}
      {/* Opens over the details when it came from them (the dialogs stack); closing it shows them again. */}
      {pendingDecision && (
        <ConfirmOrderDecisionDialog
          order={pendingDecision.order}
          decision={pendingDecision.decision}
          onDone={(outcome) => {
            setPendingDecision(null);
            // Decided: Order Details close too (issue 27 point 1); the lists already show the outcome.
            if (outcome === 'decided') setDetailOrder(null);
          }}
        />
      )}
    </section>
  );
}
