import { asc, eq } from 'drizzle-orm';
import { ADMIN_MSG, type TAdminCoin, type TCoinUpdate } from '#shared/contracts/admin.js';
import { COIN_NETWORKS, isValidWalletAddress } from '#shared/wallet-address.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { coins } from '#server/db/schema/app.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import type { TActor } from '#server/plugins/access.js';

type TRow = typeof coins.$inferSelect;

const toCoin = (row: TRow): TAdminCoin => ({
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

export async function listCoins(db: TDb): Promise<TAdminCoin[]> {
  return (await db.select().from(coins).orderBy(asc(coins.sortOrder), asc(coins.id))).map(toCoin);
}

/**
 * Sets a coin's deposit address (checked for its networks; empty removes it) and whether it
 * trades. A wallet address change is high-risk: audited as such, with before and after.
 */
export async function updateCoin(db: TDb, actor: TActor, id: number, update: TCoinUpdate, ip: string): Promise<TAdminCoin> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(coins).where(eq(coins.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND', ADMIN_MSG.coinNotFound);
    const changes: Partial<TRow> = {};
    if (update.walletAddress !== undefined) {
      const address = update.walletAddress?.trim() || null;
      if (address && !isValidDepositAddress(before.symbol, address)) {
        const message = ADMIN_MSG.invalidWallet(before.name);
        throw new AppError('VALIDATION', message, { fields: { walletAddress: message } });
      }
      changes.walletAddress = address;
    }
    if (update.isEnabled !== undefined) changes.isEnabled = update.isEnabled;
    if (Object.keys(changes).length === 0) return before;
    const after = firstOrThrow(await tx.update(coins).set(changes).where(eq(coins.id, before.id)).returning());
    await writeAudit(tx, {
      actor,
      action: changes.walletAddress !== undefined && changes.walletAddress !== before.walletAddress ? 'coin.wallet_change' : 'coin.update',
      targetType: 'coin',
      targetId: before.symbol,
      before: { walletAddress: before.walletAddress, isEnabled: before.isEnabled },
      after: { walletAddress: after.walletAddress, isEnabled: after.isEnabled },
      ip,
    });
    return after;
  });
  return toCoin(row);
}
