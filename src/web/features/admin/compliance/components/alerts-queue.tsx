import {
  ALERT_RULE_LABELS,
  ALERT_RULES,
  ALERT_STATUS_LABELS,
  ALERT_STATUSES,
  ZAlertQuery,
  type TAlert,
} from '#shared/contracts/compliance.js';
import { Button } from '#web/components/ui/button.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { Pagination } from '#web/components/ui/pagination.js';
import { Select, toOptions } from '#web/components/ui/select.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { createUrlFilter, useUrlFilter } from '#web/lib/url-filter.js';
import { useAlerts } from '#web/features/admin/compliance/api/compliance.js';
import { AlertActionBadge, AlertStatusBadge, ruleLabel } from './alert-badges';

type TAlertFilter = { status: 'review' | 'all' | TAlert['status']; rule: 'all' | TAlert['rule']; page: number };
/**
 * The default view is what the Compliance menu counts ('review': open alerts and escalated holds
 * not released), read with the count's own condition, so the two agree (docs/decisions/032).
 */
const alertUrlFilter = createUrlFilter<TAlertFilter>(
  { status: ZAlertQuery.shape.status, rule: ZAlertQuery.shape.rule, page: ZAlertQuery.shape.page },
  { status: 'review', rule: 'all', page: 1 },
);

/** The alerts queue: open alerts first, the oldest first; filtered by status and rule (in the URL). */
export function AlertsQueue({ onOpen }: { onOpen: (id: number) => void }) {
  const [filter, setFilter] = useUrlFilter(alertUrlFilter);
  const query = useAlerts(filter);
  const data = query.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const columns: TColumn<TAlert>[] = [
    { header: 'Alert', className: 'whitespace-nowrap', cell: (alert) => `#${alert.id}` },
    { header: 'Raised', cell: (alert) => formatDateTime(alert.createdAt) },
    {
      header: 'Customer',
      cell: (alert) => (
        <>
          <span className="block font-medium text-slate-900">{alert.customerName}</span>
          <span className="block text-xs break-all text-slate-600">{alert.customerEmail}</span>
        </>
      ),
    },
    { header: 'Rule', cell: (alert) => ruleLabel(alert) },
    {
      header: 'Status',
      cell: (alert) => (
        <span className="flex flex-wrap gap-1">
          <AlertStatusBadge status={alert.status} />
          <AlertActionBadge alert={alert} />
        </span>
      ),
    },
    {
      header: 'Actions',
      isHeaderHidden: true,
      cell: (alert) => (
        <Button variant="outline" size="sm" aria-label={`Review alert #${alert.id}`} onClick={() => onOpen(alert.id)}>
          Review
        </Button>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-4">
        <Select
          label="Alert status"
          name="status"
          fieldClassName="w-full sm:w-48"
          value={filter.status}
          onChange={(event) => setFilter((current) => ({ ...current, status: event.target.value as TAlertFilter['status'], page: 1 }))}
          options={toOptions(['review', 'all', ...ALERT_STATUSES] as const, { review: 'Needs review', all: 'All', ...ALERT_STATUS_LABELS })}
        />
        <Select
          label="Rule"
          name="rule"
          fieldClassName="w-full sm:w-72"
          value={filter.rule}
          onChange={(event) => setFilter((current) => ({ ...current, rule: event.target.value as TAlertFilter['rule'], page: 1 }))}
          options={toOptions(['all', ...ALERT_RULES] as const, { all: 'All rules', ...ALERT_RULE_LABELS })}
        />
      </div>
      <DataTable
        caption="Compliance alerts"
        columns={columns}
        rows={data?.alerts ?? []}
        rowKey={(alert) => alert.id}
        query={query}
        loadingText="Loading alerts…"
        emptyText={filter.status === 'review' || filter.status === 'open' ? 'No alerts need review.' : 'No alerts match the filters.'}
        wrap
      />
      {data && totalPages > 1 && (
        <Pagination
          page={filter.page}
          totalPages={totalPages}
          isNextBlocked={query.isPlaceholderData}
          onPage={(page) => setFilter((current) => ({ ...current, page }))}
        />
      )}
    </div>
  );
}
