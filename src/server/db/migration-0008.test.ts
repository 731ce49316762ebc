import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTxKeyOf } from '#shared/transaction-id.js';
import { openDatabaseMigratedUpTo } from '#test/helpers/migrations.js';
import type { TDatabase } from './client.js';
import { firstOrThrow } from './rows.js';

/**
 * Migration 0008 on a database that already has orders (docs/decisions/009): every order gets
 * the key src/shared/transaction-id.ts would give it, live orders that only look different do not
 * make the migration fail, and they are written to the audit log for staff.
 */

type TLegacyOrder = { id: number; txId: string; status: 'pending' | 'completed' | 'cancelled' };

/** Look-alikes of one id, as customers could type them before 0008 (all accepted then). */
const VARIANTS = [
  'MP-2024 0001',
  'mp20240001',
  'MP2024\u200B0001',
  'MP2024\u00AD0001',
  'MP2024\u00A00001',
  'MP2024\u20100001',
  'MP2024\u20130001',
  'ＭＰ２０２４０００１',
  'MP2024\u20600001',
  '\uFEFFMP20240001',
  'MP2024\u200F0001',
  'MP2024\t0001',
  'MP2024\uFE0F0001',
  'MP2024\u30000001',
  'MP.2024/0001_#',
] as const;

describe('migration 0008 (canonical transaction ids)', () => {
  let database: TDatabase;
  let opened: Awaited<ReturnType<typeof openDatabaseMigratedUpTo>>;
  const placed: TLegacyOrder[] = [];

  async function insertOrder(txId: string, status: TLegacyOrder['status'], minutesAgo: number): Promise<number> {
    const quoteId = `q-${placed.length}`;
    await database.db.execute(sql`
      INSERT INTO quotes (id, user_id, coin_symbol, side, fiat_currency, amount_fiat, amount_usd, amount_crypto, unit_price_usd, base_usd, ghs_rate, fee_percentage, fee_usd, expires_at)
      VALUES (${quoteId}, 'legacy-user', 'btc', 'buy', 'USD', '5', '5', '0.0001', '50000', '48000', '11.5', '2.5', '0.12', now())`);
    const result = await database.db.execute(sql`
      INSERT INTO orders (user_id, quote_id, type, coin_symbol, amount_crypto, amount_fiat, fiat_currency, amount_usd, unit_price_usd, ghs_rate, payment_method, payment_tx_id, status, created_at)
      VALUES ('legacy-user', ${quoteId}, 'buy', 'btc', '0.0001', '5', 'USD', '5', '50000', '11.5', 'MTN MoMo', ${txId}, ${status}, now() - make_interval(mins => ${minutesAgo}))
      RETURNING id`);
    const id = Number(firstOrThrow((result as unknown as { rows: { id: number }[] }).rows).id);
    placed.push({ id, txId, status });
    return id;
  }

  async function rows<T>(query: SQL): Promise<T[]> {
    return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  beforeAll(async () => {
    opened = await openDatabaseMigratedUpTo('0007_two_factor');
    database = opened.database;
    await database.db.execute(sql`INSERT INTO users (id, name, email) VALUES ('legacy-user', 'Legacy Customer', 'legacy@example.com')`);
  });
  afterAll(async () => {
    await opened.close();
  });

  it('keys every order as the shared function does, keeps look-alike live orders and reports them', async () => {
    // Live look-alikes of one payment: the oldest, a later pending one, a completed one.
    const oldest = await insertOrder(VARIANTS[0], 'pending', 300);
    const laterPending = await insertOrder(VARIANTS[1], 'pending', 200);
    const completed = await insertOrder(VARIANTS[2], 'completed', 100);
    // Every other variant on a cancelled order (outside the rule), to compare keys.
    for (const [i, variant] of VARIANTS.slice(3).entries()) await insertOrder(variant, 'cancelled', 50 - i);
    // Other live orders: an on-chain hash, a full-width id, and ids the new rule refuses.
    const hash = await insertOrder('0xABCdef0123', 'pending', 40);
    const fullWidth = await insertOrder('ＴＸ-７７', 'pending', 30);
    const cyrillic = await insertOrder('MP2024\u041E0001', 'pending', 20);
    const greek = await insertOrder('\u039FX-1', 'pending', 10);
    const symbol = await insertOrder('TX+77', 'pending', 5);

    // Migration 0027 (docs/decisions/036) then claims every key for ever: not this test's subject.
    await opened.migrateRest({ before: '0027_order_controls' });

    const stored = new Map(
      (
        await rows<{ id: number; payment_tx_key: string; lowered: string }>(
          sql`SELECT id, payment_tx_key, lower(payment_tx_id) AS lowered FROM orders`,
        )
      ).map((r) => [Number(r.id), r]),
    );
    const keyOf = (id: number) => stored.get(id)!.payment_tx_key;
    // The shared function's key wherever it accepts the id (and the order kept its key).
    for (const order of placed) {
      if ([laterPending, completed, symbol].includes(order.id)) continue;
      // (Migration 0014 then folds keys per rail: these are MTN MoMo buys, leading zeros dropped.)
      const expected = paymentTxKeyOf('mtn', order.txId) ?? stored.get(order.id)!.lowered;
      expect(keyOf(order.id), JSON.stringify(order.txId)).toBe(expected);
    }
    expect(keyOf(oldest)).toBe('mp20240001');
    expect(keyOf(hash)).toBe('xabcdef0123');
    expect(keyOf(fullWidth)).toBe('tx77');
    // Refused now: kept under lower(id), which no new key can equal.
    for (const id of [cyrillic, greek]) expect(keyOf(id)).not.toMatch(/^[a-z0-9]+$/);
    // A symbol is dropped: 'TX+77' is a look-alike of the full-width 'ＴＸ-７７', both live.
    expect(keyOf(symbol)).toBe(`tx77#${symbol}`);
    // Look-alike live orders stay as they are, under '<key>#<id>', and are reported.
    expect(keyOf(laterPending)).toBe(`mp20240001#${laterPending}`);
    expect(keyOf(completed)).toBe(`mp20240001#${completed}`);
    const statuses = await rows<{ id: number; status: string }>(
      sql`SELECT id, status FROM orders WHERE id IN (${laterPending}, ${completed})`,
    );
    // Kept live (migration 0010 then made 'pending' the submitted state of its type).
    expect(statuses.map((r) => r.status).sort()).toEqual(['completed', 'payment_submitted']);
    const reported = await rows<{ target_id: string; actor_id: string | null; after: { paymentTxId: string; sameKeyAsOrder: number } }>(
      sql`SELECT target_id, actor_id, after FROM audit_log WHERE action = 'order.payment_tx_duplicate' ORDER BY target_id::int`,
    );
    expect(reported.map((r) => [Number(r.target_id), r.actor_id, r.after.paymentTxId, r.after.sameKeyAsOrder])).toEqual(
      [
        [laterPending, null, VARIANTS[1], oldest],
        [completed, null, VARIANTS[2], oldest],
        [symbol, null, 'TX+77', fullWidth],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  });

  it('enforces the rule on the key afterwards, for live orders only', async () => {
    const insert = async (txKey: string, status: string) => {
      const quoteId = `q-after-${status}-${placed.length}-${Math.random()}`;
      await database.db.execute(sql`
        INSERT INTO quotes (id, user_id, coin_symbol, side, fiat_currency, amount_fiat, amount_usd, amount_crypto, unit_price_usd, base_usd, ghs_rate, fee_percentage, fee_usd, expires_at)
        VALUES (${quoteId}, 'legacy-user', 'btc', 'buy', 'USD', '5', '5', '0.0001', '50000', '48000', '11.5', '2.5', '0.12', now())`);
      await database.db.execute(sql`
        INSERT INTO orders (user_id, quote_id, type, coin_symbol, amount_crypto, amount_fiat, fiat_currency, amount_usd, unit_price_usd, ghs_rate, payment_method, payment_tx_id, payment_tx_key, status)
        VALUES ('legacy-user', ${quoteId}, 'buy', 'btc', '0.0001', '5', 'USD', '5', '50000', '11.5', 'MTN MoMo', 'MP 2024 0001', ${txKey}, ${status})`);
    };
    await expect(insert('mp20240001', 'payment_submitted')).rejects.toThrow();
    await expect(insert('mp20240001', 'cancelled')).resolves.toBeUndefined();
    await expect(insert('mp20240001', 'expired')).resolves.toBeUndefined();
    await expect(insert('mp20240002', 'payment_submitted')).resolves.toBeUndefined();
  });

  it('migration 0010: pending orders became submitted when they were placed, and every order has its history as events', async () => {
    const legacy = placed.map((order) => order.id);
    const migrated = await rows<{ id: number; status: string; submitted: boolean }>(
      sql`SELECT id, status, submitted_at = created_at AS submitted FROM orders WHERE id IN ${sql.raw(`(${legacy.join(',')})`)}`,
    );
    for (const order of placed) {
      const row = migrated.find((r) => Number(r.id) === order.id);
      expect(row?.status).toBe(order.status === 'pending' ? 'payment_submitted' : order.status);
      expect(row?.submitted).toBe(true);
    }
    const events = await rows<{
      order_id: number;
      from_status: string | null;
      to_status: string;
      actor_kind: string;
      details: { paymentTxId?: string };
    }>(
      sql`SELECT order_id, from_status, to_status, actor_kind, details FROM order_events WHERE order_id IN ${sql.raw(`(${legacy.join(',')})`)}`,
    );
    // Placed and paid at once: one event each, from the customer, with the id they typed.
    expect(events).toHaveLength(placed.length);
    for (const order of placed) {
      const [event] = events.filter((e) => Number(e.order_id) === order.id);
      expect(event).toMatchObject({
        from_status: null,
        to_status: 'payment_submitted',
        actor_kind: 'customer',
        details: { paymentTxId: order.txId },
      });
    }
  });
});
