import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MSG } from '#shared/messages.js';
import { AppError } from '#server/lib/errors.js';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the token (compared in constant time). */
export function hasMetricsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * GET /metrics for Prometheus, behind a bearer token (METRICS_TOKEN; docs/decisions/049), and the
 * hook that times every answered request by its route pattern. Outside /api: the web app's pages
 * never link it, and plugins/access.ts checks sessions only under /api.
 */
export function registerMetrics(app: FastifyInstance, options: { metrics: Metrics; token: string }): void {
  const { metrics, token } = options;
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get(METRICS_PATH, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!hasMetricsToken(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHENTICATED', MSG.metricsTokenRequired);
    }
    const { body, contentType } = await metrics.render();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
}
