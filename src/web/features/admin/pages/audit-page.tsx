import { PageHeading } from '#web/components/page-heading.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { ZAuditQuery } from '#shared/contracts/admin.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { useAuditEntries, type TAuditEntry, type TAuditFilter } from '#web/features/admin/audit/api/audit.js';
import { AuditDetails } from '#web/features/admin/audit/components/audit-details.js';
import { AuditFilters } from '#web/features/admin/audit/components/audit-filters.js';
import { Pagination } from '#web/components/ui/pagination.js';
import { createUrlFilter, useUrlFilter } from '#web/lib/url-filter.js';

/** The log's URL, read with the server's own query contract (ZAuditQuery). */
const auditUrlFilter = createUrlFilter<TAuditFilter>(ZAuditQuery.shape, { actor: '', action: '', from: '', to: '', page: 1 });

const AUDIT_COLUMNS: TColumn<TAuditEntry>[] = [
  { header: 'Time', className: 'whitespace-nowrap', cell: (entry) => formatDateTime(entry.createdAt) },
  { header: 'Actor', cell: (entry) => entry.actorEmail ?? 'System' },
  { header: 'Action', cell: (entry) => <code className="font-mono text-xs">{entry.action}</code> },
  {
    header: 'Target',
    className: 'whitespace-nowrap',
    cell: (entry) => `${entry.targetType}${entry.targetId !== null ? ` #${entry.targetId}` : ''}`,
  },
  { header: 'IP', className: 'font-mono text-xs', cell: (entry) => entry.ip ?? '—' },
  { header: 'Details', cell: (entry) => <AuditDetails entry={entry} /> },
];

/** /admin/audit 'Audit Log': who did what to which record, when and from where (docs/decisions/013, additions). */
export function AuditPage() {
  const [filter, updateFilter] = useUrlFilter(auditUrlFilter);
  const query = useAuditEntries(filter);

  const setFilter = (next: TAuditFilter) => updateFilter(() => next);

  const data = query.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const entries = data?.entries ?? [];
  const hasFilter = Boolean(filter.actor || filter.action || filter.from || filter.to);

  return (
    <section>
      <PageHeading
        title="Audit Log"
        description="Every staff action, newest first."
        actions={
          query.isFetching && !query.isPending ? (
            <span role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner /> Refreshing…
            </span>
          ) : undefined
        }
      />

      <AuditFilters filter={filter} onApply={(next) => setFilter({ ...next, page: 1 })} />

      <DataTable
        caption="Audit log"
        columns={AUDIT_COLUMNS}
        rows={entries}
        rowKey={(entry) => entry.id}
        query={query}
        loadingText="Loading the audit log…"
        emptyText={hasFilter ? 'No entries match these filters.' : 'No staff actions recorded yet.'}
        rowClassName="align-top"
      />

      {data && data.total > 0 && (
        <Pagination
          page={filter.page}
          totalPages={totalPages}
          isNextBlocked={query.isPlaceholderData}
          onPage={(page) => setFilter({ ...filter, page })}
        />
      )}
    </section>
  );
}
