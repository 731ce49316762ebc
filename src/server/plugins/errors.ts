import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '#shared/messages.js';
import { AppError } from '#server/lib/errors.js';
import { sendNotFoundPage, wantsPage } from './web.js';

type TErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

function body(code: string, message: string, fields?: Record<string, string>): TErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Code and message for an error status that came without our body (router, plugins, better-auth). */
export function errorBodyForStatus(status: number): TErrorBody {
  if (status === 401) return body('UNAUTHENTICATED', MSG.unauthenticated);
  if (status === 404) return body('NOT_FOUND', MSG.notFound);
  if (status === 429) return body('RATE_LIMITED', MSG.tooManyAttempts);
  if (status >= 500) return body('INTERNAL', MSG.unexpected);
  return body('BAD_REQUEST', MSG.badRequest);
}

/**
 * Fastify's `frameworkErrors` option: URLs the router refuses before any route or hook (a
 * malformed percent-escape, a path parameter over maxParamLength) get the one error shape too,
 * without the default body that echoes the URL back.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 400;
  reply.status(status).send(errorBodyForStatus(status));
}

/**
 * Unknown paths: the JSON error shape, except that with the web app served a browser asking for
 * a page gets our small HTML "Page not found" (plugins/web.ts).
 */
export function registerNotFound(app: FastifyInstance, options: { pages: boolean }): void {
  app.setNotFoundHandler((request, reply) => {
    if (options.pages && wantsPage(request)) return sendNotFoundPage(reply);
    return reply.status(404).send(body('NOT_FOUND', MSG.notFound));
  });
}

/** The one error handler: AppError -> its own code and message; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'server error');
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        // '/username' -> 'username'; a form-level issue (e.g. an unknown field) has no path.
        const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[name] ??= issue.message ?? MSG.badRequest;
      }
      const first = Object.values(fields)[0] ?? MSG.badRequest;
      return reply.status(400).send(body('VALIDATION', first, fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(body('PAYLOAD_TOO_LARGE', MSG.tooLarge));
    if (status === 415) return reply.status(415).send(body('UNSUPPORTED_MEDIA_TYPE', 'Send the request as JSON.'));
    if (status === 429) return reply.status(429).send(body('RATE_LIMITED', MSG.tooManyAttempts));
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', status === 404 ? MSG.notFound : MSG.badRequest));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', MSG.unexpected));
  });

  // A plugin may answer an error with no body at all (@fastify/websocket sends a bare 404 to a
  // plain HTTP request on a socket route): give it the one error shape as well.
  // A plain callback, not async: it runs for every response and almost always passes it on.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode < 400 || (payload !== undefined && payload !== null && payload !== '')) return done(null, payload);
    reply.type('application/json; charset=utf-8');
    done(null, JSON.stringify(errorBodyForStatus(reply.statusCode)));
  });
}
