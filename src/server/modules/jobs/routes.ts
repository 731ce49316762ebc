import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZJobRetryParams, ZJobRetryResult, ZJobsOverview } from '#shared/contracts/jobs.js';
import { actorOf } from '#server/plugins/access.js';
import { jobsOverview, retryJob, type TJobsDeps } from './service.js';

/**
 * /admin/jobs (super_admin, docs/decisions/052): the background queues with their counts and
 * failures, and the retry of a failed job (audited, once however often it is asked for).
 */
export const jobRoutes: FastifyPluginAsyncZod<TJobsDeps> = async (app, deps) => {
  app.get(
    '/api/admin/jobs',
    { config: { access: { area: 'jobs' } }, schema: { tags: ['admin'], response: { 200: ZJobsOverview } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return jobsOverview(deps);
    },
  );

  app.post(
    '/api/admin/jobs/:queue/:id/retry',
    {
      config: { access: { area: 'jobs' }, errors: ['JOB_NOT_FAILED'] },
      schema: { tags: ['admin'], params: ZJobRetryParams, response: { 200: ZJobRetryResult } },
    },
    async (request) => {
      await retryJob(deps, actorOf(request), request.params, request.ip);
      return { retried: true as const };
    },
  );
};
