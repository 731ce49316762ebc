import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerClock } from '#server/lib/clock.js';
import type { PeriodicJob } from '#server/lib/periodic-job.js';

/**
 * Browser tests only (TEST_CLOCK=true, refused in production by config.ts): moves the order
 * clock forward and runs the order expiry at once, so a test sees an unpaid order expire
 * without waiting for its deadline (docs/decisions/014).
 */
export const testClockRoutes: FastifyPluginAsyncZod<{ clock: ServerClock; orderExpiry: PeriodicJob }> = async (app, deps) => {
  // The server's time, which a browser test reads instead of its own once an earlier test moved
  // the clock (a business day near midnight is the server's, not the browser's).
  app.get(
    '/api/test/clock',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], hide: true, response: { 200: z.object({ now: z.string() }) } },
    },
    async () => ({ now: deps.clock.now().toISOString() }),
  );
  app.post(
    '/api/test/clock',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        hide: true,
        body: z.object({ advanceMinutes: z.number().int().min(1).max(100_000) }).strict(),
        response: { 200: z.object({ now: z.string() }) },
      },
    },
    async (request) => {
      const now = deps.clock.advance(request.body.advanceMinutes * 60_000);
      // Not runOnce: a run under way read the time before it moved and would expire nothing
      // (order-lifecycle.spec's unpaid order then waited for the next round, 15 s later).
      await deps.orderExpiry.runAfterNow();
      return { now: now.toISOString() };
    },
  );
};
