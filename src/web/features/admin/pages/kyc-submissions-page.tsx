import { ZKycListQuery } from '#shared/contracts/kyc.js';
import { useState } from 'react';
import { PageHeading } from '#web/components/page-heading.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { Button } from '#web/components/ui/button.js';
import { Select, toOptions } from '#web/components/ui/select.js';
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
import { formatDate } from '#web/lib/format-date.js';
import {
  KYC_STATUS_FILTERS,
  useKycSubmissions,
  type TKycListFilter,
  type TKycStatusFilter,
} from '#web/features/admin/kyc/api/list-kyc-submissions.js';
import { createUrlFilter, useUrlFilter } from '#web/lib/url-filter.js';
import { ConfirmKycDecisionDialog } from '#web/features/admin/kyc/components/confirm-kyc-decision-dialog.js';
import { KycSubmissionDialog, type TKycDecision } from '#web/features/admin/kyc/components/kyc-submission-dialog.js';
import { KycSubmissionStatusBadge } from '#web/features/admin/kyc/components/kyc-submission-status-badge.js';
import { formatKycIdType } from '#web/features/admin/kyc/kyc-labels.js';
import { Pagination } from '#web/components/ui/pagination.js';

const FILTER_LABELS: Record<TKycStatusFilter, string> = { all: 'All', pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
const EMPTY_TEXT: Record<TKycStatusFilter, string> = {
  all: 'No KYC submissions yet.',
  pending: 'No pending submissions.',
  approved: 'No approved submissions.',
  rejected: 'No rejected submissions.',
};
const COLUMN_COUNT = 6;

/** The list's URL, read with the server's own query contract (ZKycListQuery). */
const kycUrlFilter = createUrlFilter<TKycListFilter>(ZKycListQuery.shape, { status: 'all', page: 1 });

/** /admin/kyc-submissions 'KYC Management': filter, table, pagination, review dialog (docs/product.md §2). */
export function KycSubmissionsPage() {
  const [filter, updateFilter] = useUrlFilter(kycUrlFilter);
  const query = useKycSubmissions(filter);
  const [openId, setOpenId] = useState<number | null>(null);
  /** The decision on the open submission waiting for its confirmation, which opens over it. */
  const [pendingDecision, setPendingDecision] = useState<TKycDecision | null>(null);

  const setFilter = (next: TKycListFilter) => updateFilter(() => next);

  const data = query.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const submissions = data?.submissions ?? [];

  return (
    <section>
      <PageHeading title="KYC Management" description="Review identity documents submitted by customers." />

      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <Select
          label="Status"
          name="status"
          fieldClassName="w-full sm:w-56"
          value={filter.status}
          onChange={(event) => setFilter({ status: event.target.value as TKycStatusFilter, page: 1 })}
          options={toOptions(KYC_STATUS_FILTERS, FILTER_LABELS)}
        />
        {query.isFetching && !query.isPending && (
          <span role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> Refreshing…
          </span>
        )}
      </div>

      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} className="mb-4" />}

      <Table caption="KYC submissions" hideCaption>
        <TableHead>
          <tr>
            <TableHeaderCell>User</TableHeaderCell>
            <TableHeaderCell>Email</TableHeaderCell>
            <TableHeaderCell>ID Type</TableHeaderCell>
            <TableHeaderCell>Submitted</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>
              <span className="sr-only">Actions</span>
            </TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {query.isPending ? (
            <TableLoadingRow colSpan={COLUMN_COUNT}>Loading submissions…</TableLoadingRow>
          ) : submissions.length === 0 ? (
            !query.isError && <TableMessageRow colSpan={COLUMN_COUNT}>{EMPTY_TEXT[filter.status]}</TableMessageRow>
          ) : (
            submissions.map((submission) => (
              <TableRow key={submission.id}>
                <TableCell className="font-medium">{submission.userFullName}</TableCell>
                <TableCell>{submission.userEmail}</TableCell>
                <TableCell>{formatKycIdType(submission.idType)}</TableCell>
                <TableCell>{formatDate(submission.submittedAt)}</TableCell>
                <TableCell>
                  <KycSubmissionStatusBadge status={submission.status} />
                </TableCell>
                <TableCell className="text-right">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`View submission #${submission.id}`}
                    onClick={() => setOpenId(submission.id)}
                  >
                    View
                  </Button>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>

      {data && totalPages > 1 && (
        <Pagination
          page={filter.page}
          totalPages={totalPages}
          isNextBlocked={query.isPlaceholderData}
          onPage={(page) => setFilter({ ...filter, page })}
        />
      )}

      {openId !== null && <KycSubmissionDialog id={openId} onClose={() => setOpenId(null)} onDecide={setPendingDecision} />}
      {openId !== null && pendingDecision && (
        <ConfirmKycDecisionDialog id={openId} decision={pendingDecision} onDone={() => setPendingDecision(null)} />
      )}
    </section>
  );
}
