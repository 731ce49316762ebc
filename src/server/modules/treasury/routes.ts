import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TREASURY_PATHS,
  ZSettlementParams,
  ZSettlementQuery,
  ZSettlementReport,
  ZSettlementSignOff,
  ZTreasury,
} from '#shared/contracts/treasury.js';
import { actorOf } from '#server/plugins/access.js';
import { getSettlement, getTreasury, signOffSettlement, type TTreasuryDeps } from './service.js';

/**
 * Treasury and the daily settlement (issue 28 point 6, docs/decisions/040): read by the `treasury`
 * area (super_admin, manager), signed off by the `settlementSignOff` area.
 */
export const treasuryRoutes: FastifyPluginAsyncZod<TTreasuryDeps> = async (app, deps) => {
  const tags = ['admin'];

  app.get(TREASURY_PATHS.treasury, { config: { access: { area: 'treasury' } }, schema: { tags, response: { 200: ZTreasury } } }, async () =>
    getTreasury(deps),
  );

  app.get(
    TREASURY_PATHS.settlement,
    { config: { access: { area: 'treasury' } }, schema: { tags, querystring: ZSettlementQuery, response: { 200: ZSettlementReport } } },
    async (request) => getSettlement(deps, request.query.day),
  );

  app.post(
    TREASURY_PATHS.signOff(':day'),
    {
      config: { access: { area: 'settlementSignOff' }, errors: ['SETTLEMENT_DAY_NOT_OVER', 'SETTLEMENT_ALREADY_SIGNED'] },
      schema: { tags, params: ZSettlementParams, body: ZSettlementSignOff, response: { 200: ZSettlementReport } },
    },
    async (request) => signOffSettlement(deps, { actor: actorOf(request), ip: request.ip }, request.params.day),
  );
};
