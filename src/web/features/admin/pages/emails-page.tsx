import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '#web/components/page-heading.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { Button } from '#web/components/ui/button.js';
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
import { formatDateTime } from '#web/lib/format-date.js';
import { useEmails } from '#web/features/admin/emails/api/emails.js';
import { EmailDialog } from '#web/features/admin/emails/components/email-dialog.js';
import { EmailStatusBadge } from '#web/features/admin/emails/components/email-status-badge.js';
import { Pagination } from '#web/components/ui/pagination.js';

const COLUMN_COUNT = 5;

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

      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} className="mb-4" />}

      <Table caption="Email log" hideCaption>
        <TableHead>
          <tr>
            <TableHeaderCell>To</TableHeaderCell>
            <TableHeaderCell>Subject</TableHeaderCell>
            <TableHeaderCell>Sent</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>
              <span className="sr-only">Actions</span>
            </TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {query.isPending ? (
            <TableLoadingRow colSpan={COLUMN_COUNT}>Loading emails…</TableLoadingRow>
          ) : emails.length === 0 ? (
            !query.isError && <TableMessageRow colSpan={COLUMN_COUNT}>No emails have been sent yet.</TableMessageRow>
          ) : (
            emails.map((email) => (
              <TableRow key={email.id}>
                <TableCell>{email.to || '(No Recipient)'}</TableCell>
                <TableCell className="font-medium">{email.subject || '(No Subject)'}</TableCell>
                <TableCell>{formatDateTime(email.sentAt)}</TableCell>
                <TableCell>
                  <EmailStatusBadge status={email.status} />
                </TableCell>
                <TableCell className="text-right">
                  <Button variant="outline" size="sm" aria-label={`View email #${email.id}`} onClick={() => setOpenId(email.id)}>
                    View
                  </Button>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>

      {data && data.total > 0 && (
        <Pagination page={page} totalPages={totalPages} isNextBlocked={query.isPlaceholderData} onPage={setPage} />
      )}

      {openId !== null && <EmailDialog id={openId} onClose={() => setOpenId(null)} />}
    </section>
  );
}
