import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '#web/components/page-heading.js';
import { Button } from '#web/components/ui/button.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { useEmails } from '#web/features/admin/emails/api/emails.js';
import { EmailDialog } from '#web/features/admin/emails/components/email-dialog.js';
import { EmailStatusBadge } from '#web/features/admin/emails/components/email-status-badge.js';
import { Pagination } from '#web/components/ui/pagination.js';

function readPage(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /admin/emails 'Email Log': every email the system wrote, newest first (docs/product.md §2, decisions/013 D12). */
export function EmailsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams);
  const query = useEmails(page);
  const [openId, setOpenId] = useState<number | null>(null);

  const setPage = (next: number) => setSearchParams(next > 1 ? { page: String(next) } : {}, { replace: true });

  const data = query.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
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
      <PageHeading
        title="Email Log"
        description="Emails sent to customers and staff, newest first."
        actions={
          query.isFetching && !query.isPending ? (
            <span role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner /> Refreshing…
            </span>
          ) : undefined
        }
      />

      <DataTable
        caption="Email log"
        columns={columns}
        rows={emails}
        rowKey={(email) => email.id}
        query={query}
        loadingText="Loading emails…"
        emptyText="No emails have been sent yet."
      />

      {data && data.total > 0 && (
        <Pagination page={page} totalPages={totalPages} isNextBlocked={query.isPlaceholderData} onPage={setPage} />
      )}

      {openId !== null && <EmailDialog id={openId} onClose={() => setOpenId(null)} />}
    </section>
  );
}
