import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDbIdParams } from '#shared/contracts/common.js';
import {
  STATEMENT_MAX_CHARS,
  ZColumnMapping,
  ZExceptionQuery,
  ZExceptionResponse,
  ZImportResult,
  ZMappingResponse,
  ZReconciliationSettings,
  ZResolveException,
  ZStatementExceptions,
  ZStatementImports,
  ZStatementLines,
  ZStatementUpload,
} from '#shared/contracts/statements.js';
import { actorOf } from '#server/plugins/access.js';
import { perUser, RATE_LIMITS } from '#server/plugins/rate-limit.js';
import {
  getMapping,
  getReconciliationSettings,
  importLines,
  importStatement,
  listExceptions,
  listImports,
  resolveException,
  saveMapping,
  updateReconciliationSettings,
  type TPaymentsDeps,
} from './service.js';

/**
 * Statements and reconciliation (issue 28 point 5, docs/decisions/039): the `statements` area
 * (super admin, manager). The upload is JSON with the CSV's text (the page reads the file).
 */
export const statementRoutes: FastifyPluginAsyncZod<TPaymentsDeps> = async (app, deps) => {
  const access = { area: 'statements' } as const;
  const tags = ['admin'];

  app.get('/api/admin/statements', { config: { access }, schema: { tags, response: { 200: ZStatementImports } } }, async () => ({
    imports: await listImports(deps),
  }));

  app.post(
    '/api/admin/statements',
    {
      // A statement of a few thousand lines, with room for JSON's escapes.
      bodyLimit: STATEMENT_MAX_CHARS * 2 + 4096,
      config: { access, rateLimit: perUser(RATE_LIMITS.statementImportsPerUser) },
      schema: { tags, body: ZStatementUpload, response: { 200: ZImportResult } },
    },
    async (request) => importStatement(deps, actorOf(request), request.body, request.ip),
  );

  app.get(
    '/api/admin/statements/:id/lines',
    { config: { access }, schema: { tags, params: ZDbIdParams, response: { 200: ZStatementLines } } },
    async (request) => importLines(deps, request.params.id),
  );

  app.get(
    '/api/admin/statements/exceptions',
    { config: { access }, schema: { tags, querystring: ZExceptionQuery, response: { 200: ZStatementExceptions } } },
    async (request) => ({ exceptions: await listExceptions(deps, request.query.status) }),
  );

  app.post(
    '/api/admin/statements/exceptions/:id/resolve',
    {
      config: { access, errors: ['EXCEPTION_ALREADY_RESOLVED', 'STATEMENT_LINE_TAKEN'] },
      schema: { tags, params: ZDbIdParams, body: ZResolveException, response: { 200: ZExceptionResponse } },
    },
    async (request) => resolveException(deps, actorOf(request), request.params.id, request.body, request.ip),
  );

  app.get(
    '/api/admin/statements/settings',
    { config: { access }, schema: { tags, response: { 200: ZReconciliationSettings } } },
    async () => getReconciliationSettings(deps.db),
  );

  app.put(
    '/api/admin/statements/settings',
    { config: { access }, schema: { tags, body: ZReconciliationSettings, response: { 200: ZReconciliationSettings } } },
    async (request) => updateReconciliationSettings(deps, actorOf(request), request.body, request.ip),
  );

  app.get(
    '/api/admin/statements/mappings/:id',
    { config: { access }, schema: { tags, params: ZDbIdParams, response: { 200: ZMappingResponse } } },
    async (request) => ({ paymentMethodId: request.params.id, mapping: await getMapping(deps.db, request.params.id) }),
  );

  app.put(
    '/api/admin/statements/mappings/:id',
    {
      config: { access },
      schema: { tags, params: ZDbIdParams, body: ZColumnMapping, response: { 200: z.object({ mapping: ZColumnMapping }) } },
    },
    async (request) => ({ mapping: await saveMapping(deps, actorOf(request), request.params.id, request.body, request.ip) }),
  );
};
