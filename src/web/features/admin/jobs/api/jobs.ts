import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZJobRetryResult, ZJobsOverview, type TFailedJob } from '#shared/contracts/jobs.js';
import { apiRequest } from '#web/lib/api.js';

export const jobsKeys = { all: ['admin', 'jobs'] as const };

export function getJobs(signal?: AbortSignal) {
  return apiRequest('/api/admin/jobs', { schema: ZJobsOverview, operation: 'Loading the jobs', signal });
}

export const jobsQueryOptions = () => queryOptions({ queryKey: jobsKeys.all, queryFn: ({ signal }) => getJobs(signal) });

/** The background queues with their counts and the failed jobs (docs/decisions/052). */
export function useJobs() {
  return useQuery(jobsQueryOptions());
}

export function retryJob(job: Pick<TFailedJob, 'queue' | 'id'>) {
  return apiRequest(`/api/admin/jobs/${job.queue}/${job.id}/retry`, {
    method: 'POST',
    schema: ZJobRetryResult,
    operation: 'Retrying the job',
  });
}

/** Puts a failed job back to run; the list is read again whatever the answer (another admin may have retried it). */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKeys.all }),
  });
}
