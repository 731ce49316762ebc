import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from './client.js';
import { openTestDatabase } from '#test/helpers/test-app.js';

/**
 * PGlite's parsers after lightenParserMerge (db/client.ts, docs/decisions/069): a query's own
 * parsers (Drizzle's, on every query) are merged with none of the instance's own keys, and every
 * value still comes back as before: scalars through Drizzle, arrays through PGlite's own queries.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite parsers merged per query', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('leaves the instance no parsers of its own to copy into each query, and finds them all', () => {
    const pglite = database.pglite!;
    expect(Object.keys(pglite.parsers)).toEqual([]);
    // text[] (1009) is one of the array types PGlite registers at start; int4 (23) a default.
    expect(typeof pglite.parsers[1009]).toBe('function');
    expect(typeof pglite.parsers[23]).toBe('function');
  });

  it('parses every scalar type as before through Drizzle, and arrays in PGlite queries without parsers of their own', async () => {
    const result = (await database.db.execute(
      sql`select 42::int4 as i, 9007199254740993::int8 as big, true as b, '{"a":[1,2]}'::jsonb as j, 12.50::numeric(10,2) as n,
        1.5::float8 as f, '2026-11-29 07:30:00+00'::timestamptz as at, 'x'::text as t`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(result.rows[0]).toEqual({
      i: 42,
      big: 9007199254740993n,
      b: true,
      j: { a: [1, 2] },
      n: '12.50',
      f: 1.5,
      // Drizzle's own parser for timestamps keeps the text (it maps columns itself).
      at: expect.stringMatching(/^2026-11-29 07:30:00(\+00)?$/),
      t: 'x',
    });
    const raw = await database.pglite!.query<{ a: string[]; at: Date }>(
      `select array['a','b']::text[] as a, '2026-11-29 07:30:00+00'::timestamptz as at`,
    );
    expect(raw.rows[0]).toEqual({ a: ['a', 'b'], at: new Date('2026-11-29T07:30:00Z') });
  });
});
