import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from './client.js';
import { afterCommit } from './after-commit.js';
import { openTestDatabase } from '#test/helpers/test-app.js';

/** db/after-commit.ts on the test database (PGlite, or PostgreSQL in the API run). */
describe('afterCommit', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('runs after the COMMIT, in order, and not at all after a rollback', async () => {
    const ran: string[] = [];
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      afterCommit(tx, () => ran.push('first'));
      afterCommit(tx, () => ran.push('second'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['first', 'second']);

    await expect(
      database.db.transaction(async (tx) => {
        afterCommit(tx, () => ran.push('rolled back'));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(ran).toEqual(['first', 'second']);
  });

  it('keeps a savepoint’s callbacks for the outer commit, and drops a rolled-back savepoint’s', async () => {
    const ran: string[] = [];
    await database.db.transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        afterCommit(inner, () => ran.push('savepoint'));
      });
      expect(ran).toEqual([]);
      await tx
        .transaction(async (inner) => {
          afterCommit(inner, () => ran.push('rolled back savepoint'));
          throw new Error('abort the savepoint');
        })
        .catch(() => undefined);
      afterCommit(tx, () => ran.push('outer'));
    });
    expect(ran).toEqual(['savepoint', 'outer']);
  });

  it('runs at once outside a transaction', () => {
    const ran: string[] = [];
    afterCommit(database.db, () => ran.push('now'));
    expect(ran).toEqual(['now']);
  });
});
