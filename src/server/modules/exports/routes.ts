import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EXPORT_PATHS,
  ZAdminOrderExportQuery,
  ZAuditExportQuery,
  ZOrderHistoryExportQuery,
  ZUserExportQuery,
} from '#shared/contracts/exports.js';
import type { TDb } from '#server/db/client.js';
import { sendCsv } from '#server/lib/csv.js';
import { actorOf } from '#server/plugins/access.js';
import { perUser, RATE_LIMITS } from '#server/plugins/rate-limit.js';
import { exportAdminOrders, exportAuditLog, exportOrderHistory, exportUsers } from './service.js';

/** For the OpenAPI document: the answer is a CSV file (plugins/openapi.ts). */
const csvResponse = (description: string) => ({ fileResponse: { description, types: ['text/csv'] } });

/**
 * CSV exports (docs/decisions/015): each list's own access area and filter, limited per person
 * (RATE_LIMITS.exportsPerUser) and streamed. POST, with the filter in the query string: the
 * cross-site check applies to it, so a link on another site cannot start an export that is then
 * audited in the staff member's name (issue 26).
 */
export const exportRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, deps) => {
  const rateLimit = perUser(RATE_LIMITS.exportsPerUser);

  app.post(
    EXPORT_PATHS.adminOrders,
    {
      config: {
        access: { area: 'orderViews' },
        rateLimit,
        openapi: csvResponse('Every order of Order Management that matches the filter, in its sort (every export is audited)'),
      },
      schema: { tags: ['orders'], querystring: ZAdminOrderExportQuery },
    },
    async (request, reply) => sendCsv(reply, await exportAdminOrders(deps, { actor: actorOf(request), ip: request.ip }, request.query)),
  );

  app.post(
    EXPORT_PATHS.users,
    {
      config: {
        access: { area: 'users' },
        rateLimit,
        openapi: csvResponse('Every customer of User Management that matches the filter, in its sort (every export is audited)'),
      },
      schema: { tags: ['admin'], querystring: ZUserExportQuery },
    },
    async (request, reply) => sendCsv(reply, await exportUsers(deps, { actor: actorOf(request), ip: request.ip }, request.query)),
  );

  app.post(
    EXPORT_PATHS.audit,
    {
      config: {
        access: { area: 'audit' },
        rateLimit,
        openapi: csvResponse('Every audit log entry that matches the filter, newest first (every export is audited)'),
      },
      schema: { tags: ['admin'], querystring: ZAuditExportQuery },
    },
    async (request, reply) => sendCsv(reply, await exportAuditLog(deps, { actor: actorOf(request), ip: request.ip }, request.query)),
  );

  app.post(
    EXPORT_PATHS.orderHistory,
    {
      config: {
        access: 'customer',
        rateLimit,
        openapi: csvResponse("The customer's own orders created within the dates, newest first"),
      },
      schema: { tags: ['orders'], querystring: ZOrderHistoryExportQuery },
    },
    async (request, reply) => sendCsv(reply, await exportOrderHistory(deps, actorOf(request).id, request.query)),
  );
};
