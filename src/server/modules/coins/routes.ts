import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminCoinList, ZAdminCoinResponse, ZCoinUpdate, ZNumericIdParams } from '#shared/contracts/admin.js';
import type { TDb } from '#server/db/client.js';
import { actorOf } from '#server/plugins/access.js';
import { listCoins, updateCoin } from './service.js';

/** /admin/coins (super_admin, manager): deposit addresses and which coins trade. */
export const coinRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  const access = { area: 'coins' } as const;

  app.get('/api/admin/coins', { config: { access }, schema: { tags: ['admin'], response: { 200: ZAdminCoinList } } }, async () => ({
    coins: await listCoins(db),
  }));

  app.patch(
    '/api/admin/coins/:id',
    { config: { access }, schema: { tags: ['admin'], params: ZNumericIdParams, body: ZCoinUpdate, response: { 200: ZAdminCoinResponse } } },
    async (request) => {
      const coin = await updateCoin(db, actorOf(request), request.params.id, request.body, request.ip);
      // Coins and their addresses feed the market answer: it is rebuilt at once.
      request.server.market?.invalidateReference();
      return { coin };
    },
  );
};
