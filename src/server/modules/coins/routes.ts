import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminCoinList, ZDepositKeyPreview, ZDepositKeyPreviewRequest, ZNumericIdParams } from '#shared/contracts/admin.js';
import { ZCoinRequest, ZCoinResponseWithChange } from '#shared/contracts/destination-changes.js';
import { ZCoinList } from '#shared/contracts/orders.js';
import type { TDb } from '#server/db/client.js';
import { actorOf } from '#server/plugins/access.js';
import { requestDestinationChange, type TDestinationDeps } from '#server/modules/destination-changes/service.js';
import { checkCoinUpdate, listCoins, listTradableCoins, previewDepositKey, updateCoin } from './service.js';

/**
 * /admin/coins (super_admin, manager): deposit addresses, watch-only deposit keys (docs/decisions/056)
 * and which coins trade. Setting an address or a key, the first or a replacement, waits for a second
 * admin (issue 27 point 3, docs/decisions/030 and 035); removing one applies at once.
 */
export const coinRoutes: FastifyPluginAsyncZod<{ db: TDb; destinations: TDestinationDeps }> = async (app, { db, destinations }) => {
  const access = { area: 'coins' } as const;

  // What trades now, for the buy and sell forms and anyone looking (tagged with the orders' routes).
  app.get('/api/coins', { config: { access: 'public' }, schema: { tags: ['orders'], response: { 200: ZCoinList } } }, async () => ({
    coins: await listTradableCoins(db),
  }));

  app.get('/api/admin/coins', { config: { access }, schema: { tags: ['admin'], response: { 200: ZAdminCoinList } } }, async () => ({
    coins: await listCoins(db),
  }));

  // The first receive addresses of a watch-only key the form holds, before it is saved (issue 32
  // point 1, docs/decisions/056): the operator compares them with their wallet app. Nothing is stored.
  app.post(
    '/api/admin/coins/:id/deposit-key-preview',
    {
      config: { access },
      schema: { tags: ['admin'], params: ZNumericIdParams, body: ZDepositKeyPreviewRequest, response: { 200: ZDepositKeyPreview } },
    },
    async (request) => previewDepositKey(db, request.params.id, request.body.network, request.body.extendedKey),
  );

  app.patch(
    '/api/admin/coins/:id',
    {
      config: { access, errors: ['CHANGE_ALREADY_PENDING', 'CHANGE_STALE', 'INVALID_CREDENTIALS', 'CODE_REUSED'] },
      schema: { tags: ['admin'], params: ZNumericIdParams, body: ZCoinRequest, response: { 200: ZCoinResponseWithChange } },
    },
    async (request) => {
      const { code, ...update } = request.body;
      const { before, addressesBefore, settings, keysBefore, keySettings } = await checkCoinUpdate(db, request.params.id, update);
      let pendingChange = null;
      if (settings.length > 0 || keySettings.length > 0) {
        // Addresses and watch-only keys (docs/decisions/056) set in one request wait as one change.
        const held = new Set(settings.map((change) => change.network));
        const heldKeys = new Set(keySettings.map((change) => change.network));
        pendingChange = await requestDestinationChange(destinations, request, {
          kind: 'deposit_address',
          targetId: String(before.id),
          targetLabel: `${before.name} (${before.symbol})`,
          before: {
            depositAddresses: Object.fromEntries([...held].map((network) => [network, addressesBefore.get(network) ?? null])),
            ...(heldKeys.size > 0
              ? { depositKeys: Object.fromEntries([...heldKeys].map((network) => [network, keysBefore.get(network) ?? null])) }
              : {}),
          },
          after: {
            depositAddresses: Object.fromEntries(settings.map((change) => [change.network, change.address])),
            ...(heldKeys.size > 0 ? { depositKeys: Object.fromEntries(keySettings.map((change) => [change.network, change.key])) } : {}),
          },
          code,
        });
        update.depositAddresses = Object.fromEntries(
          Object.entries(update.depositAddresses ?? {}).filter(([network]) => !held.has(network as never)),
        ) as typeof update.depositAddresses;
        update.depositKeys = Object.fromEntries(
          Object.entries(update.depositKeys ?? {}).filter(([network]) => !heldKeys.has(network as never)),
        ) as typeof update.depositKeys;
      }
      const coin = await updateCoin(db, actorOf(request), request.params.id, update, request.ip);
      // Coins and their addresses feed the market answer: it is rebuilt at once.
      request.server.market?.invalidateReference();
      return { coin, pendingChange };
    },
  );
};
