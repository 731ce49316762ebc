import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDbIdParams, ZOk } from '#shared/contracts/common.js';
import {
  SANCTIONS_LISTS_PATH,
  SANCTIONS_MSG,
  SANCTIONS_OPERATOR_ENTRIES_PATH,
  ZAddSanctionsEntryRequest,
  ZAddSanctionsEntryResponse,
  ZSanctionsEntries,
  ZSanctionsLists,
} from '#shared/contracts/sanctions.js';
import type { TDb } from '#server/db/client.js';
import { notFound } from '#server/lib/errors.js';
import { actorOf } from '#server/plugins/access.js';
import { addOperatorEntry, listOperatorEntries, listSanctionsLists, removeOperatorEntry } from './lists.js';

/**
 * The sanctions lists for the compliance desk (area `compliance`: compliance and super admin;
 * docs/decisions/075): the lists loaded, and the operator's own entries, added and removed,
 * audited. Adding an entry screens every customer and open order against it.
 */
export const sanctionsRoutes: FastifyPluginAsyncZod<{ db: TDb; now?: () => Date }> = async (app, deps) => {
  const access = { area: 'compliance' } as const;
  const tags = ['compliance'];
  const now = () => deps.now?.() ?? new Date();
  const call = (request: Parameters<typeof actorOf>[0]) => ({ actor: actorOf(request), ip: request.ip });

  app.get(SANCTIONS_LISTS_PATH, { config: { access }, schema: { tags, response: { 200: ZSanctionsLists } } }, async () => ({
    lists: await listSanctionsLists(deps.db),
  }));

  app.get(SANCTIONS_OPERATOR_ENTRIES_PATH, { config: { access }, schema: { tags, response: { 200: ZSanctionsEntries } } }, async () => ({
    entries: await listOperatorEntries(deps.db),
  }));

  app.post(
    SANCTIONS_OPERATOR_ENTRIES_PATH,
    { config: { access }, schema: { tags, body: ZAddSanctionsEntryRequest, response: { 200: ZAddSanctionsEntryResponse } } },
    (request) => addOperatorEntry(deps.db, call(request), request.body, now()),
  );

  app.delete(
    `${SANCTIONS_OPERATOR_ENTRIES_PATH}/:id`,
    { config: { access, errors: ['NOT_FOUND'] }, schema: { tags, params: ZDbIdParams, response: { 200: ZOk } } },
    async (request) => {
      if (!(await removeOperatorEntry(deps.db, call(request), Number(request.params.id)))) throw notFound(SANCTIONS_MSG.entryNotFound);
      return { ok: true as const };
    },
  );
};
