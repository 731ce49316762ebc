import { eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { TDbOrTx } from '#server/db/client.js';
import { settings } from '#server/db/schema/app.js';

export type TSettingsRow = typeof settings.$inferSelect;

const readInTransaction = new WeakMap<object, Promise<TSettingsRow | undefined>>();

function read(db: TDbOrTx): Promise<TSettingsRow | undefined> {
  return db
    .select()
    .from(settings)
    .where(eq(settings.id, 1))
    .then(([row]) => row);
}

/**
 * Settings row 1 (undefined before its first save), read once per transaction: placing an order
 * asked for it three times (its window and size, the tier limits, the monitoring rules), each a
 * statement (issue 31 point 1, docs/decisions/046). Inside one transaction every caller gets the
 * row of the first read; outside one (`db`), each call reads. A transaction that writes settings
 * (modules/settings, compliance's settings) reads them its own way, never through this.
 */
export function readSettingsRow(db: TDbOrTx): Promise<TSettingsRow | undefined> {
  if (!(db instanceof PgTransaction)) return read(db);
  let row = readInTransaction.get(db);
  if (!row) {
    row = read(db);
    readInTransaction.set(db, row);
  }
  return row;
}
