import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableMessageRow,
  TableRow, TableLoadingRow } from '../../../components/ui/table';
import { formatDateTime } from '../../../lib/format-date';
import { useEmails } from '../emails/api/emails';
import { EmailDialog } from '../emails/components/email-dialog';
import { EmailStatusBadge } from '../emails/components/email-status-badge';
import { Pagination } from '../../../components/ui/pagination';

const COLUMN_COUNT = 5;

function readPage(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /admin/emails 'Email Log': every email the system wrote, newest first (spec section 2, D12). */
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
