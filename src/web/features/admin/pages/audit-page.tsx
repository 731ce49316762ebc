import { Fragment } from 'react';
import { PageHeading } from '#web/components/page-heading.js';
import { refreshingStatus } from '#web/components/ui/query-content.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { ZAuditQuery } from '#shared/contracts/admin.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { useAuditEntries, type TAuditEntry, type TAuditFilter } from '#web/features/admin/audit/api/audit.js';
import { AuditDetails } from '#web/features/admin/audit/components/audit-details.js';
import { AuditFilters } from '#web/features/admin/audit/components/audit-filters.js';
import { actorLabel, signInOutcomeLabel, targetLabel } from '#web/features/admin/audit/lib/audit-labels.js';
import { ExportAuditButton } from '#web/features/admin/audit/components/export-audit-button.js';
import { pageCount, Pagination } from '#web/components/ui/pagination.js';
import { createUrlFilter, useUrlFilter } from '#web/lib/url-filter.js';

/** The log's URL, read with the server's own query contract (ZAuditQuery). */
const auditUrlFilter = createUrlFilter<TAuditFilter>(ZAuditQuery.shape, {
  actor: '',
  action: '',
  targetType: '',
  target: '',
  from: '',
  to: '',
  page: 1,
});

/** 'payment_method.create', allowed to wrap after its dots in a narrow column. */
function ActionCode({ action }: { action: string }) {
  const parts = action.split('.');
  return (
    <code className="font-mono text-xs">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <>
              .<wbr />
            </>
          )}
          {part}
        </Fragment>
      ))}
    </code>
  );
}

const AUDIT_COLUMNS: TColumn<TAuditEntry>[] = [
  { header: 'Time', className: 'whitespace-nowrap', cell: (entry) => formatDateTime(entry.createdAt) },
  // Names, not ids (issue 16): the actor's name with the email the entry recorded.
  {
    header: 'Actor',
    cell: (entry) => (
      <>
        <span className="block font-medium break-words text-slate-900">{actorLabel(entry)}</span>
        {entry.actorName && entry.actorEmail && (
          <span className="block min-w-40 text-xs [overflow-wrap:anywhere] text-slate-600">{entry.actorEmail}</span>
        )}
      </>
    ),
  },
  {
    header: 'Action',
    cell: (entry) => (
      <>
        <ActionCode action={entry.action} />
        {/* A staff sign-in says how it ended (docs/decisions/033). */}
        {signInOutcomeLabel(entry) && <span className="block text-xs text-slate-600">{signInOutcomeLabel(entry)}</span>}
      </>
    ),
  },
  {
    header: 'Target',
    cell: (entry) => (
      <>
        <span className="block text-xs font-semibold text-slate-500">{entry.targetKind}</span>
        <span className="block break-words text-slate-900">{targetLabel(entry)}</span>
      </>
    ),
  },
  { header: 'IP', className: 'font-mono text-xs', cell: (entry) => entry.ip ?? '—' },
  { header: 'Details', isActions: true, cell: (entry) => <AuditDetails entry={entry} /> },
];

/** /admin/audit 'Audit Log': who did what to which record, when and from where (docs/decisions/013, additions). */
export function AuditPage() {
  const [filter, updateFilter] = useUrlFilter(auditUrlFilter);
  const query = useAuditEntries(filter);

  const setFilter = (next: TAuditFilter) => updateFilter(() => next);

  const data = query.data;
  const totalPages = pageCount(data);
  const entries = data?.entries ?? [];
  const hasFilter = Boolean(filter.actor || filter.action || filter.targetType || filter.target || filter.from || filter.to);

  return (
    <section>
      <PageHeading
        title="Audit Log"
        description="Every staff action, newest first."
        actions={
          <>
            {refreshingStatus(query)}
            <ExportAuditButton filter={filter} />
          </>
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
        wrap
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
