import { inArray, isNull, or, type SQL } from 'drizzle-orm';
import { users } from './schema/auth.js';
import type { TDbOrTx } from './client.js';

/**
 * The first row of a query that cannot come back empty: an INSERT or UPDATE ... RETURNING of a row
 * that is there, an aggregate, a row just locked by its id. An empty answer there is a broken
 * invariant (a 500), never a "not found" for the person: where a row may be missing, check for it
 * and answer properly instead.
 */
export function firstOrThrow<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('Expected a row, the query returned none');
  return row;
}

/**
 * A customer's row in users: no role, or better-auth's customer roles. Staff have one of
 * src/shared/permissions.ts's staff roles. One predicate for the customer list, the dashboard's
 * count and legal holds, so they agree on who is a customer.
 */
export const isCustomerRow: SQL = or(isNull(users.role), inArray(users.role, ['customer', 'user']))!;

/** The rows of a raw statement (db.execute), typed: both drivers answer `{ rows }`. */
export async function rowsOf<T>(db: TDbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
