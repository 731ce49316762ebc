/*
 * The sanctions lists (docs/decisions/075-sanctions-screening.md): loading a published list from
 * a file (`npm run sanctions:load -- FILE`, commands/sanctions-load.ts) and the operator's own
 * list (routes.ts). The shipped copy is lists/ofac-sdn-2024-09-27.json in this folder.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TDb } from '#server/db/client.js';
import { sanctionsEntries, sanctionsLists } from '#server/db/schema/sanctions.js';
import { writeAudit } from '#server/lib/audit.js';
import { normalizeAddress, normalizeName } from './matching.js';
import { rescreenAll } from './screening.js';

/** The name the published OFAC list is loaded under (a newer file of the same name supersedes it). */
export const OFAC_LIST_NAME = 'OFAC SDN list';

export type TParsedList = {
  name: string;
  source: string;
  listDate: string;
  addresses: { value: string; ref: string | null }[];
  names: { value: string; ref: string | null }[];
};

export class SanctionsFileError extends Error {}

/**
 * The copy shipped with the product (decision 075), beside this file in the sources and beside
 * the bundle in dist/server (scripts/build-server.mjs copies the folder).
 */
export const SHIPPED_LIST_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lists', 'ofac-sdn-2024-09-27.json');

/**
 * Loads the shipped copy when no published list was ever loaded (a new installation, or one from
 * before screening): screening works from the first start, and `npm run sanctions:load` brings a
 * newer file. Answers null when a published list is there already (superseded or not).
 */
export async function loadShippedListIfNone(db: TDb, now: Date, file = SHIPPED_LIST_PATH): Promise<TLoadResult | null> {
  const [loaded] = await db.select({ id: sanctionsLists.id }).from(sanctionsLists).where(eq(sanctionsLists.kind, 'published')).limit(1);
  if (loaded) return null;
  const bytes = readFileSync(file);
  return loadSanctionsList(db, bytes, parseSanctionsFile(bytes.toString('utf8'), path.basename(file)), now);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads a list file. Three shapes:
 * - ours (`format: 'cedicrypto-sanctions-list/1'`: name, source, listDate, addresses [{value, coin}],
 *   names [{value, ref}]), as lists/ofac-sdn-2024-09-27.json;
 * - the per-coin files of github.com/0xB10C/ofac-sanctioned-digital-currency-addresses:
 *   sanctioned_addresses_<COIN>.json (an array of address strings) or .txt (one a line), whose
 *   list date the operator gives (`--date`), the coin taken from the file name.
 */
export function parseSanctionsFile(text: string, fileName: string, options: { date?: string; source?: string } = {}): TParsedList {
  const coin = /sanctioned_addresses_([A-Z0-9]+)\.(json|txt)$/i.exec(fileName)?.[1]?.toUpperCase() ?? null;
  const plain = (values: unknown[]): TParsedList => {
    if (!options.date || !DATE.test(options.date))
      throw new SanctionsFileError('A plain address file needs --date YYYY-MM-DD (the date of the list it was taken from).');
    const addresses = values.map((value) => {
      if (typeof value !== 'string' || value.trim() === '') throw new SanctionsFileError('Every address must be a non-empty string.');
      return { value: value.trim(), ref: coin };
    });
    return {
      // One list per coin: loading the XBT file replaces the previous XBT file, not the other coins.
      name: coin ? `${OFAC_LIST_NAME} (${coin})` : OFAC_LIST_NAME,
      source:
        options.source ??
        `OFAC SDN digital currency addresses (${fileName}, as extracted by github.com/0xB10C/ofac-sanctioned-digital-currency-addresses)`,
      listDate: options.date,
      addresses,
      names: [],
    };
  };
  if (fileName.endsWith('.txt')) return plain(text.split(/\r?\n/).filter((line) => line.trim() !== ''));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SanctionsFileError('The file is neither JSON nor a .txt list of addresses.');
  }
  if (Array.isArray(parsed)) return plain(parsed);
  const file = parsed as Record<string, unknown>;
  if (file.format !== 'cedicrypto-sanctions-list/1')
    throw new SanctionsFileError('Unknown list format: expected "cedicrypto-sanctions-list/1" or an array of addresses.');
  if (typeof file.name !== 'string' || !file.name.trim()) throw new SanctionsFileError('The list has no name.');
  if (typeof file.source !== 'string' || !file.source.trim()) throw new SanctionsFileError('The list has no source.');
  if (typeof file.listDate !== 'string' || !DATE.test(file.listDate))
    throw new SanctionsFileError('The list has no listDate (YYYY-MM-DD).');
  const entries = (key: 'addresses' | 'names', refKey: 'coin' | 'ref') => {
    const list = file[key] ?? [];
    if (!Array.isArray(list)) throw new SanctionsFileError(`"${key}" must be an array.`);
    return list.map((item: unknown) => {
      const entry = item as Record<string, unknown>;
      if (typeof entry?.value !== 'string' || entry.value.trim() === '')
        throw new SanctionsFileError(`Every entry of "${key}" needs a value.`);
      const ref = entry[refKey];
      return { value: entry.value.trim(), ref: typeof ref === 'string' ? ref : null };
    });
  };
  return {
    name: file.name.trim(),
    source: file.source.trim(),
    listDate: file.listDate,
    addresses: entries('addresses', 'coin'),
    names: entries('names', 'ref'),
  };
}

