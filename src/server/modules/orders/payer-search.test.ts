import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema/orders.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createOrderTestApp, type TTestApp } from '#test/helpers/test-app.js';
import { payOrder, placeBuyOrder, TEST_BTC_ADDRESS, tierTwoCustomer } from '#test/helpers/orders.js';
import { adminOrderFilter } from './service.js';

/* Issue 27 point 7 (docs/decisions/034): the back-office order search finds orders by the payer's number. */
describe('order search by payer number', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let support: string;

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(TEST_BTC_ADDRESS));
    support = (await t.createStaff('support')).cookie;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const customer = () => tierTwoCustomer(t);

  async function buyPaidFrom(cookie: string, payerNumber?: string) {
    const { id } = await placeBuyOrder(t, cookie, { methodId, amountFiat: '200' });
    await payOrder(t, cookie, id, payerNumber);
    return id;
  }

  const search = async (q: string) => {
    const answer = await t.request({ method: 'GET', url: `/api/admin/orders?q=${encodeURIComponent(q)}&pageSize=100`, cookie: support });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().orders as { id: number }[]).map((o) => o.id).sort((a, b) => a - b);
  };

  it('finds the orders paid from a number, however the number is typed', async () => {
    const first = await customer();
    const second = await customer();
    const a = await buyPaidFrom(first.cookie, '0241234567');
    const b = await buyPaidFrom(second.cookie, '+233 24 123 4567');
    await buyPaidFrom(second.cookie, '0201112222');
    await buyPaidFrom(first.cookie);
    for (const typed of ['0241234567', '241234567', '+233241234567', '233 24 123 4567', '024-123-4567', ' (024) 123 4567 ']) {
      expect(await search(typed), typed).toEqual([a, b]);
    }
    expect(await search('0201112222')).toHaveLength(1);
    // A number nobody paid from finds nothing.
    expect(await search('0549998888')).toEqual([]);
  });

  it('keeps every arm of the search on an index, the number included', async () => {
    const where = await adminOrderFilter(t.database.db, { q: '024 123 4567', status: 'all' });
    await t.database.db.transaction(async (tx) => {
      // With sequential scans priced out, a condition no index serves still scans the table.
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = (await tx.execute(sql`explain ${t.database.db.select({ id: orders.id }).from(orders).where(where)}`)) as {
        rows: Record<string, string>[];
      };
      const text = plan.rows.map((row) => Object.values(row)[0]).join('\n');
      expect(text).not.toMatch(/Seq Scan on orders/);
      for (const index of ['orders_payer_number_key_idx', 'orders_payout_number_key_idx', 'orders_recorded_payer_number_idx']) {
        expect(text, text).toContain(index);
      }
    });
  });
});
