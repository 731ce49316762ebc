import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '../../shared/messages.js';
import { AppError } from '../lib/errors.js';

type TErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

function body(code: string, message: string, fields?: Record<string, string>): TErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** The one error handler: AppError -> its own code and message; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'server error');
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
    if (status === 413) return reply.status(413).send(body('PAYLOAD_TOO_LARGE', 'The request is too large.'));
    if (status === 415) return reply.status(415).send(body('UNSUPPORTED_MEDIA_TYPE', 'Send the request as JSON.'));
    if (status === 429) return reply.status(429).send(body('RATE_LIMITED', MSG.tooManyAttempts));
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', status === 404 ? MSG.notFound : MSG.badRequest));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', MSG.unexpected));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body('NOT_FOUND', MSG.notFound));
  });
}