export type TLoadResult = {
  listId: number;
  name: string;
  listDate: string;
  sha256: string;
  addresses: number;
  names: number;
  superseded: number;
  rescreen: Awaited<ReturnType<typeof rescreenAll>>;
};

/**
 * Loads a list: the list row (source, date, loaded_at, SHA-256 of the file), its entries in their
 * compared form, the older lists of the same name superseded (their entries removed) in the same
 * transaction; then every customer and open order rescreened against the new list.
 * A file with the SHA-256 of the list in force is refused (loaded already).
 */
export async function loadSanctionsList(db: TDb, bytes: Buffer, list: TParsedList, now: Date): Promise<TLoadResult> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const entryCount = list.addresses.length + list.names.length;
  const { listId, superseded } = await db.transaction(async (tx) => {
    const [same] = await tx
      .select({ id: sanctionsLists.id })
      .from(sanctionsLists)
      .where(and(eq(sanctionsLists.sha256, sha256), isNull(sanctionsLists.supersededAt)));
    if (same) throw new SanctionsFileError(`This file is loaded already (list ${same.id}, SHA-256 ${sha256}).`);
    const [row] = await tx
      .insert(sanctionsLists)
      .values({ kind: 'published', name: list.name, source: list.source, listDate: list.listDate, sha256, entryCount, loadedAt: now })
      .returning({ id: sanctionsLists.id });
    const id = row!.id;
    const values = [
      ...list.addresses.map((entry) => ({
        listId: id,
        kind: 'address' as const,
        value: entry.value,
        normalized: normalizeAddress(entry.value),
        ref: entry.ref,
      })),
      ...list.names
        .map((entry) => ({ listId: id, kind: 'name' as const, value: entry.value, normalized: normalizeName(entry.value), ref: entry.ref }))
        .filter((entry) => entry.normalized !== ''),
    ].map((entry) => ({ ...entry, createdAt: now }));
    for (let start = 0; start < values.length; start += 1000) await tx.insert(sanctionsEntries).values(values.slice(start, start + 1000));
    const older = await tx
      .update(sanctionsLists)
      .set({ supersededAt: now })
      .where(
        and(
          eq(sanctionsLists.kind, 'published'),
          eq(sanctionsLists.name, list.name),
          ne(sanctionsLists.id, id),
          isNull(sanctionsLists.supersededAt),
        ),
      )
      .returning({ id: sanctionsLists.id });
    for (const old of older) await tx.delete(sanctionsEntries).where(eq(sanctionsEntries.listId, old.id));
    await writeAudit(tx, {
      actor: null,
      action: 'sanctions.list_load',
      targetType: 'sanctions_list',
      targetId: id,
      after: {
        name: list.name,
        source: list.source,
        listDate: list.listDate,
        sha256,
        addresses: list.addresses.length,
        names: list.names.length,
        superseded: older.map((old) => old.id),
      },
    });
    return { listId: id, superseded: older.length };
  });
  const rescreen = await rescreenAll(db, 'list_loaded', now, { listIds: [listId] });
  return {
    listId,
    name: list.name,
    listDate: list.listDate,
    sha256,
    addresses: list.addresses.length,
    names: list.names.length,
    superseded,
    rescreen,
  };
}

