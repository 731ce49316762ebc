import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOrderIdParams } from '#shared/contracts/orders.js';
import { ZTravelRuleDeclaration, ZTravelRuleProof, ZTravelRuleResponse } from '#shared/contracts/travel-rule.js';
import { actorOf } from '#server/plugins/access.js';
import { perUser, RATE_LIMITS } from '#server/plugins/rate-limit.js';
import { declareTravelRule, proveTravelRule, type TTravelRuleDeps } from './service.js';

/** The customer's Travel Rule routes (docs/decisions/076-travel-rule-data.md): their own orders only; another's is 404. */
export const travelRuleRoutes: FastifyPluginAsyncZod<TTravelRuleDeps> = async (app, deps) => {
  const config = {
    access: 'customer',
    rateLimit: perUser(RATE_LIMITS.ordersPerUser),
    errors: ['NOT_FOUND', 'ORDER_ALREADY_DECIDED'],
  } as const;
  app.put(
    '/api/orders/:id/travel-rule',
    { config, schema: { tags: ['orders'], params: ZOrderIdParams, body: ZTravelRuleDeclaration, response: { 200: ZTravelRuleResponse } } },
    async (request) => {
      const actor = actorOf(request);
      return { travelRule: await declareTravelRule(deps, { actor, ip: request.ip }, request.params.id, request.body) };
    },
  );
  app.post(
    '/api/orders/:id/travel-rule/proof',
    { config, schema: { tags: ['orders'], params: ZOrderIdParams, body: ZTravelRuleProof, response: { 200: ZTravelRuleResponse } } },
    async (request) => {
      const actor = actorOf(request);
      return { travelRule: await proveTravelRule(deps, { actor, ip: request.ip }, request.params.id, request.body) };
    },
  );
};
