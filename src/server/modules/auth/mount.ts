import type { FastifyInstance } from 'fastify';
import type { TConfig } from '#server/config.js';
import { errorBodyForStatus } from '#server/plugins/errors.js';
import { AUTH_BASE_PATH, toFetchHeaders, type TAuth } from './better-auth.js';
import { forwardCookies } from './service.js';

/**
 * better-auth at its default path. Only the endpoints the product uses directly are passed
 * through; sign-in, sign-up and password reset go through /api/session and /api/account (which
 * add the product's rules and still run better-auth's handler), and its admin endpoints are
 * never exposed: staff actions go through our own audited routes.
 */
const PASS_THROUGH = new Set(['GET /get-session', 'POST /sign-out']);

export function mountAuth(app: FastifyInstance, auth: TAuth, config: TConfig): void {
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    config: { access: 'public' },
    schema: { hide: true },
    async handler(request, reply) {
      const subPath = request.url.slice(AUTH_BASE_PATH.length).split('?')[0];
      if (!PASS_THROUGH.has(`${request.method} ${subPath}`)) {
        return reply.status(404).send(errorBodyForStatus(404));
      }
      const headers = toFetchHeaders(request.headers);
      // The body passed on is always JSON (a POST without one, e.g. a bare sign-out, sends {}).
      if (request.method === 'POST') headers.set('content-type', 'application/json');
      const response = await auth.handler(
        new Request(`${config.appUrl}${request.url}`, {
          method: request.method,
          headers,
          body: request.method === 'POST' ? JSON.stringify(request.body ?? {}) : undefined,
        }),
      );
      forwardCookies(reply, response.headers.getSetCookie());
      // better-auth's own error body ({ message, code }) becomes the one error shape.
      if (response.status >= 400) return reply.status(response.status).send(errorBodyForStatus(response.status));
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      return reply.send(response.body ? await response.text() : null);
    },
  });
}
