import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseMigratedUpTo } from '#test/helpers/migrations.js';
import { isUniqueViolation } from '#server/lib/db-errors.js';
import type { TDatabase } from './client.js';

/**
 * Migration 0013 (docs/decisions/016): a verified phone number belongs to one account. A number
 * verified on several accounts before stays verified on the account that verified it first; the
 * others lose the verification, and the unique index then holds.
 */
describe('migration 0013 (a verified phone belongs to one account)', () => {
  let database: TDatabase;
  let opened: Awaited<ReturnType<typeof openDatabaseMigratedUpTo>>;

  beforeAll(async () => {
    opened = await openDatabaseMigratedUpTo('0012_verification_tiers_compliance');
    database = opened.database;
  });
  afterAll(async () => {
    await opened.close();
  });

  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  it('keeps a number verified on the account that verified it first, and then refuses it on a second', async () => {
    await database.db.execute(sql`
      INSERT INTO users (id, name, email, phone, phone_verified_at) VALUES
        ('u-first', 'First', 'first@example.com', '+233241110001', '2030-01-01T10:00:00Z'),
        ('u-later', 'Later', 'later@example.com', '+233241110001', '2030-02-01T10:00:00Z'),
        ('u-unverified', 'Unverified', 'unverified@example.com', '+233241110001', NULL),
        ('u-other', 'Other', 'other@example.com', '+233241110002', '2030-03-01T10:00:00Z')`);
    await opened.migrateRest();
    expect(await rowsOf(sql`SELECT id, phone, phone_verified_at IS NOT NULL AS verified FROM users ORDER BY id`)).toEqual([
      { id: 'u-first', phone: '+233241110001', verified: true },
      { id: 'u-later', phone: '+233241110001', verified: false },
      { id: 'u-other', phone: '+233241110002', verified: true },
      { id: 'u-unverified', phone: '+233241110001', verified: false },
    ]);
    const refused = await database.db.execute(sql`UPDATE users SET phone_verified_at = now() WHERE id = 'u-later'`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(refused, 'users_verified_phone_unique')).toBe(true);
    const columns = await rowsOf(
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'kyc_submissions' AND column_name = 'nationality'`,
    );
    expect(columns).toHaveLength(1);
  });
});
