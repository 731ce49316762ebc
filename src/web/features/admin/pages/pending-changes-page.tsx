import { useState } from 'react';
import { DESTINATION_MSG, type TDestinationChange } from '#shared/contracts/destination-changes.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { useToast } from '#web/components/ui/toast.js';
import { getErrorMessage } from '#web/lib/api.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { useSession } from '#web/lib/session.js';
import { useDestinationChanges, useRejectDestinationChange } from '#web/features/admin/destination-changes/api/destination-changes.js';
import { ApproveChangeDialog } from '#web/features/admin/destination-changes/components/approve-change-dialog.js';
import { describeDestination, STATUS_LABELS } from '#web/features/admin/destination-changes/lib/describe-change.js';

function Lines({ lines }: { lines: string[] }) {
  return (
    <ul className="space-y-0.5">
      {lines.map((line) => (
        <li key={line} className="break-all">
          {line}
        </li>
      ))}
    </ul>
  );
}

/** When it takes effect: on approval, or at the end of the cooling-off period; for a decided one, who decided when. */
function whenText(change: TDestinationChange): string {
  if (change.status !== 'pending') {
    const by = change.decidedBy ? ` by ${change.decidedBy}` : change.status === 'applied' ? ' after the cooling-off period' : '';
    return `${STATUS_LABELS[change.status]}${by}${change.decidedAt ? `, ${formatDateTime(change.decidedAt)}` : ''}`;
  }
  return change.lapsesAt
    ? `No other admin can approve: takes effect on ${formatDateTime(change.lapsesAt)} unless rejected`
    : 'Takes effect when another Super Admin or Manager approves it';
}

/**
 * /admin/pending-changes: changes of where money goes (a payment method's account, a coin's deposit
 * address), with before, after and who asked; another Super Admin or Manager approves with their
 * own code, anyone of them rejects, the requester cancels (issue 27 point 3, docs/decisions/030).
 */
export function PendingChangesPage() {
  const query = useDestinationChanges();
  const { user } = useSession();
  const reject = useRejectDestinationChange();
  const toast = useToast();
  const [approving, setApproving] = useState<TDestinationChange | null>(null);
  const changes = query.data ?? [];

  const onReject = (change: TDestinationChange, isOwn: boolean) =>
    reject.mutate(change.id, {
      onSuccess: () => toast.success(isOwn ? DESTINATION_MSG.cancelled : DESTINATION_MSG.rejected),
      onError: (error) => toast.error(getErrorMessage(error, DESTINATION_MSG.alreadyDecided)),
    });

  const columns: TColumn<TDestinationChange>[] = [
    {
      header: 'Destination',
      className: 'align-top font-medium',
      cell: (change) => (
        <>
          <span>{change.targetLabel}</span>
          <span className="block text-sm font-normal text-slate-600">
            {change.kind === 'payment_method' ? 'Payment method' : 'Deposit address'}
          </span>
        </>
      ),
    },
    {
      header: 'Now (before)',
      className: 'align-top text-sm',
      cell: (change) => <Lines lines={describeDestination(change.kind, change.before)} />,
    },
    {
      header: 'Change to',
      className: 'align-top text-sm',
      cell: (change) => <Lines lines={describeDestination(change.kind, change.after)} />,
    },
    {
      header: 'Asked by',
      className: 'align-top text-sm',
      cell: (change) => (
        <>
          {change.requestedBy.name}
          <span className="block text-slate-600">{formatDateTime(change.requestedAt)}</span>
        </>
      ),
    },
    {
      header: 'Status',
      className: 'align-top text-sm',
      cell: (change) => (
        <>
          <Badge variant={change.status === 'pending' ? 'warning' : change.status === 'applied' ? 'success' : 'neutral'}>
            {STATUS_LABELS[change.status]}
          </Badge>
          <span className="mt-1 block text-slate-700">{whenText(change)}</span>
        </>
      ),
    },
    {
      header: 'Actions',
      isHeaderHidden: true,
      className: 'text-right align-top',
      cell: (change) => {
        if (change.status !== 'pending') return null;
        const isOwn = change.requestedBy.id === user?.id;
        return (
          <div className="flex flex-wrap justify-end gap-2">
            {isOwn ? (
              <span className="text-sm text-slate-600">Another admin must approve</span>
            ) : (
              <Button size="sm" aria-label={`Approve the change of ${change.targetLabel}`} onClick={() => setApproving(change)}>
                Approve
              </Button>
            )}
            <Button
              variant="danger"
              size="sm"
              aria-label={`${isOwn ? 'Cancel' : 'Reject'} the change of ${change.targetLabel}`}
              disabled={reject.isPending}
              onClick={() => onReject(change, isOwn)}
            >
              {isOwn ? 'Cancel change' : 'Reject'}
            </Button>
          </div>
        );
      },
    },
  ];

  return (
    <section>
      <PageHeading
        title="Pending changes"
        description="Changes of where money goes take effect only when a second Super Admin or Manager approves them."
      />
      <DataTable
        caption="Changes of payment destinations"
        columns={columns}
        rows={changes}
        rowKey={(change) => change.id}
        query={query}
        loadingText="Loading pending changes…"
        emptyText="No changes of payment destinations yet."
      />
      {approving && <ApproveChangeDialog change={approving} onClose={() => setApproving(null)} />}
    </section>
  );
}
