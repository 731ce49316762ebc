import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMarketResponse } from '#shared/contracts/market.js';
import type { TDatabase } from '#server/db/client.js';
import type { TPriceOptions } from '#server/lib/prices/options.js';
import { MarketService } from './service.js';

/** If-None-Match matches: '*', or one of its listed tags (weak comparison, as RFC 9110 asks). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === etag);
}

export const marketRoutes: FastifyPluginAsyncZod<{ market: MarketService }> = async (app, { market }) => {
  app.get(
    '/api/market',
    {
      config: { access: 'public' },
      schema: { tags: ['market'], response: { 200: ZMarketResponse, 304: z.null().describe('Not modified: the ETag matches') } },
    },
    async (request, reply) => {
      // Checked against ZMarketResponse and serialised by the service once per change, not per request.
      const { body, json, etag } = await market.getMarketAnswer();
      // no-cache: clients may keep it but must revalidate (cheap 304) before use.
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return reply
        .type('application/json; charset=utf-8')
        .serializer(() => json)
        .send(body);
    },
  );
};

export type TRegisterMarketDeps = {
  database: TDatabase;
  log?: FastifyBaseLogger;
  prices?: Partial<TPriceOptions>;
};

/**
 * Creates the price service, exposes it as app.market and registers GET /api/market. The
 * refresher is not started here: buildApp starts it on ready (background jobs) and stops it on
 * close; an onClose hook here also stops it, so a forgotten stop cannot leak a timer.
 */
export async function registerMarket(app: FastifyInstance, deps: TRegisterMarketDeps): Promise<MarketService> {
  const market = new MarketService({ database: deps.database, log: deps.log ?? app.log, prices: deps.prices });
  app.decorate('market', market);
  app.addHook('onClose', async () => market.stop());
  await app.register(marketRoutes, { market });
  return market;
}
