import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '#server/db/client.js';
import { sanctionsEntries, sanctionsLists } from '#server/db/schema/sanctions.js';
import { openTestDatabase } from '#test/helpers/test-app.js';
import { loadShippedListIfNone, OFAC_LIST_NAME } from './lists.js';

/** The shipped copy is in force from the first start (docs/decisions/075), once; PGlite and PostgreSQL. */
describe('the shipped sanctions list', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('is loaded when no published list was ever loaded, and never again', async () => {
    const first = await loadShippedListIfNone(database.db, new Date('2026-11-29T10:00:00Z'));
    expect(first).toMatchObject({ name: OFAC_LIST_NAME, listDate: '2024-09-27', superseded: 0 });
    expect(first!.addresses).toBeGreaterThan(600);
    expect(first!.names).toBeGreaterThan(6000);
    const [{ entries } = { entries: 0 }] = await database.db
      .select({ entries: count() })
      .from(sanctionsEntries)
      .where(eq(sanctionsEntries.listId, first!.listId));
    expect(entries).toBeGreaterThan(6600);

    expect(await loadShippedListIfNone(database.db, new Date('2026-11-30T10:00:00Z'))).toBeNull();
    expect(
      await database.db.select({ id: sanctionsLists.id }).from(sanctionsLists).where(eq(sanctionsLists.kind, 'published')),
    ).toHaveLength(1);
  });
});
