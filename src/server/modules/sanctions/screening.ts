/*
 * Sanctions screening (issue 34 point 2, docs/decisions/075-sanctions-screening.md).
 *
 * What is screened, and when:
 * - a buy's wallet address when the order is placed (orders/place-order.ts, in its transaction);
 * - a sell's deposit sender when the chain watcher knows it (EVM; chain-watch/service.ts through
 *   app.ts, in the deposit's transaction);
 * - the customer's name at sign-up (auth/better-auth.ts, after the account is written) and at KYC
 *   submission (kyc/service.ts, in its transaction);
 * - every customer's name and every open order's wallet address again when a list is loaded
 *   (`npm run sanctions:load`, lists.ts) or the operator adds an entry (routes.ts).
 * Against what: the entries of the lists not superseded (sanctions_lists, sanctions_entries):
 * the published list loaded last under each name, and the operator's own list.
 * How: addresses by their normalised form (matching.ts normalizeAddress), names by the
 * Jaro-Winkler score of their sorted canonical tokens (matching.ts) against the threshold setting
 * `sanctionsNameMatchPercent` (default 90).
 * What a hit does: the `sanctions` monitoring rule (compliance/rules/sanctions.ts) raises its alert
 * (action `hold` by default): on the order, or on the customer (every order of theirs held,
 * compliance/rules.ts orderOnHold). The customer is never told: the order looks like any other
 * held order, and the screening runs the same queries whether or not it finds anything.
 */
