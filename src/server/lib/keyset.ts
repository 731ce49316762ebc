import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Reading a long list batch by batch without OFFSET (the CSV exports, docs/decisions/015): each
 * batch starts after the sort key and id of the last row of the one before, so every batch costs
 * the same, and a row added or removed meanwhile shifts nothing (no row twice, none skipped).
 */
export type TKeysetOrder = {
  /** What the list is sorted by. Never null: a nullable column is coalesced to where PostgreSQL puts its nulls. */
  key: SQL | AnyColumn;
  /** The key's SQL type, to read its text back in the next batch's condition. */
  type: 'timestamptz' | 'text' | 'numeric' | 'integer';
  /** The unique tie-breaker, sorted the same way. */
  id: AnyColumn;
  dir: 'asc' | 'desc';
};

export type TKeysetCursor = { key: string; id: string | number };

export function keyset(order: TKeysetOrder) {
  const direction = order.dir === 'asc' ? asc : desc;
  const after = order.dir === 'asc' ? sql`>` : sql`<`;
  return {
    orderBy: [direction(order.key), direction(order.id)],
    /** Select this as the row's cursor key (the key as text: exact for timestamps and decimals). */
    cursorKey: sql<string>`(${order.key})::text`,
    /** The rows that come after `cursor` in this order. */
    after: (cursor: TKeysetCursor): SQL =>
      sql`(${order.key}, ${order.id}) ${after} (cast(${cursor.key} as ${sql.raw(order.type)}), ${cursor.id})`,
  };
}

/** Timestamps sort with their nulls where PostgreSQL puts them (last ascending, first descending). */
export function nullsAsInfinity(column: AnyColumn): SQL {
  return sql`coalesce(${column}, 'infinity'::timestamptz)`;
}

export const EXPORT_BATCH_SIZE = 500;

/**
 * Batches of a query read one after the other: `readBatch(after, limit)` reads up to `limit` rows
 * after the condition (none for the first), `cursorOf(row)` says where the last row was. Stops at
 * the first short batch. Nothing is read until the caller asks for the next batch.
 */
export async function* readInBatches<TRow>(
  readBatch: (after: SQL | undefined, limit: number) => Promise<TRow[]>,
  cursorOf: (row: TRow) => SQL,
  size = EXPORT_BATCH_SIZE,
): AsyncGenerator<TRow[]> {
  let after: SQL | undefined;
  for (;;) {
    const rows = await readBatch(after, size);
    const last = rows.at(-1);
    if (last !== undefined) yield rows;
    if (last === undefined || rows.length < size) return;
    after = cursorOf(last);
  }
}
