import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealthResponse } from '#shared/contracts/system.js';
import { ZErrorResponse } from '#shared/contracts/common.js';
import { pingDatabase, type TDb } from '#server/db/client.js';
import { AppError } from '#server/lib/errors.js';

export const systemRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public', errors: ['UNAVAILABLE'] },
      schema: { tags: ['system'], response: { 200: ZHealthResponse, 503: ZErrorResponse } },
    },
    async (request) => {
      try {
        await pingDatabase(db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('UNAVAILABLE', 'The database is not reachable.');
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
