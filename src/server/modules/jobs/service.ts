import { JOBS_MSG, type TJobRetryParams, type TJobsOverview } from '#shared/contracts/jobs.js';
import type { TDb } from '#server/db/client.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import type { TActor } from '#server/plugins/access.js';
import type { JobEngine } from './engine.js';

export type TJobsDeps = { db: TDb; jobs: JobEngine };

/** The Jobs page: every queue with its counts, and the failed jobs with their error (docs/decisions/052). */
export async function jobsOverview({ jobs }: TJobsDeps): Promise<TJobsOverview> {
  const [queues, failed] = await Promise.all([jobs.queues(), jobs.failedJobs()]);
  return {
    queues,
    failed: failed.map((job) => ({ ...job, failedAt: job.failedAt?.toISOString() ?? null, createdAt: job.createdAt.toISOString() })),
  };
}

/**
 * Puts a failed job back to run, audited. The retry is conditional (pg-boss changes a job only while
 * it is failed), so a double click or two admins retry it once: the second is refused with
 * JOB_NOT_FAILED and writes no audit entry.
 */
export async function retryJob({ db, jobs }: TJobsDeps, actor: TActor, { queue, id }: TJobRetryParams, ip: string | null): Promise<void> {
  const job = await jobs.failedJob(queue, id);
  if (!job || !(await jobs.retry(queue, id))) throw new AppError('JOB_NOT_FAILED', JOBS_MSG.notFailed);
  await writeAudit(db, {
    actor,
    action: 'job.retry',
    targetType: 'job',
    targetId: id,
    before: { queue, state: 'failed', retries: job.retryCount, error: errorText(job.output) },
    after: { queue, state: 'retry' },
    ip,
  });
}

function errorText(output: unknown): string | null {
  return output && typeof output === 'object' && 'message' in output && typeof output.message === 'string'
    ? output.message.slice(0, 500)
    : null;
}
