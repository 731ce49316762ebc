import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZNumericIdParams } from '#shared/contracts/admin.js';
import {
  ZDestinationCancel,
  ZDestinationChangeList,
  ZDestinationChangeResponse,
  ZDestinationDecision,
} from '#shared/contracts/destination-changes.js';
import { approveDestinationChange, listDestinationChanges, rejectDestinationChange, type TDestinationDeps } from './service.js';

/** Pending changes of where money goes (super_admin, manager; issue 27 point 3, docs/decisions/030). */
export const destinationChangeRoutes: FastifyPluginAsyncZod<TDestinationDeps> = async (app, deps) => {
  const access = { area: 'destinationChanges' } as const;
  const tags = ['admin'];

  app.get(
    '/api/admin/destination-changes',
    { config: { access }, schema: { tags, response: { 200: ZDestinationChangeList } } },
    async () => ({ changes: await listDestinationChanges(deps) }),
  );

  app.post(
    '/api/admin/destination-changes/:id/approve',
    {
      config: { access, errors: ['CHANGE_ALREADY_DECIDED', 'OWN_CHANGE', 'CHANGE_STALE', 'INVALID_CREDENTIALS', 'CODE_REUSED'] },
      schema: { tags, params: ZNumericIdParams, body: ZDestinationDecision, response: { 200: ZDestinationChangeResponse } },
    },
    async (request) => ({ change: await approveDestinationChange(deps, request, request.params.id, request.body.code) }),
  );

  app.post(
    '/api/admin/destination-changes/:id/reject',
    {
      config: { access, errors: ['CHANGE_ALREADY_DECIDED'] },
      schema: { tags, params: ZNumericIdParams, body: ZDestinationCancel, response: { 200: ZDestinationChangeResponse } },
    },
    async (request) => ({ change: await rejectDestinationChange(deps, request, request.params.id) }),
  );
};
