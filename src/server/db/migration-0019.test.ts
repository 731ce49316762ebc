import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseMigratedUpTo } from '#test/helpers/migrations.js';
import type { TDatabase } from './client.js';

/**
 * Migration 0019 (issue 26 point 5, docs/decisions/024): a customer who already placed an order is
 * past the first one, so the address counts as verified; a customer without an order confirms it
 * first; staff rows are left as they are (an unaccepted invitation stays unverified).
 */
describe('migration 0019 (customers with orders verified)', () => {
  let database: TDatabase;
  let opened: Awaited<ReturnType<typeof openDatabaseMigratedUpTo>>;

  beforeAll(async () => {
    opened = await openDatabaseMigratedUpTo('0018_password_policy');
    database = opened.database;
  });
  afterAll(async () => {
    await opened.close();
  });

  it('marks verified the customers with an order, and only them', async () => {
    await database.db.execute(sql`
      INSERT INTO users (id, name, email, role) VALUES
        ('ordered', 'Ordered', 'ordered@example.com', 'customer'),
        ('legacy', 'Legacy', 'legacy@example.com', NULL),
        ('fresh', 'Fresh', 'fresh@example.com', 'customer'),
        ('invited', 'Invited', 'invited@example.com', 'support')`);
    for (const user of ['ordered', 'legacy']) {
      const quoteId = `q-${user}`;
      await database.db.execute(sql`
        INSERT INTO quotes (id, user_id, coin_symbol, side, fiat_currency, amount_fiat, amount_usd, amount_crypto, unit_price_usd, base_usd, ghs_rate, fee_percentage, fee_usd, expires_at)
        VALUES (${quoteId}, ${user}, 'btc', 'buy', 'USD', '5', '5', '0.0001', '50000', '48000', '11.6421', '2.5', '0.12', now())`);
      await database.db.execute(sql`
        INSERT INTO orders (user_id, quote_id, type, coin_symbol, amount_crypto, amount_fiat, fiat_currency, amount_usd, unit_price_usd, ghs_rate, payment_method, status)
        VALUES (${user}, ${quoteId}, 'buy', 'btc', '0.0001', '5', 'USD', '5', '50000', '11.6421', 'MTN MoMo', 'cancelled')`);
    }
    await opened.migrateRest();
    const rows = (await database.db.execute(sql`SELECT id, email_verified FROM users ORDER BY id`)) as unknown as {
      rows: { id: string; email_verified: boolean }[];
    };
    expect(rows.rows).toEqual([
      { id: 'fresh', email_verified: false },
      { id: 'invited', email_verified: false },
      { id: 'legacy', email_verified: true },
      { id: 'ordered', email_verified: true },
    ]);
  });
});
