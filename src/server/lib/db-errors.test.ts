import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '#server/db/client.js';
import { openTestDatabase } from '#test/helpers/test-app.js';
import { isUniqueViolation } from './db-errors.js';

/** The violation as the driver raised it, through Drizzle (PGlite, or PostgreSQL with DATABASE_URL). */
async function violationOf(database: TDatabase, statement: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await database.db.execute(statement);
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

describe('isUniqueViolation', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`CREATE TABLE probe (id int PRIMARY KEY, code text, note text)`);
    await database.db.execute(sql`CREATE UNIQUE INDEX probe_code_unique ON probe (code)`);
    await database.db.execute(sql`INSERT INTO probe VALUES (1, 'a', 'x')`);
  });
  afterAll(() => database.close());

  it('names the index a duplicate broke, by SQLSTATE 23505 and the constraint name', async () => {
    const error = await violationOf(database, sql`INSERT INTO probe VALUES (2, 'a', 'y')`);
    expect(isUniqueViolation(error, 'probe_code_unique')).toBe(true);
    expect(isUniqueViolation(error, 'probe_pkey')).toBe(false);
    expect(isUniqueViolation(await violationOf(database, sql`INSERT INTO probe VALUES (1, 'b', 'z')`), 'probe_pkey')).toBe(true);
  });

  it('never reads the message: another error that mentions the index is not a unique violation', async () => {
    const error = await violationOf(database, sql`SELECT 1 / 0 AS probe_code_unique`);
    const wrapped = new Error('failed near probe_code_unique', { cause: error });
    expect(isUniqueViolation(wrapped, 'probe_code_unique')).toBe(false);
    const raised = await violationOf(database, sql`DO $$ BEGIN RAISE EXCEPTION 'probe_code_unique is mentioned here'; END $$`);
    expect(isUniqueViolation(raised, 'probe_code_unique')).toBe(false);
  });
});
