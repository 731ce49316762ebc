import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/auth.js';
import { smsLog } from '#server/db/schema/compliance.js';
import { createLocalStorage } from '#server/lib/storage.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createOrderTestApp, type TTestApp } from '#test/helpers/test-app.js';
import type { TOrderDeps } from './deps.js';
import { expireDueOrders } from './lifecycle.js';
import { approvalBody } from '#test/helpers/orders.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/*
 * Order SMS (issue 18): created, completed, cancelled and expired, written in the transaction of
 * the change, for customers who opted in and verified their phone; nobody else gets one.
 */
describe('order status SMS', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let deps: TOrderDeps;
  let staffCookie: string;

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    deps = {
      db: t.database.db,
      market: t.app.market,
      appUrl: t.app.config.appUrl,
      quoteTtlSeconds: 120,
      log: t.app.log,
      onEmailQueued: () => {},
      storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), 'order-sms-'))),
    };
    staffCookie = (await t.createStaff('support')).cookie;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** A customer whose phone settings are set as the phone routes would leave them. */
  async function customerWith(settings: { phone: string | null; verified: boolean; optedIn: boolean }) {
    const customer = await t.signUp();
    await t.database.db
      .update(users)
      .set({ phone: settings.phone, phoneVerifiedAt: settings.verified ? new Date() : null, smsOrderUpdates: settings.optedIn })
      .where(eq(users.id, customer.id));
    return customer;
  }

  const create = async (cookie: string) => {
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie,
      payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'USD', amountFiat: '5' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie,
      payload: { type: 'buy', quoteId: quote.json().id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().order as { id: number; deadlineAt: string };
  };
  const smsOf = (userId: string) => t.database.db.select().from(smsLog).where(eq(smsLog.userId, userId)).orderBy(asc(smsLog.id));
  const link = (id: number) => `${t.app.config.appUrl}/#/orders/${id}`;

  it('texts an opted-in customer with a verified phone when an order is created, cancelled, completed and expires', async () => {
    const customer = await customerWith({ phone: '+233245550301', verified: true, optedIn: true });
    const cancelled = await create(customer.cookie);
    expect((await t.request({ method: 'POST', url: `/api/orders/${cancelled.id}/cancel`, cookie: customer.cookie })).statusCode).toBe(200);
    // A refused change (already cancelled) writes nothing.
    expect((await t.request({ method: 'POST', url: `/api/orders/${cancelled.id}/cancel`, cookie: customer.cookie })).statusCode).toBe(409);

    const completed = await create(customer.cookie);
    const paid = await t.request({
      method: 'POST',
      url: `/api/orders/${completed.id}/payment`,
      cookie: customer.cookie,
      payload: { paymentTxId: `MP${randomUUID().slice(0, 8)}` },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.request({ method: 'POST', url: `/api/admin/orders/${completed.id}/claim`, cookie: staffCookie });
    const approved = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${completed.id}/approve`,
      cookie: staffCookie,
      payload: await approvalBody(t, completed.id, { payoutReference: randomBytes(32).toString('hex') }),
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const expired = await create(customer.cookie);
    expect(await expireDueOrders(deps, new Date(Date.parse(expired.deadlineAt) + 1000))).toBeGreaterThanOrEqual(1);

    const sms = await smsOf(customer.id);
    expect(sms.map((row) => [row.to, row.kind, row.status, row.body])).toEqual([
      [
        '+233245550301',
        'order_status',
        'pending',
        `CediCrypto: your order #${cancelled.id} was received. See what to do next: ${link(cancelled.id)}`,
      ],
      ['+233245550301', 'order_status', 'pending', `CediCrypto: your order #${cancelled.id} was cancelled. Details: ${link(cancelled.id)}`],
      [
        '+233245550301',
        'order_status',
        'pending',
        `CediCrypto: your order #${completed.id} was received. See what to do next: ${link(completed.id)}`,
      ],
      ['+233245550301', 'order_status', 'pending', `CediCrypto: your order #${completed.id} is completed. Details: ${link(completed.id)}`],
      [
        '+233245550301',
        'order_status',
        'pending',
        `CediCrypto: your order #${expired.id} was received. See what to do next: ${link(expired.id)}`,
      ],
      [
        '+233245550301',
        'order_status',
        'pending',
        `CediCrypto: your order #${expired.id} expired: its time ran out. Details: ${link(expired.id)}`,
      ],
    ]);
    // Each fits one SMS.
    for (const row of sms) expect(row.body.length).toBeLessThanOrEqual(160);
  });

  it('wakes the SMS sender when an order SMS is queued, and only then (not with every email)', async () => {
    const optedIn = await customerWith({ phone: '+233245550304', verified: true, optedIn: true });
    const notOptedIn = await customerWith({ phone: '+233245550305', verified: true, optedIn: false });
    let wakes = 0;
    let emailWakes = 0;
    const counting: TOrderDeps = { ...deps, onSmsQueued: () => (wakes += 1), onEmailQueued: () => (emailWakes += 1) };
    const silent = await create(notOptedIn.cookie);
    expect(await expireDueOrders(counting, new Date(Date.parse(silent.deadlineAt) + 1000))).toBeGreaterThanOrEqual(1);
    expect(emailWakes).toBeGreaterThanOrEqual(1);
    expect(wakes).toBe(0);
    const texted = await create(optedIn.cookie);
    expect(await expireDueOrders(counting, new Date(Date.parse(texted.deadlineAt) + 1000))).toBeGreaterThanOrEqual(1);
    expect(wakes).toBe(1);
  });

  it('texts nobody who did not opt in, or whose phone is not verified', async () => {
    const notVerified = await customerWith({ phone: '+233245550302', verified: false, optedIn: true });
    const notOptedIn = await customerWith({ phone: '+233245550303', verified: true, optedIn: false });
    const noPhone = await customerWith({ phone: null, verified: true, optedIn: true });
    for (const customer of [notVerified, notOptedIn, noPhone]) {
      const order = await create(customer.cookie);
      expect((await t.request({ method: 'POST', url: `/api/orders/${order.id}/cancel`, cookie: customer.cookie })).statusCode).toBe(200);
      expect(await smsOf(customer.id)).toHaveLength(0);
    }
  });
});
