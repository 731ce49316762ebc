import { useState } from 'react';
import { useSearchParams } from '#web/lib/router.js';
import { SMS_KIND_LABELS, type TSmsLogItem } from '#shared/contracts/sms.js';
import { canAccess } from '#shared/permissions.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Button } from '#web/components/ui/button.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { pageCount, Pagination, readPageParam } from '#web/components/ui/pagination.js';
import { refreshingStatus } from '#web/components/ui/query-content.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { useSession } from '#web/lib/session.js';
import { useSmsLog } from '#web/features/admin/sms/api/sms.js';
import { RevealSmsDialog } from '#web/features/admin/sms/components/reveal-sms-dialog.js';
import { SmsStatusBadge } from '#web/features/admin/sms/components/sms-status-badge.js';

/**
 * /admin/sms 'SMS Log' (issue 18): every SMS the system wrote, newest first, like the Email Log.
 * The one-time code of a phone verification SMS is masked; a super admin may reveal one with a
 * reason, audited (docs/decisions/011).
 */
export function SmsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPageParam(searchParams);
  const query = useSmsLog(page);
  const { user } = useSession();
  const [revealing, setRevealing] = useState<TSmsLogItem | null>(null);
  const mayReveal = canAccess(user?.role, 'smsSecrets');

  const setPage = (next: number) => setSearchParams(next > 1 ? { page: String(next) } : {}, { replace: true });

  const data = query.data;
  const totalPages = pageCount(data);
  const messages = data?.messages ?? [];
  const columns: TColumn<TSmsLogItem>[] = [
    { header: 'To', className: 'whitespace-nowrap', cell: (sms) => sms.to },
    { header: 'Kind', cell: (sms) => SMS_KIND_LABELS[sms.kind] },
    { header: 'Message', className: 'min-w-64 break-words', cell: (sms) => sms.body },
    { header: 'Written', cell: (sms) => formatDateTime(sms.createdAt) },
    {
      header: 'Status',
      cell: (sms) => (
        <div className="space-y-1">
          <SmsStatusBadge status={sms.status} />
          {sms.lastError && <p className="font-mono text-xs text-red-800">{sms.lastError}</p>}
        </div>
      ),
    },
    {
      header: 'Actions',
      isHeaderHidden: true,
      className: 'text-right',
      cell: (sms) =>
        mayReveal && sms.maskedSecrets > 0 ? (
          <Button variant="outline" size="sm" aria-label={`Reveal code of SMS #${sms.id}`} onClick={() => setRevealing(sms)}>
            Reveal code
          </Button>
        ) : null,
    },
  ];

  return (
    <section>
      <PageHeading
        title="SMS Log"
        description="SMS sent to customers (phone codes and order updates), newest first."
        actions={refreshingStatus(query)}
      />

      <DataTable
        caption="SMS log"
        columns={columns}
        rows={messages}
        rowKey={(sms) => sms.id}
        query={query}
        loadingText="Loading SMS…"
        emptyText="No SMS have been sent yet."
      />

      {data && data.total > 0 && (
        <Pagination page={page} totalPages={totalPages} isNextBlocked={query.isPlaceholderData} onPage={setPage} />
      )}

      {revealing && <RevealSmsDialog sms={revealing} onClose={() => setRevealing(null)} />}
    </section>
  );
}
