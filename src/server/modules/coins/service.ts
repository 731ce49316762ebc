import { and, asc, eq, inArray } from 'drizzle-orm';
import { ADMIN_MSG, type TAdminCoin, type TCoinUpdate, type TDepositKeyPreview } from '#shared/contracts/admin.js';
import { CHAINS, describeNetworks, networksOf, type TNetworkId } from '#shared/networks.js';
import { isValidAddressOn } from '#shared/wallet-address.js';
import type { TCoinPublic } from '#shared/contracts/orders.js';
import type { TDb, TDbOrTx } from '#server/db/client.js';
import { coinDepositKeys, coins, depositAddresses } from '#server/db/schema/app.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import type { TActor } from '#server/plugins/access.js';
import { DESTINATION_MSG } from '#shared/contracts/destination-changes.js';
import { DEPOSIT_KEY_MSG, KEY_SCHEME, keyFamilyOf } from '#shared/deposit-keys.js';
import { DepositKeyError, parseAccountKey, previewAddresses } from '#server/modules/deposit-keys/derive.js';
import { readCoinKeys, setCoinKey, unusedInARow, type TCoinKey } from '#server/modules/deposit-keys/service.js';

type TCoinRow = typeof coins.$inferSelect;

/** The coins' deposit addresses, by coin id and network. */
async function readAddresses(db: TDbOrTx, coinIds: number[]): Promise<Map<number, Map<string, string>>> {
  const byCoin = new Map<number, Map<string, string>>();
  if (coinIds.length === 0) return byCoin;
  const rows = await db.select().from(depositAddresses).where(inArray(depositAddresses.coinId, coinIds));
  for (const row of rows) {
    const mine = byCoin.get(row.coinId) ?? new Map<string, string>();
    mine.set(row.network, row.address);
    byCoin.set(row.coinId, mine);
  }
  return byCoin;
}

function toCoin(
  row: TCoinRow,
  addresses: Map<string, string> | undefined,
  keys: Map<string, TCoinKey> | undefined,
  gaps: Map<number, number>,
): TAdminCoin {
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    isEnabled: row.isEnabled,
    networks: describeNetworks(row.symbol).map((entry) => {
      const key = keys?.get(entry.network);
      return {
        ...entry,
        depositAddress: addresses?.get(entry.network) ?? null,
        takesKey: keyFamilyOf(entry.network) !== null,
        depositKey: key
          ? { extendedKey: key.extendedKey, fingerprint: key.fingerprint, nextIndex: key.nextIndex, unusedInARow: gaps.get(key.keyId) ?? 0 }
          : null,
      };
    }),
  };
}

async function readCoinsKeys(db: TDbOrTx, coinIds: number[]) {
  const keys = await readCoinKeys(db, coinIds);
  const gaps = await unusedInARow(db, [
    ...new Set([...keys.values()].flatMap((byNetwork) => [...byNetwork.values()].map((key) => key.keyId))),
  ]);
  return { keys, gaps };
}

export async function listCoins(db: TDb): Promise<TAdminCoin[]> {
  const rows = await db.select().from(coins).orderBy(asc(coins.sortOrder), asc(coins.id));
  const ids = rows.map((row) => row.id);
  const addresses = await readAddresses(db, ids);
  const { keys, gaps } = await readCoinsKeys(db, ids);
  return rows.map((row) => toCoin(row, addresses.get(row.id), keys.get(row.id), gaps));
}

/**
 * Where a sell of a coin on one network sends its customer, in the caller's transaction and one
 * statement: the watch-only key its own address is derived from (docs/decisions/056), and the
 * fixed address; each null when none is set.
 */
export async function findDepositDestination(
  db: TDbOrTx,
  coinId: number,
  network: TNetworkId,
): Promise<{ keyId: number | null; address: string | null }> {
  const [row] = await db
    .select({ keyId: coinDepositKeys.keyId, address: depositAddresses.address })
    .from(coins)
    .leftJoin(coinDepositKeys, and(eq(coinDepositKeys.coinId, coins.id), eq(coinDepositKeys.network, network)))
    .leftJoin(depositAddresses, and(eq(depositAddresses.coinId, coins.id), eq(depositAddresses.network, network)))
    .where(eq(coins.id, coinId));
  return { keyId: row?.keyId ?? null, address: row?.address ?? null };
}

