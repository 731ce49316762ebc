import { useState } from 'react';
import { JOB_QUEUE_LABELS, JOBS_MSG, type TFailedJob } from '#shared/contracts/jobs.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { refreshingStatus } from '#web/components/ui/query-content.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { useJobs, useRetryJob } from '#web/features/admin/jobs/api/jobs.js';

type TQueueRow = { name: string; waiting: number; active: number; failed: number; completedLast24h: number };

const queueLabel = (name: string) => JOB_QUEUE_LABELS[name] ?? name;

/**
 * /admin/jobs 'Jobs' (issue 30 point 1, docs/decisions/052): the background queues with their
 * counts, the failed jobs with their error, and Retry (audited; once, however often it is clicked:
 * the button is off while its request runs, and the server retries only a job still failed).
 */
export function JobsPage() {
  const query = useJobs();
  const retry = useRetryJob();
  const [outcome, setOutcome] = useState<{ variant: 'success' | 'error'; text: string } | null>(null);

  const onRetry = (job: TFailedJob) => {
    setOutcome(null);
    retry.mutate(job, {
      onSuccess: () => setOutcome({ variant: 'success', text: JOBS_MSG.retried }),
      onError: (failure) =>
        setOutcome({
          variant: 'error',
          text: failure instanceof ApiError && failure.code === 'JOB_NOT_FAILED' ? JOBS_MSG.notFailed : getErrorMessage(failure),
        }),
    });
  };

  const queueColumns: TColumn<TQueueRow>[] = [
    { header: 'Queue', cell: (queue) => queueLabel(queue.name) },
    { header: 'Waiting', className: 'text-right tabular-nums', cell: (queue) => queue.waiting },
    { header: 'Running', className: 'text-right tabular-nums', cell: (queue) => queue.active },
    { header: 'Failed', className: 'text-right tabular-nums', cell: (queue) => queue.failed },
    { header: 'Completed (24 h)', className: 'text-right tabular-nums', cell: (queue) => queue.completedLast24h },
  ];
  const failedColumns: TColumn<TFailedJob>[] = [
    { header: 'Queue', cell: (job) => queueLabel(job.queue) },
    {
      header: 'Error',
      className: 'min-w-64 break-words',
      cell: (job) => <span className="font-mono text-xs text-red-800">{job.error}</span>,
    },
    { header: 'Tries', className: 'text-right tabular-nums', cell: (job) => job.retries + 1 },
    { header: 'Failed at', cell: (job) => (job.failedAt ? formatDateTime(job.failedAt) : '') },
    {
      header: 'Actions',
      isHeaderHidden: true,
      className: 'text-right',
      cell: (job) => (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Retry the failed ${queueLabel(job.queue)} job ${job.id}`}
          disabled={retry.isPending}
          onClick={() => onRetry(job)}
        >
          {JOBS_MSG.retry}
        </Button>
      ),
    },
  ];

  return (
    <section>
      <PageHeading title={JOBS_MSG.title} description={JOBS_MSG.intro} actions={refreshingStatus(query)} />
      {outcome && (
        <Alert variant={outcome.variant} className="mb-4">
          {outcome.text}
        </Alert>
      )}
      <DataTable
        caption="Queues"
        columns={queueColumns}
        rows={query.data?.queues ?? []}
        rowKey={(queue) => queue.name}
        query={query}
        loadingText="Loading the queues…"
        emptyText="No queues."
      />
      <h2 className="mt-8 mb-3 text-lg font-semibold text-slate-900">Failed jobs</h2>
      <DataTable
        caption="Failed jobs"
        columns={failedColumns}
        rows={query.data?.failed ?? []}
        rowKey={(job) => `${job.queue}:${job.id}`}
        query={query}
        loadingText="Loading the failed jobs…"
        emptyText={JOBS_MSG.noFailures}
      />
    </section>
  );
}
