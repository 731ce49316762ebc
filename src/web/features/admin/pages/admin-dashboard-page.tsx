import { lazy, Suspense } from 'react';
import { Link } from '#web/lib/router.js';
import { canAccess } from '#shared/permissions.js';
import { formatGhs, formatUsd } from '#shared/format.js';
import { PageHeading } from '#web/components/page-heading.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { paths } from '#web/lib/paths.js';
import { useSession } from '#web/lib/session.js';
import { useAdminDashboard } from '#web/features/admin/dashboard/api/get-admin-dashboard.js';
import { ChartErrorBoundary } from '#web/features/admin/dashboard/components/chart-error-boundary.js';
import { RecentOrders } from '#web/features/admin/dashboard/components/recent-orders.js';
import { StatCard } from '#web/features/admin/dashboard/components/stat-card.js';
import { SetupChecklist } from '#web/features/admin/dashboard/components/setup-checklist.js';
import { LoadingStatus, refreshingStatus } from '#web/components/ui/query-content.js';
import { needsActionSearch } from '#web/features/admin/orders/lib/order-filter.js';

// The chart is its own chunk: the figures show first, the bars follow.
const VolumeChart = lazy(() =>
  import('#web/features/admin/dashboard/components/volume-chart.js').then((module) => ({ default: module.VolumeChart })),
);

const numberFormat = new Intl.NumberFormat('en-GB');

function ChartPlaceholder({ label }: { label: string }) {
  return (
    <div className="card flex h-[17.5rem] items-center justify-center text-sm text-slate-600">
      <span role="status" className="flex items-center gap-2">
        <Spinner className="text-brand-700" /> {label}
      </span>
    </div>
  );
}

/**
 * /admin and /admin/dashboard: users, pending orders, completed volume, 7 days of bars, 5 newest
 * orders. Re-read on every order change (the admin layout's order events, docs/decisions/014).
 * The super admin also sees the first-run checklist until setup is done (issue 16).
 */
export function AdminDashboardPage() {
  const { user } = useSession();
  const canOpenOrders = canAccess(user?.role, 'orders');
  const query = useAdminDashboard();
  const data = query.data;

  return (
    <section className="min-w-0 space-y-6">
      <div>
        <PageHeading title="Dashboard" description="Users, pending orders and volume at a glance." actions={refreshingStatus(query)} />
      </div>

      <SetupChecklist isEnabled={canAccess(user?.role, 'setup')} />

      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}

      {query.isPending ? (
        <LoadingStatus>Loading dashboard…</LoadingStatus>
      ) : (
        data && (
          <>
            <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <StatCard label="Total Users" value={numberFormat.format(data.totalUsers)} />
              <StatCard
                label="Pending Orders"
                value={numberFormat.format(data.pendingOrders)}
                hint={
                  canOpenOrders && data.pendingOrders > 0 ? (
                    <Link to={`${paths.admin.orders.getHref()}?${needsActionSearch()}`} className="font-semibold">
                      Review pending orders
                    </Link>
                  ) : undefined
                }
              />
              <StatCard
                label="Total Volume (USD)"
                value={formatUsd(data.totalVolumeUsd)}
                hint={<span className="text-slate-600">Completed orders</span>}
              />
              <StatCard
                label="Total Volume (GHS)"
                value={formatGhs(data.totalVolumeGhs)}
                hint={<span className="text-slate-600">Completed orders</span>}
              />
            </dl>

            {data.revenue && (
              <dl className="grid gap-4 sm:grid-cols-2" aria-label="Revenue">
                <StatCard
                  label="Fees today (GHS)"
                  value={formatGhs(data.revenue.todayGhs)}
                  hint={
                    <span className="text-slate-600">
                      {formatUsd(data.revenue.todayUsd)} · {numberFormat.format(data.revenue.todayOrders)} completed orders (Ghana time)
                    </span>
                  }
                />
                <StatCard
                  label="Fees this month (GHS)"
                  value={formatGhs(data.revenue.monthGhs)}
                  hint={
                    <span className="text-slate-600">
                      {formatUsd(data.revenue.monthUsd)} · {numberFormat.format(data.revenue.monthOrders)} completed orders
                    </span>
                  }
                />
              </dl>
            )}

            <ChartErrorBoundary
              fallback={
                <div className="card text-sm text-slate-600">
                  The volume chart could not be loaded. Check your connection and reload the page.
                </div>
              }
            >
              <Suspense fallback={<ChartPlaceholder label="Loading chart…" />}>
                <VolumeChart days={data.volumeByDay} />
              </Suspense>
            </ChartErrorBoundary>

            <RecentOrders orders={data.recentOrders} canOpenOrders={canOpenOrders} />
          </>
        )
      )}
    </section>
  );
}
