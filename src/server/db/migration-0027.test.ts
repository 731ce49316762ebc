import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTxKeyOf, payoutReferenceKeyOf } from '#shared/transaction-id.js';
import { openDatabaseMigratedUpTo } from '#test/helpers/migrations.js';

/**
 * Migration 0027 (issue 28 point 1, docs/decisions/036) on a database of before: payment keys that
 * a cancelled order and a later one share, and payout references two orders share, are kept by the
 * oldest order and reported for the others, so that the unique indexes can be built; the keys are
 * those the TypeScript computes.
 */
describe('migration 0027 (references claimed for ever, checks, transitions)', () => {
  let opened: Awaited<ReturnType<typeof openDatabaseMigratedUpTo>>;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await opened.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  let minute = 0;

  async function insertOrder(order: { type: 'buy' | 'sell'; status: string; txKey?: string; payoutReference?: string }): Promise<number> {
    minute += 1;
    const quoteId = `q-0027-${minute}`;
    await opened.database.db.execute(sql`
      INSERT INTO quotes (id, user_id, coin_symbol, side, fiat_currency, amount_fiat, amount_usd, amount_crypto, unit_price_usd, base_usd, ghs_rate, fee_percentage, fee_usd, expires_at)
      VALUES (${quoteId}, 'legacy-user', 'btc', ${order.type}, 'USD', '5', '5', '0.0001', '50000', '48000', '11.5', '2.5', '0.12', now())`);
    const [row] = await rows<{ id: number }>(sql`
      INSERT INTO orders (user_id, quote_id, type, coin_symbol, amount_crypto, amount_fiat, fiat_currency, amount_usd, unit_price_usd, ghs_rate, payment_method, payment_tx_id, payment_tx_key, payout_reference, status, created_at)
      VALUES ('legacy-user', ${quoteId}, ${order.type}, 'btc', '0.0001', '5', 'USD', '5', '50000', '11.5', 'MTN MoMo', ${order.txKey ?? null}, ${order.txKey ?? null},
        ${order.payoutReference ?? null}, ${order.status}, now() - make_interval(mins => ${1000 - minute}))
      RETURNING id`);
    return Number(row!.id);
  }

  beforeAll(async () => {
    opened = await openDatabaseMigratedUpTo({ before: '0027_order_controls' });
    await opened.database.db.execute(
      sql`INSERT INTO users (id, name, email) VALUES ('legacy-user', 'Legacy Customer', 'legacy@example.com')`,
    );
  });
  afterAll(async () => {
    await opened.close();
  });

  it('keeps each shared key on the oldest order, reports the others, then claims keys for ever', async () => {
    const hash = 'ab'.repeat(32);
    const cancelledFirst = await insertOrder({ type: 'buy', status: 'cancelled', txKey: '4818937046' });
    const reusedAfter = await insertOrder({ type: 'buy', status: 'payment_submitted', txKey: '4818937046' });
    const paidFirst = await insertOrder({ type: 'buy', status: 'completed', txKey: '5550001', payoutReference: hash });
    const paidAgain = await insertOrder({ type: 'buy', status: 'completed', txKey: '5550002', payoutReference: `0x${hash.toUpperCase()}` });
    const sellPaid = await insertOrder({ type: 'sell', status: 'completed', txKey: 'cd'.repeat(32), payoutReference: 'MP-0012 3456' });

    await opened.migrateRest();

    const keys = new Map(
      (
        await rows<{ id: number; payment_tx_key: string | null; payout_reference_key: string | null }>(
          sql`SELECT id, payment_tx_key, payout_reference_key FROM orders`,
        )
      ).map((row) => [Number(row.id), row]),
    );
    expect(keys.get(cancelledFirst)?.payment_tx_key).toBe('4818937046');
    expect(keys.get(reusedAfter)?.payment_tx_key).toBe(`4818937046#${reusedAfter}`);
    expect(keys.get(paidFirst)?.payout_reference_key).toBe(payoutReferenceKeyOf('buy', hash));
    expect(keys.get(paidAgain)?.payout_reference_key).toBe(`${payoutReferenceKeyOf('buy', `0x${hash}`)}#${paidAgain}`);
    expect(keys.get(sellPaid)?.payout_reference_key).toBe(payoutReferenceKeyOf('sell', 'MP-0012 3456'));
    expect(payoutReferenceKeyOf('sell', 'MP-0012 3456')).toBe(paymentTxKeyOf('bank', 'MP00123456'));

    const reported = await rows<{ action: string; target_id: string; after: { sameKeyAsOrder: number } }>(
      sql`SELECT action, target_id, after FROM audit_log WHERE action IN ('order.payment_tx_duplicate', 'order.payout_reference_duplicate') ORDER BY id`,
    );
    expect(reported.map((r) => [r.action, Number(r.target_id), Number(r.after.sameKeyAsOrder)])).toEqual([
      ['order.payment_tx_duplicate', reusedAfter, cancelledFirst],
      ['order.payout_reference_duplicate', paidAgain, paidFirst],
    ]);

    // Afterwards: a cancelled order's key is not free, and a completed order does not move back.
    await expect(insertOrder({ type: 'buy', status: 'awaiting_payment', txKey: '4818937046' })).rejects.toThrow();
    await expect(opened.database.db.execute(sql`UPDATE orders SET status = 'awaiting_payment' WHERE id = ${paidFirst}`)).rejects.toThrow();
  });
});