/**
 * Reads the coin and checks the deposit addresses of `update` (each for its network, with its
 * checksum; empty removes one): the addresses that change, and which of them set an address,
 * first or replacement (those wait for a second admin: issue 27 point 3, docs/decisions/030 and
 * 035). Removing one is a safety action and applies at once.
 */
export async function checkCoinUpdate(db: TDbOrTx, id: number, update: TCoinUpdate, lock = false) {
  const query = db.select().from(coins).where(eq(coins.id, id));
  const [before] = lock ? await query.for('update') : await query;
  if (!before) throw new AppError('NOT_FOUND', ADMIN_MSG.coinNotFound);
  const addressesBefore = (await readAddresses(db, [before.id])).get(before.id) ?? new Map<string, string>();
  const keysBefore = new Map(
    [...((await readCoinKeys(db, [before.id])).get(before.id) ?? new Map<string, TCoinKey>())].map(([network, key]) => [
      network,
      key.extendedKey,
    ]),
  );

  const errors: Record<string, string> = {};
  const changes: { network: TNetworkId; address: string | null }[] = [];
  for (const [network, value] of Object.entries(update.depositAddresses ?? {}) as [TNetworkId, string | null | undefined][]) {
    if (value === undefined) continue;
    const field = `depositAddresses.${network}`;
    if (!networksOf(before.symbol).some((entry) => entry.network === network)) {
      errors[field] = `${before.name} is not offered on ${CHAINS[network].label}.`;
      continue;
    }
    const address = value?.trim() || null;
    if (address && !isValidAddressOn(before.symbol, network, address)) {
      errors[field] = ADMIN_MSG.invalidDepositAddress(before.name, CHAINS[network].label);
      continue;
    }
    if (address !== (addressesBefore.get(network) ?? null)) changes.push({ network, address });
  }
  // Watch-only keys (issue 32 point 1, docs/decisions/056): checked as the preview checks them.
  const keyChanges: { network: TNetworkId; key: string | null }[] = [];
  for (const [network, value] of Object.entries(update.depositKeys ?? {}) as [TNetworkId, string | null | undefined][]) {
    if (value === undefined) continue;
    const field = `depositKeys.${network}`;
    if (!networksOf(before.symbol).some((entry) => entry.network === network)) {
      errors[field] = `${before.name} is not offered on ${CHAINS[network].label}.`;
      continue;
    }
    if (!keyFamilyOf(network)) {
      errors[field] = DEPOSIT_KEY_MSG.networkHasNoKeys;
      continue;
    }
    const key = value?.trim() || null;
    if (key) {
      try {
        parseAccountKey(network, key);
      } catch (error) {
        if (!(error instanceof DepositKeyError)) throw error;
        errors[field] = error.message;
        continue;
      }
    }
    if (key !== (keysBefore.get(network) ?? null)) keyChanges.push({ network, key });
  }
  const firstError = Object.values(errors)[0];
  if (firstError) throw new AppError('VALIDATION', firstError, { fields: errors });
  const settings = changes.filter((change) => change.address !== null);
  const keySettings = keyChanges.filter((change) => change.key !== null);
  return { before, addressesBefore, changes, settings, keysBefore, keyChanges, keySettings };
}

/**
 * Whether a coin trades, and removing deposit addresses (at once). A deposit address change is
 * high-risk: audited as such, with every network's address before and after.
 */