/** The lists, newest first, with how many entries each holds now. */
export async function listSanctionsLists(db: TDb) {
  const rows = await db
    .select({
      id: sanctionsLists.id,
      kind: sanctionsLists.kind,
      name: sanctionsLists.name,
      source: sanctionsLists.source,
      listDate: sanctionsLists.listDate,
      sha256: sanctionsLists.sha256,
      loadedAt: sanctionsLists.loadedAt,
      supersededAt: sanctionsLists.supersededAt,
      // Qualified by hand: inside the subquery a bare "id" would be the entry's.
      entries:
        sql<number>`(select count(*)::int from ${sanctionsEntries} where ${sanctionsEntries.listId} = "sanctions_lists"."id")`.mapWith(
          Number,
        ),
    })
    .from(sanctionsLists)
    .orderBy(sql`${sanctionsLists.id} desc`);
  return rows.map((row) => ({ ...row, loadedAt: row.loadedAt.toISOString(), supersededAt: row.supersededAt?.toISOString() ?? null }));
}

/** The operator's list row, created on first use. */
async function operatorListId(db: TDb, now: Date): Promise<number> {
  await db
    .insert(sanctionsLists)
    .values({ kind: 'operator', name: 'Operator list', source: 'Entries added by the compliance desk', loadedAt: now })
    .onConflictDoNothing();
  const [row] = await db.select({ id: sanctionsLists.id }).from(sanctionsLists).where(eq(sanctionsLists.kind, 'operator'));
  return row!.id;
}

export async function listOperatorEntries(db: TDb) {
  const rows = await db
    .select({
      id: sanctionsEntries.id,
      kind: sanctionsEntries.kind,
      value: sanctionsEntries.value,
      ref: sanctionsEntries.ref,
      addedBy: sanctionsEntries.addedBy,
      createdAt: sanctionsEntries.createdAt,
    })
    .from(sanctionsEntries)
    .innerJoin(sanctionsLists, eq(sanctionsLists.id, sanctionsEntries.listId))
    .where(eq(sanctionsLists.kind, 'operator'))
    .orderBy(asc(sanctionsEntries.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * Adds an entry to the operator's list, audited, then screens every customer and open order
 * against it (an alert per hit, as for a loaded list).
 */
export async function addOperatorEntry(
  db: TDb,
  call: { actor: { id: string; email: string }; ip: string | null },
  entry: { kind: 'address' | 'name'; value: string; ref?: string | undefined },
  now: Date,
) {
  const listId = await operatorListId(db, now);
  const value = entry.value.trim();
  const normalized = entry.kind === 'address' ? normalizeAddress(value) : normalizeName(value);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(sanctionsEntries)
      .values({ listId, kind: entry.kind, value, normalized, ref: entry.ref?.trim() || null, addedBy: call.actor.id, createdAt: now })
      .returning();
    await writeAudit(tx, {
      actor: call.actor,
      action: 'sanctions.operator_entry_add',
      targetType: 'sanctions_entry',
      targetId: inserted!.id,
      after: { kind: entry.kind, value, ref: inserted!.ref },
      ip: call.ip,
    });
    return inserted!;
  });
  const rescreen = await rescreenAll(db, 'operator_entry', now, { entryIds: [row.id] });
  return {
    entry: { id: row.id, kind: row.kind, value: row.value, ref: row.ref, addedBy: row.addedBy, createdAt: row.createdAt.toISOString() },
    hits: rescreen.nameHits + rescreen.addressHits,
  };
}

/** Removes an operator entry (alerts it raised stay), audited; false when there is no such entry. */
export async function removeOperatorEntry(
  db: TDb,
  call: { actor: { id: string; email: string }; ip: string | null },
  id: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(sanctionsEntries)
      .where(
        and(
          eq(sanctionsEntries.id, id),
          sql`${sanctionsEntries.listId} in (select ${sanctionsLists.id} from ${sanctionsLists} where ${sanctionsLists.kind} = 'operator')`,
        ),
      )
      .returning();
    if (!removed) return false;
    await writeAudit(tx, {
      actor: call.actor,
      action: 'sanctions.operator_entry_remove',
      targetType: 'sanctions_entry',
      targetId: id,
      before: { kind: removed.kind, value: removed.value, ref: removed.ref },
      ip: call.ip,
    });
    return true;
  });
}
