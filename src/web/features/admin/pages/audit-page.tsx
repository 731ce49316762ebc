import { PageHeading } from '#web/components/page-heading.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { Spinner } from '#web/components/ui/spinner.js';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableMessageRow,
  TableRow,
  TableLoadingRow,
} from '#web/components/ui/table.js';
import { ZAuditQuery } from '#shared/contracts/admin.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { useAuditEntries, type TAuditFilter } from '#web/features/admin/audit/api/audit.js';
import { AuditDetails } from '#web/features/admin/audit/components/audit-details.js';
import { AuditFilters } from '#web/features/admin/audit/components/audit-filters.js';
import { Pagination } from '#web/components/ui/pagination.js';
import { createUrlFilter, useUrlFilter } from '#web/lib/url-filter.js';

const COLUMN_COUNT = 6;

/** The log's URL, read with the server's own query contract (ZAuditQuery). */
const auditUrlFilter = createUrlFilter<TAuditFilter>(ZAuditQuery.shape, { actor: '', action: '', from: '', to: '', page: 1 });

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

      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} className="mb-4" />}

      <Table caption="Audit log" hideCaption>
        <TableHead>
          <tr>
            <TableHeaderCell>Time</TableHeaderCell>
            <TableHeaderCell>Actor</TableHeaderCell>
            <TableHeaderCell>Action</TableHeaderCell>
            <TableHeaderCell>Target</TableHeaderCell>
            <TableHeaderCell>IP</TableHeaderCell>
            <TableHeaderCell>Details</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {query.isPending ? (
            <TableLoadingRow colSpan={COLUMN_COUNT}>Loading the audit log…</TableLoadingRow>
          ) : entries.length === 0 ? (
            !query.isError && (
              <TableMessageRow colSpan={COLUMN_COUNT}>
                {hasFilter ? 'No entries match these filters.' : 'No staff actions recorded yet.'}
              </TableMessageRow>
            )
          ) : (
            entries.map((entry) => (
              <TableRow key={entry.id} className="align-top">
                <TableCell className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</TableCell>
                <TableCell>{entry.actorEmail ?? 'System'}</TableCell>
                <TableCell>
                  <code className="font-mono text-xs">{entry.action}</code>
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {entry.targetType}
                  {entry.targetId !== null && ` #${entry.targetId}`}
                </TableCell>
                <TableCell className="font-mono text-xs">{entry.ip ?? '—'}</TableCell>
                <TableCell>
                  <AuditDetails entry={entry} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>

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
