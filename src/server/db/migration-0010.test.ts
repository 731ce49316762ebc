import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseMigratedUpTo } from '#test/helpers/migrations.js';
import type { TDatabase } from './client.js';

/**
 * Migration 0010 (docs/decisions/014) on a database with orders and coin addresses of before:
 * every coin's one address becomes the deposit address of its network (a USDT one of the network
 * its format shows), orders get their cedi amount and their history as events.
 */
describe('migration 0010 (the order lifecycle)', () => {
  let database: TDatabase;
  let opened: Awaited<ReturnType<typeof openDatabaseMigratedUpTo>>;

  beforeAll(async () => {
    opened = await openDatabaseMigratedUpTo('0009_rate_limit_counters');
    database = opened.database;
  });
  afterAll(async () => {
    await opened.close();
  });

  async function rows<T>(query: SQL): Promise<T[]> {
    return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  it('moves each coin address to its network, and gives old orders their cedi amount and their events', async () => {
    await database.db.execute(sql`
      INSERT INTO coins (symbol, name, wallet_address, sort_order) VALUES
        ('btc', 'Bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 1),
        ('usdt', 'Tether', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 2),
        ('eth', 'Ethereum', '0x52908400098527886E0F7030069857D2E4169EE7', 3),
        ('xrp', 'XRP', NULL, 4),
        ('ltc', 'Litecoin', '', 5)`);
    await database.db.execute(
      sql`INSERT INTO users (id, name, email) VALUES ('old', 'Old Customer', 'old@example.com'), ('staff', 'Staff', 'staff@example.com')`,
    );
    const order = async (type: 'buy' | 'sell', currency: 'GHS' | 'USD', amount: string, status: string, decided: boolean) => {
      const quoteId = `q-${type}-${currency}-${status}`;
      await database.db.execute(sql`
        INSERT INTO quotes (id, user_id, coin_symbol, side, fiat_currency, amount_fiat, amount_usd, amount_crypto, unit_price_usd, base_usd, ghs_rate, fee_percentage, fee_usd, expires_at)
        VALUES (${quoteId}, 'old', 'btc', ${type}, ${currency}, ${amount}, '5', '0.0001', '50000', '48000', '11.6421', '2.5', '0.12', now())`);
      const result = await database.db.execute(sql`
        INSERT INTO orders (user_id, quote_id, type, coin_symbol, amount_crypto, amount_fiat, fiat_currency, amount_usd, unit_price_usd, ghs_rate, payment_method, payment_tx_id, payment_tx_key, status, decided_at, decided_by)
        VALUES ('old', ${quoteId}, ${type}, 'btc', '0.0001', ${amount}, ${currency}, '5', '50000', '11.6421', 'MTN MoMo', ${`TX${quoteId}`}, ${`tx${quoteId}`}, ${status},
          ${decided ? sql`now()` : null}, ${decided ? 'staff' : null})
        RETURNING id`);
      return Number((result as unknown as { rows: { id: number }[] }).rows[0]?.id);
    };
    const pendingBuy = await order('buy', 'USD', '5.00', 'pending', false);
    const pendingSell = await order('sell', 'GHS', '58.21', 'pending', false);
    const completed = await order('buy', 'GHS', '100.00', 'completed', true);

    await opened.migrateRest();

    const addresses = await rows<{ symbol: string; network: string; address: string }>(
      sql`SELECT c.symbol, d.network, d.address FROM deposit_addresses d JOIN coins c ON c.id = d.coin_id ORDER BY c.symbol`,
    );
    expect(addresses).toEqual([
      { symbol: 'btc', network: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' },
      { symbol: 'eth', network: 'ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
      { symbol: 'usdt', network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    ]);
    const migrated = await rows<{ id: number; status: string; amount_ghs: string }>(
      sql`SELECT id, status, amount_ghs FROM orders ORDER BY id`,
    );
    expect(migrated.map((r) => [Number(r.id), r.status, r.amount_ghs])).toEqual([
      [pendingBuy, 'payment_submitted', '58.21'],
      [pendingSell, 'deposit_submitted', '58.21'],
      [completed, 'completed', '100.00'],
    ]);
    const events = await rows<{ order_id: number; from_status: string | null; to_status: string; actor_kind: string; actor_id: string }>(
      sql`SELECT order_id, from_status, to_status, actor_kind, actor_id FROM order_events ORDER BY order_id, id`,
    );
    expect(events.map((e) => [Number(e.order_id), e.from_status, e.to_status, e.actor_kind, e.actor_id])).toEqual([
      [pendingBuy, null, 'payment_submitted', 'customer', 'old'],
      [pendingSell, null, 'deposit_submitted', 'customer', 'old'],
      [completed, null, 'payment_submitted', 'customer', 'old'],
      [completed, 'payment_submitted', 'completed', 'staff', 'staff'],
    ]);
  });
});