export async function updateCoin(db: TDb, actor: TActor, id: number, update: TCoinUpdate, ip: string): Promise<TAdminCoin> {
  return db.transaction(async (tx) => {
    const { before, addressesBefore, changes, settings, keysBefore, keyChanges, keySettings } = await checkCoinUpdate(tx, id, update, true);
    // Setting an address or a key goes through a pending change (routes.ts); here only removals are left.
    if (settings.length > 0 || keySettings.length > 0) throw new AppError('CHANGE_STALE', DESTINATION_MSG.stale);
    // Removing a key applies at once, like removing an address: new sells fall back to the fixed address.
    for (const change of keyChanges) await setCoinKey(tx, before.id, change.network, null);

    let after = before;
    if (update.isEnabled !== undefined && update.isEnabled !== before.isEnabled) {
      [after = before] = await tx.update(coins).set({ isEnabled: update.isEnabled }).where(eq(coins.id, before.id)).returning();
    }
    for (const change of changes) {
      if (change.address === null) {
        await tx.delete(depositAddresses).where(and(eq(depositAddresses.coinId, before.id), eq(depositAddresses.network, change.network)));
      } else {
        await tx
          .insert(depositAddresses)
          .values({ coinId: before.id, network: change.network, address: change.address })
          .onConflictDoUpdate({
            target: [depositAddresses.coinId, depositAddresses.network],
            set: { address: change.address, updatedAt: new Date() },
          });
      }
    }
    const addressesAfter = new Map(addressesBefore);
    for (const change of changes) {
      if (change.address === null) addressesAfter.delete(change.network);
      else addressesAfter.set(change.network, change.address);
    }
    const keysAfter = new Map(keysBefore);
    for (const change of keyChanges) keysAfter.delete(change.network);
    if (changes.length > 0 || keyChanges.length > 0 || after.isEnabled !== before.isEnabled) {
      await writeAudit(tx, {
        actor,
        action: changes.length > 0 || keyChanges.length > 0 ? 'coin.wallet_change' : 'coin.update',
        targetType: 'coin',
        targetId: before.symbol,
        before: {
          depositAddresses: Object.fromEntries(addressesBefore),
          ...(keyChanges.length > 0 ? { depositKeys: Object.fromEntries(keysBefore) } : {}),
          isEnabled: before.isEnabled,
        },
        after: {
          depositAddresses: Object.fromEntries(addressesAfter),
          ...(keyChanges.length > 0 ? { depositKeys: Object.fromEntries(keysAfter) } : {}),
          isEnabled: after.isEnabled,
        },
        ip,
      });
    }
    const { keys, gaps } = await readCoinsKeys(tx, [before.id]);
    return toCoin(after, addressesAfter, keys.get(before.id), gaps);
  });
}

/**
 * The coins that trade now, in the order the back-office set, with their networks and whether a
 * deposit address is set on each (a sell needs one; the address is shown only on the order).
 */
export async function listTradableCoins(db: TDb): Promise<TCoinPublic[]> {
  const rows = await db.select().from(coins).where(eq(coins.isEnabled, true)).orderBy(asc(coins.sortOrder), asc(coins.id));
  const addresses =
    rows.length === 0
      ? []
      : await db
          .select({ coinId: depositAddresses.coinId, network: depositAddresses.network })
          .from(depositAddresses)
          .where(
            inArray(
              depositAddresses.coinId,
              rows.map((row) => row.id),
            ),
          );
  // A network with a watch-only key sells without a fixed address (docs/decisions/056).
  const keyed = await readCoinKeys(
    db,
    rows.map((row) => row.id),
  );
  const sellable = new Set([
    ...addresses.map((row) => `${row.coinId}:${row.network}`),
    ...[...keyed].flatMap(([coinId, byNetwork]) => [...byNetwork.keys()].map((network) => `${coinId}:${network}`)),
  ]);
  return rows.map((coin) => ({
    symbol: coin.symbol,
    name: coin.name,
    networks: describeNetworks(coin.symbol).map((entry) => ({ ...entry, canSell: sellable.has(`${coin.id}:${entry.network}`) })),
  }));
}

/**
 * Checks a watch-only key for a coin's network and derives its first three receive addresses
 * (docs/decisions/056); a key that cannot be used is a VALIDATION error saying why (never repeating it).
 */
export async function previewDepositKey(db: TDbOrTx, coinId: number, network: string, extendedKey: string): Promise<TDepositKeyPreview> {
  const [coin] = await db.select().from(coins).where(eq(coins.id, coinId));
  if (!coin) throw new AppError('NOT_FOUND', ADMIN_MSG.coinNotFound);
  const offered = networksOf(coin.symbol).find((entry) => entry.network === network);
  const fail = (message: string) => new AppError('VALIDATION', message, { fields: { extendedKey: message } });
  if (!offered) throw fail(`${coin.name} is not offered on ${network}.`);
  const family = keyFamilyOf(offered.network);
  if (!family) throw fail(DEPOSIT_KEY_MSG.networkHasNoKeys);
  try {
    const key = parseAccountKey(offered.network, extendedKey);
    const scheme = KEY_SCHEME[family];
    return {
      addresses: previewAddresses(key),
      fingerprint: key.fingerprint,
      prefix: key.prefix,
      scheme: `${scheme.path}/0/i, ${scheme.addresses}`,
    };
  } catch (error) {
    if (error instanceof DepositKeyError) throw fail(error.message);
    throw error;
  }
}
