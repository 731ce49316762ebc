import { and, eq, inArray, sql } from 'drizzle-orm';
import { GAP_LIMIT, type TKeyFamily } from '#shared/deposit-keys.js';
import type { TNetworkId } from '#shared/networks.js';
import type { TDbOrTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { coinDepositKeys, depositKeys } from '#server/db/schema/app.js';
import { orders } from '#server/db/schema/orders.js';
import { deriveAddress, parseAccountKey, type TAccountKey } from './derive.js';

/**
 * Deposit keys in the database (issue 32 point 1, docs/decisions/056): which key a coin's network
 * uses, the next receive index of each key, and the gap of unpaid addresses the admin page warns
 * about. A parsed key is cached by its text and network (not by row id: a process may open more
 * than one database, as tests do); the cache holds public keys only.
 */
const parsed = new Map<string, TAccountKey>();

function accountKeyOf(network: TNetworkId, extendedKey: string): TAccountKey {
  const cacheKey = `${network}:${extendedKey}`;
  const cached = parsed.get(cacheKey);
  if (cached) return cached;
  const key = parseAccountKey(network, extendedKey);
  if (parsed.size >= 1000) parsed.clear();
  parsed.set(cacheKey, key);
  return key;
}

export type TCoinKey = { keyId: number; family: TKeyFamily; extendedKey: string; fingerprint: string; nextIndex: number };

/** The keys of coins, by coin id and network. */
export async function readCoinKeys(db: TDbOrTx, coinIds: number[]): Promise<Map<number, Map<string, TCoinKey>>> {
  const byCoin = new Map<number, Map<string, TCoinKey>>();
  if (coinIds.length === 0) return byCoin;
  const rows = await db
    .select({
      coinId: coinDepositKeys.coinId,
      network: coinDepositKeys.network,
      keyId: depositKeys.id,
      family: depositKeys.family,
      extendedKey: depositKeys.extendedKey,
      fingerprint: depositKeys.fingerprint,
      nextIndex: depositKeys.nextIndex,
    })
    .from(coinDepositKeys)
    .innerJoin(depositKeys, eq(depositKeys.id, coinDepositKeys.keyId))
    .where(inArray(coinDepositKeys.coinId, coinIds));
  for (const { coinId, network, ...key } of rows) {
    const mine = byCoin.get(coinId) ?? new Map<string, TCoinKey>();
    mine.set(network, key);
    byCoin.set(coinId, mine);
  }
  return byCoin;
}

/**
 * Gives a sell order its own deposit address from key `keyId`, in the order's transaction: the
 * key's counter is raised by one conditional update (its row lock makes concurrent orders take
 * turns until they commit; a rolled-back order gives its index back with the counter), and the
 * index is the value before. orders_deposit_key_index_unique refuses the same key and index on two
 * orders whatever happens. The caller takes it just before inserting the order, to hold the lock briefly.
 */
export async function takeDepositAddress(
  tx: TDbOrTx,
  keyId: number,
  network: TNetworkId,
): Promise<{ keyId: number; index: number; address: string }> {
  const row = firstOrThrow(
    await tx
      .update(depositKeys)
      .set({ nextIndex: sql`${depositKeys.nextIndex} + 1` })
      .where(eq(depositKeys.id, keyId))
      .returning({ id: depositKeys.id, extendedKey: depositKeys.extendedKey, nextIndex: depositKeys.nextIndex }),
  );
  const index = row.nextIndex - 1;
  return { keyId: row.id, index, address: deriveAddress(accountKeyOf(network, row.extendedKey), index) };
}

/**
 * The key's row for `key`, written when new: the same key (by its public key and chain code) set
 * again, on this coin or another, continues its counter, so no index is given twice.
 */
export async function upsertDepositKey(tx: TDbOrTx, key: TAccountKey): Promise<number> {
  const [created] = await tx
    .insert(depositKeys)
    .values({ family: key.family, extendedKey: key.extendedKey, fingerprint: key.fingerprint, identity: key.identity })
    .onConflictDoNothing({ target: [depositKeys.family, depositKeys.identity] })
    .returning({ id: depositKeys.id });
  if (created) return created.id;
  const existing = firstOrThrow(
    await tx
      .select({ id: depositKeys.id })
      .from(depositKeys)
      .where(and(eq(depositKeys.family, key.family), eq(depositKeys.identity, key.identity))),
  );
  return existing.id;
}

/** Puts `keyId` in force for a coin's network, or none (null). */
export async function setCoinKey(tx: TDbOrTx, coinId: number, network: string, keyId: number | null): Promise<void> {
  if (keyId === null) {
    await tx.delete(coinDepositKeys).where(and(eq(coinDepositKeys.coinId, coinId), eq(coinDepositKeys.network, network)));
    return;
  }
  await tx
    .insert(coinDepositKeys)
    .values({ coinId, network, keyId })
    .onConflictDoUpdate({ target: [coinDepositKeys.coinId, coinDepositKeys.network], set: { keyId, updatedAt: new Date() } });
}

/** Statuses of a sell whose address may have had no transaction: waiting, or ended without a hash. */
const UNPAID_STATUSES = ['awaiting_deposit', 'expired', 'cancelled'] as const;

/**
 * How many addresses of each key were given in a row, since the last one that was paid (or from
 * the first), to orders that were not: a wallet app stops looking after GAP_LIMIT of them.
 */
export async function unusedInARow(db: TDbOrTx, keyIds: number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (keyIds.length === 0) return result;
  const unpaid = sql`${orders.status} IN (${sql.join(
    UNPAID_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )}) AND ${orders.paymentTxKey} IS NULL`;
  const rows = await db
    .select({
      keyId: orders.depositKeyId,
      lastPaid: sql<number | null>`max(${orders.depositIndex}) FILTER (WHERE NOT (${unpaid}))`,
      last: sql<number | null>`max(${orders.depositIndex})`,
      given: sql<number>`count(*)`,
    })
    .from(orders)
    .where(inArray(orders.depositKeyId, keyIds))
    .groupBy(orders.depositKeyId);
  for (const row of rows) {
    if (row.keyId === null) continue;
    const lastPaid = row.lastPaid === null ? -1 : Number(row.lastPaid);
    // Indexes are given without holes (a rolled-back order gives its index back), so the run is the difference.
    result.set(row.keyId, Math.max(0, Number(row.last ?? -1) - lastPaid));
  }
  return result;
}

export const isOverGap = (count: number) => count >= GAP_LIMIT;
