import { useSearchParams } from 'react-router';
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
import { isCalendarDay } from '#shared/contracts/common.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { useAuditEntries, type TAuditFilter } from '#web/features/admin/audit/api/audit.js';
import { AuditDetails } from '#web/features/admin/audit/components/audit-details.js';
import { AuditFilters } from '#web/features/admin/audit/components/audit-filters.js';
import { Pagination } from '#web/components/ui/pagination.js';

const COLUMN_COUNT = 6;

function readFilter(params: URLSearchParams): TAuditFilter {
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return isCalendarDay(value) ? value : '';
  };
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    actor: (params.get('actor') ?? '').slice(0, 254),
    action: (params.get('action') ?? '').slice(0, 100),
    from: date('from'),
    to: date('to'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** /admin/audit 'Audit Log': who did what to which record, when and from where (docs/decisions/013, additions). */
export function AuditPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readFilter(searchParams);
  const query = useAuditEntries(filter);

  const setFilter = (next: TAuditFilter) => {
    const params = new URLSearchParams();
    if (next.actor) params.set('actor', next.actor);
    if (next.action) params.set('action', next.action);
    if (next.from) params.set('from', next.from);
    if (next.to) params.set('to', next.to);
    if (next.page > 1) params.set('page', String(next.page));
    setSearchParams(params, { replace: true });
  };

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
