import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MSG, ZAdminCoinList, ZAdminCoinResponse, ZCoinUpdate, ZNumericIdParams } from '#shared/contracts/admin.js';
import { COIN_NETWORKS, isValidWalletAddress } from '#shared/wallet-address.js';
import type { TDb } from '#server/db/client.js';
import { coins } from '#server/db/schema/app.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import { requireActor } from '#server/plugins/access.js';
import { firstOrThrow } from '#server/db/rows.js';

type TRow = typeof coins.$inferSelect;
const toCoin = (row: TRow) => ({
  id: row.id,
  symbol: row.symbol,
  name: row.name,
  isEnabled: row.isEnabled,
  walletAddress: row.walletAddress,
  network: COIN_NETWORKS[row.symbol] ?? '',
});

/** A deposit address is accepted when it is valid on any network the coin is offered on. */
function isValidDepositAddress(symbol: string, address: string): boolean {
  if (symbol === 'usdt') return (['TRC20', 'ERC20', 'BEP20'] as const).some((n) => isValidWalletAddress('usdt', address, n));
  return isValidWalletAddress(symbol, address);
}

/** /admin/coins (super_admin, manager). A wallet address change is high-risk: audited with before and after. */
export const coinRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  const access = { area: 'coins' } as const;

  app.get('/api/admin/coins', { config: { access }, schema: { tags: ['admin'], response: { 200: ZAdminCoinList } } }, async () => ({
    coins: (await db.select().from(coins).orderBy(asc(coins.sortOrder), asc(coins.id))).map(toCoin),
  }));

  app.patch(
    '/api/admin/coins/:id',
    { config: { access }, schema: { tags: ['admin'], params: ZNumericIdParams, body: ZCoinUpdate, response: { 200: ZAdminCoinResponse } } },
    async (request) => {
      const actor = await requireActor(request);
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(coins).where(eq(coins.id, request.params.id)).for('update');
        if (!before) throw new AppError('NOT_FOUND', ADMIN_MSG.coinNotFound);
        const changes: Partial<TRow> = {};
        if (request.body.walletAddress !== undefined) {
          const address = request.body.walletAddress?.trim() || null;
          if (address && !isValidDepositAddress(before.symbol, address)) {
            const message = ADMIN_MSG.invalidWallet(before.name);
            throw new AppError('VALIDATION', message, { fields: { walletAddress: message } });
          }
          changes.walletAddress = address;
        }
        if (request.body.isEnabled !== undefined) changes.isEnabled = request.body.isEnabled;
        if (Object.keys(changes).length === 0) return before;
        const after = firstOrThrow(await tx.update(coins).set(changes).where(eq(coins.id, before.id)).returning());
        await writeAudit(tx, {
          actor,
          action:
            changes.walletAddress !== undefined && changes.walletAddress !== before.walletAddress ? 'coin.wallet_change' : 'coin.update',
          targetType: 'coin',
          targetId: before.symbol,
          before: { walletAddress: before.walletAddress, isEnabled: before.isEnabled },
          after: { walletAddress: after.walletAddress, isEnabled: after.isEnabled },
          ip: request.ip,
        });
        return after;
      });
      request.server.market?.invalidateReference();
      return { coin: toCoin(row) };
    },
  );
};
