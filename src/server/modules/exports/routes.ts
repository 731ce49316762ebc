import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  EXPORT_PATHS,
  ZAdminOrderExportQuery,
  ZAuditExportQuery,
  ZOrderHistoryExportQuery,
  ZUserExportQuery,
} from '#shared/contracts/exports.js';
import type { TArea } from '#shared/permissions.js';
import type { TDb } from '#server/db/client.js';
import { sendCsv, type TCsvExport } from '#server/lib/csv.js';
import { actorOf, type TActor } from '#server/plugins/access.js';
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

  /** A back-office list's export: the list's access area and filter, written in the name of who asked, from where. */
  const staffExport = <TQuery extends z.ZodType>(
    path: string,
    area: TArea,
    tag: 'orders' | 'admin',
    querystring: TQuery,
    description: string,
    write: (deps: { db: TDb }, staff: { actor: TActor; ip: string }, query: z.output<TQuery>) => Promise<TCsvExport>,
  ) =>
    app.post(
      path,
      { config: { access: { area }, rateLimit, openapi: csvResponse(description) }, schema: { tags: [tag], querystring } },
      // The type provider cannot resolve a generic schema's output; the query was parsed with it.
      async (request, reply) =>
        sendCsv(reply, await write(deps, { actor: actorOf(request), ip: request.ip }, request.query as z.output<TQuery>)),
    );

  staffExport(
    EXPORT_PATHS.adminOrders,
    'orderViews',
    'orders',
    ZAdminOrderExportQuery,
    'Every order of Order Management that matches the filter, in its sort (every export is audited)',
    exportAdminOrders,
  );
  staffExport(
    EXPORT_PATHS.users,
    'users',
    'admin',
    ZUserExportQuery,
    'Every customer of User Management that matches the filter, in its sort (every export is audited)',
    exportUsers,
  );
  staffExport(
    EXPORT_PATHS.audit,
    'audit',
    'admin',
    ZAuditExportQuery,
    'Every audit log entry that matches the filter, newest first (every export is audited)',
    exportAuditLog,
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
