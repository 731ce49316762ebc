import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  CHAIN_WATCH_MSG,
  TRON_CONTRACT,
  ZChainNetwork,
  ZChainNetworkParams,
  ZChainNetworks,
  ZChainNetworkUpdate,
  type TChainNetwork,
  type TChainNetworkUpdate,
} from '#shared/contracts/chain-watch.js';
import type { TDb } from '#server/db/client.js';
import { chainNetworks } from '#server/db/schema/chain.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import { CHAIN_FAMILY, WATCHED_NETWORKS, type TChainWatchOptions, type TWatchedNetwork } from '#server/lib/chain-options.js';
import { actorOf, type TActor } from '#server/plugins/access.js';
import { networkRow } from './service.js';

/**
 * The chain watchers' settings (docs/decisions/058): endpoint, confirmations and tokens per network,
 * with where the watcher got to. Settings area (Super Admins). Confirmations decide when coins
 * count as received, so every change is audited; the endpoint's URL (it may hold a provider's key)
 * is neither sent back nor audited, only its host.
 */
export type TChainWatchRouteDeps = { db: TDb; options: TChainWatchOptions };

const hostOf = (url: string | null) => (url ? new URL(url).host : null);

function toNetwork(row: typeof chainNetworks.$inferSelect, options: TChainWatchOptions): TChainNetwork {
  return {
    network: row.network,
    rpcHost: hostOf(row.rpcUrl),
    hasEnvEndpoint: Boolean(options.rpcUrls[row.network as TWatchedNetwork]),
    requiredConfirmations: row.requiredConfirmations,
    tokens: row.tokens,
    lastBlock: row.lastBlock,
    headBlock: row.headBlock,
    polledAt: row.polledAt?.toISOString() ?? null,
    lastError: row.lastError,
  };
}

export async function updateChainNetwork(
  deps: TChainWatchRouteDeps,
  actor: TActor,
  network: TWatchedNetwork,
  input: TChainNetworkUpdate,
  ip: string,
) {
  // A token's contract as its network writes it: T… on TRON, 0x… on the EVM networks.
  const usdt = input.tokens?.USDT.contract;
  if (usdt !== undefined && TRON_CONTRACT.test(usdt) !== (CHAIN_FAMILY[network] === 'trongrid')) {
    const message = CHAIN_FAMILY[network] === 'trongrid' ? CHAIN_WATCH_MSG.tronContractInvalid : CHAIN_WATCH_MSG.contractInvalid;
    throw new AppError('VALIDATION', message, { fields: { 'tokens.USDT.contract': message } });
  }
  return deps.db.transaction(async (tx) => {
    const before = await networkRow(tx, deps.options, network);
    const [after] = await tx
      .update(chainNetworks)
      .set({
        requiredConfirmations: input.requiredConfirmations,
        ...(input.rpcUrl !== undefined ? { rpcUrl: input.rpcUrl } : {}),
        ...(input.tokens ? { tokens: input.tokens } : {}),
        updatedAt: new Date(),
      })
      .where(eq(chainNetworks.network, network))
      .returning();
    const audited = (row: typeof before) => ({
      rpcHost: hostOf(row.rpcUrl),
      requiredConfirmations: row.requiredConfirmations,
      tokens: row.tokens,
    });
    await writeAudit(tx, {
      actor,
      action: 'chain_watch.settings',
      targetType: 'chain_network',
      targetId: network,
      before: audited(before),
      after: audited(after!),
      ip,
    });
    return toNetwork(after!, deps.options);
  });
}

export const chainWatchRoutes: FastifyPluginAsyncZod<TChainWatchRouteDeps> = async (app, deps) => {
  const access = { area: 'settings' } as const;
  const tags = ['admin'];
  app.get('/api/admin/chain-networks', { config: { access }, schema: { tags, response: { 200: ZChainNetworks } } }, async () => ({
    networks: await Promise.all(
      WATCHED_NETWORKS.map(async (network) => toNetwork(await networkRow(deps.db, deps.options, network), deps.options)),
    ),
  }));
  app.put(
    '/api/admin/chain-networks/:network',
    { config: { access }, schema: { tags, params: ZChainNetworkParams, body: ZChainNetworkUpdate, response: { 200: ZChainNetwork } } },
    async (request) => updateChainNetwork(deps, actorOf(request), request.params.network, request.body, request.ip),
  );
};
