import { ZKycListQuery } from '#shared/contracts/kyc.js';
import { useState } from 'react';
import { PageHeading } from '#web/components/page-heading.js';
import { Button } from '#web/components/ui/button.js';
import { Select, toOptions } from '#web/components/ui/select.js';
import { refreshingStatus } from '#web/components/ui/query-content.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
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
import { pageCount, Pagination } from '#web/components/ui/pagination.js';

const FILTER_LABELS: Record<TKycStatusFilter, string> = { all: 'All', pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
const EMPTY_TEXT: Record<TKycStatusFilter, string> = {
  all: 'No KYC submissions yet.',
  pending: 'No pending submissions.',
  approved: 'No approved submissions.',
  rejected: 'No rejected submissions.',
};

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
  const totalPages = pageCount(data);
  const submissions = data?.submissions ?? [];
  const columns: TColumn<(typeof submissions)[number]>[] = [
    { header: 'User', className: 'font-medium', cell: (submission) => submission.userFullName },
    { header: 'Email', cell: (submission) => submission.userEmail },
    { header: 'Level', cell: (submission) => `Tier ${submission.level}` },
    { header: 'ID Type', cell: (submission) => formatKycIdType(submission.idType) },
    { header: 'Submitted', cell: (submission) => formatDate(submission.submittedAt) },
    { header: 'Status', cell: (submission) => <KycSubmissionStatusBadge status={submission.status} /> },
    {
      header: 'Actions',
      isHeaderHidden: true,
      className: 'text-right',
      cell: (submission) => (
        <Button variant="outline" size="sm" aria-label={`View submission #${submission.id}`} onClick={() => setOpenId(submission.id)}>
          View
        </Button>
      ),
    },
  ];

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
        {refreshingStatus(query)}
      </div>

      <DataTable
        caption="KYC submissions"
        columns={columns}
        rows={submissions}
        rowKey={(submission) => submission.id}
        query={query}
        loadingText="Loading submissions…"
        emptyText={EMPTY_TEXT[filter.status]}
      />

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
