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