import { and, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import { FINAL_STATUSES } from '#shared/contracts/orders.js';
import type { TDb, TTx } from '#server/db/client.js';
import { isCustomerRow } from '#server/db/rows.js';
import { users } from '#server/db/schema/auth.js';
import { orders } from '#server/db/schema/orders.js';
import { sanctionsEntries, sanctionsLists } from '#server/db/schema/sanctions.js';
import { readMonitoringSettings, settingsOnce, type TMoments } from '#server/modules/compliance/monitoring.js';
import { runRules } from '#server/modules/compliance/rules/index.js';
import { NameIndex, normalizeAddress, normalizeName } from './matching.js';

export type TScreenedAt = 'order' | 'deposit' | 'sign_up' | 'kyc' | 'list_loaded' | 'operator_entry';
type TMatch = TMoments['sanctions_matched']['match'];

/** An entry with its list, as screening compares it. */
export type TActiveEntry = {
  id: number;
  kind: 'address' | 'name';
  value: string;
  normalized: string;
  ref: string | null;
  listId: number;
  listName: string;
  listDate: string | null;
};

const entryColumns = {
  id: sanctionsEntries.id,
  kind: sanctionsEntries.kind,
  value: sanctionsEntries.value,
  normalized: sanctionsEntries.normalized,
  ref: sanctionsEntries.ref,
  listId: sanctionsLists.id,
  listName: sanctionsLists.name,
  listDate: sanctionsLists.listDate,
};

/** Customers only: staff accounts are not screened. */

/** The name entries of the lists in force (published lists not superseded, and the operator's). */
export async function activeNameEntries(db: TDb | TTx): Promise<TActiveEntry[]> {
  return db
    .select(entryColumns)
    .from(sanctionsEntries)
    .innerJoin(sanctionsLists, eq(sanctionsLists.id, sanctionsEntries.listId))
    .where(and(eq(sanctionsEntries.kind, 'name'), isNull(sanctionsLists.supersededAt)));
}

/** The name entries scoring at least `threshold` (0..1, above 0) against the name, best first. */
export function matchName(name: string, index: NameIndex<TActiveEntry>, threshold: number): { entry: TActiveEntry; score: number }[] {
  const normalized = normalizeName(name);
  return normalized === '' ? [] : index.match(normalized, threshold);
}

function matchOf(entry: TActiveEntry, screened: string, score: number, at: TScreenedAt): TMatch {
  return {
    subject: entry.kind,
    screened,
    matched: entry.value,
    normalized: entry.normalized,
    ref: entry.ref,
    listName: entry.listName,
    listDate: entry.listDate,
    listId: entry.listId,
    entryId: entry.id,
    score: score.toFixed(3),
    at,
  };
}

/** Raises the sanctions alert of each match (once per order or customer and entry: its dedupe key). */
async function raiseMatches(
  tx: TTx,
  target: { userId: string; orderId: number | null },
  matches: readonly TMatch[],
  now: Date,
): Promise<void> {
  const settings = settingsOnce(tx);
  for (const match of matches) await runRules(tx, 'sanctions_matched', { ...target, match }, now, settings);
}

/**
 * Screens a wallet address of an order (a buy's destination, a deposit's sender), inside the
 * caller's transaction: one indexed lookup, whatever the answer.
 */
export async function screenOrderAddress(
  tx: TTx,
  order: { id: number; userId: string },
  address: string | null | undefined,
  at: TScreenedAt,
  now: Date,
): Promise<number> {
  if (!address?.trim()) return 0;
  const normalized = normalizeAddress(address);
  const entries = await tx
    .select(entryColumns)
    .from(sanctionsEntries)
    .innerJoin(sanctionsLists, eq(sanctionsLists.id, sanctionsEntries.listId))
    .where(and(eq(sanctionsEntries.kind, 'address'), eq(sanctionsEntries.normalized, normalized), isNull(sanctionsLists.supersededAt)));
  await raiseMatches(
    tx,
    { userId: order.userId, orderId: order.id },
    entries.map((entry) => matchOf(entry, address.trim(), 1, at)),
    now,
  );
  return entries.length;
}

/** Screens the sender of a deposit to an order (the chain watcher's, chain-watch/service.ts), inside its transaction. */
export async function screenDepositSender(tx: TTx, orderId: number, sender: string, at: Date): Promise<number> {
  const [order] = await tx.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return order ? screenOrderAddress(tx, order, sender, 'deposit', at) : 0;
}

/** Screens a customer's name inside the caller's transaction (sign-up, KYC): alerts on the customer. */
export async function screenCustomerName(tx: TTx, customer: { userId: string; name: string }, at: TScreenedAt, now: Date): Promise<number> {
  const threshold = (await readMonitoringSettings(tx)).sanctionsNameMatchPercent / 100;
  const hits = matchName(customer.name, new NameIndex(await activeNameEntries(tx)), threshold);
  await raiseMatches(
    tx,
    { userId: customer.userId, orderId: null },
    hits.map((hit) => matchOf(hit.entry, customer.name, hit.score, at)),
    now,
  );
  return hits.length;
}

/**
 * Screens every customer's name and every open order's wallet address against `entries` (a list
 * just loaded, or one operator entry), or against every entry in force when none are given.
 * Matching runs in memory (one NameIndex for all); each hit raises its alert in a transaction of its own.
 */
export async function rescreenAll(
  db: TDb,
  at: TScreenedAt,
  now: Date,
  only?: { listIds?: number[]; entryIds?: number[] },
): Promise<{ customers: number; orders: number; nameHits: number; addressHits: number }> {
  const inScope = and(
    isNull(sanctionsLists.supersededAt),
    only?.listIds ? inArray(sanctionsLists.id, only.listIds.length > 0 ? only.listIds : [-1]) : undefined,
    only?.entryIds ? inArray(sanctionsEntries.id, only.entryIds.length > 0 ? only.entryIds : [-1]) : undefined,
  );
  const entries = await db
    .select(entryColumns)
    .from(sanctionsEntries)
    .innerJoin(sanctionsLists, eq(sanctionsLists.id, sanctionsEntries.listId))
    .where(inScope);
  const names = new NameIndex(entries.filter((entry) => entry.kind === 'name'));
  const addresses = new Map<string, TActiveEntry[]>();
  for (const entry of entries.filter((item) => item.kind === 'address')) {
    addresses.set(entry.normalized, [...(addresses.get(entry.normalized) ?? []), entry]);
  }
  const threshold = (await db.transaction((tx) => readMonitoringSettings(tx))).sanctionsNameMatchPercent / 100;

  const customers = await db.select({ id: users.id, fullName: users.fullName, name: users.name }).from(users).where(isCustomerRow);
  let nameHits = 0;
  for (const customer of customers) {
    const name = customer.fullName || customer.name;
    const hits = names.size > 0 ? matchName(name, names, threshold) : [];
    if (hits.length === 0) continue;
    nameHits += hits.length;
    await db.transaction((tx) =>
      raiseMatches(
        tx,
        { userId: customer.id, orderId: null },
        hits.map((hit) => matchOf(hit.entry, name, hit.score, at)),
        now,
      ),
    );
  }

  const open = await db
    .select({ id: orders.id, userId: orders.userId, walletAddress: orders.walletAddress })
    .from(orders)
    .where(and(isNotNull(orders.walletAddress), notInArray(orders.status, [...FINAL_STATUSES])));
  let addressHits = 0;
  for (const order of open) {
    const matched = addresses.get(normalizeAddress(order.walletAddress ?? ''));
    if (!matched) continue;
    addressHits += matched.length;
    await db.transaction((tx) =>
      raiseMatches(
        tx,
        { userId: order.userId, orderId: order.id },
        matched.map((entry) => matchOf(entry, order.walletAddress ?? '', 1, at)),
        now,
      ),
    );
  }
  return { customers: customers.length, orders: open.length, nameHits, addressHits };
}
