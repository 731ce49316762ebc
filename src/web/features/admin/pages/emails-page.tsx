import { useState } from 'react';
import { useLocation, useSearchParams } from '#web/lib/router.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Button } from '#web/components/ui/button.js';
import { refreshingStatus } from '#web/components/ui/query-content.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { EMAIL_HEALTH_MSG } from '#shared/contracts/setup.js';
import { useEmails, type TEmailLogFilter } from '#web/features/admin/emails/api/emails.js';
import { EmailDialog } from '#web/features/admin/emails/components/email-dialog.js';
import { EmailStatusBadge } from '#web/features/admin/emails/components/email-status-badge.js';
import { pageCount, Pagination, readPageParam } from '#web/components/ui/pagination.js';

/** 'undelivered' from the URL (the dashboard's warning links there, docs/decisions/033); '' for every email. */
function readStatus(params: URLSearchParams): TEmailLogFilter {
  return params.get('status') === 'undelivered' ? 'undelivered' : '';
}

/**
 * /admin/emails 'Email Log': every email the system wrote, newest first (docs/product.md §2,
 * decisions/013 D12), or only those that did not go out.
 */
export function EmailsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPageParam(searchParams);
  const status = readStatus(searchParams);
  const query = useEmails(page, status);
  const [openId, setOpenId] = useState<number | null>(null);
  // The box as last clicked, until the router has moved to another location (the one the click
  // wrote, or Back). The router writes the URL in a transition after the click's event; a box
  // checked from the URL alone was put back by React until then, so the click seemed not to take
  // (tests/e2e/operations.spec.ts).
  const { key: locationKey } = useLocation();
  const [clicked, setClicked] = useState<{ at: string; status: TEmailLogFilter } | null>(null);
  const shownStatus = clicked?.at === locationKey ? clicked.status : status;

  const show = (next: { page: number; status: TEmailLogFilter }) =>
    setSearchParams(
      { ...(next.page > 1 ? { page: String(next.page) } : {}), ...(next.status ? { status: next.status } : {}) },
      { replace: true },
    );
  const setPage = (next: number) => show({ page: next, status });

  const data = query.data;
  const totalPages = pageCount(data);
  const emails = data?.emails ?? [];
  const columns: TColumn<(typeof emails)[number]>[] = [
    { header: 'To', cell: (email) => email.to || '(No Recipient)' },
    { header: 'Subject', className: 'font-medium', cell: (email) => email.subject || '(No Subject)' },
    { header: 'Sent', cell: (email) => formatDateTime(email.sentAt) },
    { header: 'Status', cell: (email) => <EmailStatusBadge status={email.status} /> },
    {
      header: 'Actions',
      isHeaderHidden: true,
      className: 'text-right',
      cell: (email) => (
        <Button variant="outline" size="sm" aria-label={`View email #${email.id}`} onClick={() => setOpenId(email.id)}>
          View
        </Button>
      ),
    },
  ];

  return (
    <section>
      <PageHeading title="Email Log" description="Emails sent to customers and staff, newest first." actions={refreshingStatus(query)} />

      <label className="mb-4 inline-flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="size-4"
          checked={shownStatus === 'undelivered'}
          onChange={(event) => {
            const next = event.target.checked ? 'undelivered' : '';
            setClicked({ at: locationKey, status: next });
            show({ page: 1, status: next });
          }}
        />
        {EMAIL_HEALTH_MSG.filterLabel}
      </label>

      <DataTable
        caption="Email log"
        columns={columns}
        rows={emails}
        rowKey={(email) => email.id}
        query={query}
        loadingText="Loading emails…"
        emptyText={status === 'undelivered' ? EMAIL_HEALTH_MSG.noneUndelivered : 'No emails have been sent yet.'}
      />

      {data && data.total > 0 && (
        <Pagination page={page} totalPages={totalPages} isNextBlocked={query.isPlaceholderData} onPage={setPage} />
      )}

      {openId !== null && <EmailDialog id={openId} onClose={() => setOpenId(null)} />}
    </section>
  );
}
