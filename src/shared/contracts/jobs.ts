import { z } from 'zod';

/** The super admin's Jobs page (issue 30 point 1, docs/decisions/052): background queues, their failures, and a retry. */

export const JOBS_MSG = {
  title: 'Jobs',
  intro: 'Background work: the periodic jobs and the delivery of emails and SMS. A job that failed after its retries waits here.',
  noFailures: 'No failed jobs.',
  retry: 'Retry',
  retried: 'The job was put back to run.',
  notFailed: 'This job is not failed any more: it was retried already, or it was removed.',
} as const;

/** What each queue does, in the page's words (modules/jobs/engine.ts defines the queues). */
export const JOB_QUEUE_LABELS: Record<string, string> = {
  housekeeping: 'Housekeeping',
  order_expiry: 'Order expiry',
  retention: 'Records retention',
  audit_seal: 'Audit log hash chain',
  large_cash_report: 'Large cash transaction report',
  email_delivery: 'Email delivery',
  sms_delivery: 'SMS delivery',
  dead_letter: 'Dead letters',
};

export const ZJobQueue = z
  .object({
    name: z.string(),
    waiting: z.number().int(),
    active: z.number().int(),
    failed: z.number().int(),
    completedLast24h: z.number().int(),
  })
  .strict();

export const ZFailedJob = z
  .object({
    id: z.string(),
    queue: z.string(),
    error: z.string(),
    retries: z.number().int(),
    failedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .strict();

export const ZJobsOverview = z.object({ queues: z.array(ZJobQueue), failed: z.array(ZFailedJob) }).strict();
export type TJobsOverview = z.infer<typeof ZJobsOverview>;
export type TFailedJob = z.infer<typeof ZFailedJob>;

export const ZJobRetryParams = z
  .object({
    queue: z
      .string()
      .max(50)
      .regex(/^[a-z_]+$/),
    id: z.string().uuid(),
  })
  .strict();
export type TJobRetryParams = z.infer<typeof ZJobRetryParams>;

export const ZJobRetryResult = z.object({ retried: z.literal(true) }).strict();
