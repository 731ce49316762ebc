import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coins } from '#server/db/schema/app.js';
import { firstOrThrow } from '#server/db/rows.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createOrderTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

type TEntry = {
  id: number;
  action: string;
  actorEmail: string | null;
  actorName: string | null;
  targetType: string;
  targetId: string | null;
  targetKind: string;
  targetName: string | null;
};

/*
 * The Audit Log names who did what to which record (issue 16 point 5): the actor's and the
 * target's names, not their ids, also for records deleted since; and it is filtered by target
 * (kind, and id or name).
 */
describe('audit log names and target filter', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let admin: string;
  let manager: { id: string; email: string; cookie: string };
  let customer: Awaited<ReturnType<TTestApp['signUp']>>;
  let orderId: number;
  let newAdminId: string;
  let responseId: number;
  let btcId: number;

  const list = async (query = '') => {
    const response = await t.request({ method: 'GET', url: `/api/admin/audit${query}`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().entries as TEntry[];
  };
  const find = (entries: TEntry[], action: string, targetId: string | number) => {
    const entry = entries.find((e) => e.action === action && e.targetId === String(targetId));
    expect(entry, `${action} of ${targetId}`).toBeDefined();
    return entry!;
  };

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    manager = await t.createStaff('manager');
    await t.database.db.execute(sql`UPDATE users SET full_name = 'Efua Manager' WHERE id = ${manager.id}`);
    customer = await t.signUp({ fullName: 'Kofi Boateng' });

    // A customer banned; an order cancelled; a coin, a payment method and a response changed; an admin created and deleted.
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: customer.cookie,
      payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'USD', amountFiat: '5' },
    });
    const order = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: customer.cookie,
      payload: { type: 'buy', quoteId: quote.json().id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
    });
    expect(order.statusCode, order.body).toBe(201);
    orderId = order.json().order.id;
    const paid = await t.request({
      method: 'POST',
      url: `/api/orders/${orderId}/payment`,
      cookie: customer.cookie,
      payload: { paymentTxId: `MP${randomUUID().slice(0, 8)}` },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/cancel`,
      cookie: manager.cookie,
      payload: { reason: 'The payment did not arrive.' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/admin/users/${customer.id}/ban`,
          cookie: manager.cookie,
          payload: { reason: 'Fraud.' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/admin/users/${customer.id}/unban`, cookie: manager.cookie })).statusCode).toBe(
      200,
    );

    btcId = firstOrThrow(await t.database.db.select().from(coins).where(eq(coins.symbol, 'btc'))).id;
    for (const isEnabled of [false, true]) {
      const coin = await t.request({ method: 'PATCH', url: `/api/admin/coins/${btcId}`, cookie: manager.cookie, payload: { isEnabled } });
      expect(coin.statusCode, coin.body).toBe(200);
    }

    const method = await t.request({
      method: 'POST',
      url: '/api/admin/payment-methods',
      cookie: manager.cookie,
      payload: {
        name: 'Vodafone Cash Ops',
        details: { type: 'momo', provider: 'Telecel Cash', name: 'CediCrypto Ltd', number: '0201112222' },
        code: t.secondFactorCode(manager.email),
      },
    });
    expect(method.statusCode, method.body).toBe(201);
    const deletedMethodId = method.json().paymentMethod.id;
    await t.request({ method: 'DELETE', url: `/api/admin/payment-methods/${deletedMethodId}`, cookie: manager.cookie });

    const response = await t.request({
      method: 'POST',
      url: '/api/admin/canned-responses',
      cookie: manager.cookie,
      payload: { title: 'Payment received', message: 'We have your payment.' },
    });
    expect(response.statusCode, response.body).toBe(201);
    responseId = response.json().cannedResponse.id;

    const created = await t.request({
      method: 'POST',
      url: '/api/admin/admins',
      cookie: admin,
      payload: { fullName: 'Yaw Departed', email: 'yaw.departed@example.com', role: 'support' },
    });
    expect(created.statusCode, created.body).toBe(201);
    newAdminId = created.json().admin.id;
    expect((await t.request({ method: 'DELETE', url: `/api/admin/admins/${newAdminId}`, cookie: admin })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('names the actor and the target of each entry, not their ids', async () => {
    const entries = await list();
    const ban = find(entries, 'user.ban', customer.id);
    expect(ban).toMatchObject({ actorName: 'Efua Manager', actorEmail: manager.email, targetKind: 'User', targetName: 'Kofi Boateng' });

    expect(find(entries, 'order.cancel', orderId)).toMatchObject({
      actorName: 'Efua Manager',
      targetKind: 'Order',
      targetName: `#${orderId} · Kofi Boateng`,
    });
    expect(find(entries, 'coin.update', 'btc')).toMatchObject({ targetKind: 'Currency', targetName: 'Bitcoin (BTC)' });
    expect(find(entries, 'canned_response.create', responseId)).toMatchObject({
      targetKind: 'Canned response',
      targetName: 'Payment received',
    });

    // Deleted since: the names the entries recorded.
    const deletedMethod = entries.find((e) => e.action === 'payment_method.delete');
    expect(deletedMethod).toMatchObject({ targetKind: 'Payment method', targetName: 'Vodafone Cash Ops' });
    const deletedAdmin = find(entries, 'admin.delete', newAdminId);
    expect(deletedAdmin).toMatchObject({ actorEmail: SUPER_ADMIN.email, targetKind: 'Admin', targetName: 'Yaw Departed' });
    expect(deletedAdmin.actorName).toBeTruthy();
  });

  it('filters by the kind of target and by its id or name', async () => {
    const users = await list('?targetType=user');
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((e) => e.targetType === 'user')).toBe(true);

    const kofi = await list(`?target=${encodeURIComponent('kofi boat')}`);
    expect(new Set(kofi.map((e) => e.action))).toEqual(new Set(['user.ban', 'user.unban', 'order.cancel']));
    const kofiOrders = await list(`?targetType=order&target=Kofi`);
    expect(kofiOrders.map((e) => e.action)).toEqual(['order.cancel']);

    const byNumber = await list(`?targetType=order&target=${encodeURIComponent(`#${orderId}`)}`);
    expect(byNumber.map((e) => e.targetId)).toEqual([String(orderId)]);
    const byId = await list(`?target=${customer.id}`);
    expect(byId.map((e) => e.action).sort()).toEqual(['user.ban', 'user.unban']);

    const bitcoin = await list('?target=bitcoin');
    expect(bitcoin.map((e) => [e.action, e.targetId])).toEqual([
      ['coin.update', 'btc'],
      ['coin.update', 'btc'],
    ]);
    expect(await list('?targetType=coin&target=BTC')).toEqual(bitcoin);
    // A deleted admin and a deleted payment method are still found by the names their entries recorded.
    expect((await list('?target=Yaw%20Departed')).map((e) => e.action).sort()).toEqual(['admin.create', 'admin.delete']);
    expect((await list('?targetType=payment_method&target=vodafone')).map((e) => e.action).sort()).toEqual([
      // A new method waits for a second admin (docs/decisions/035): its request is found by its name too.
      'destination.request',
      'payment_method.create',
      'payment_method.delete',
    ]);
    expect(await list('?target=nobody-by-this-name')).toEqual([]);

    // The actor filter takes a name as well as an email.
    const byManager = await list('?actor=efua');
    expect(byManager.length).toBeGreaterThan(0);
    expect(byManager.every((e) => e.actorEmail === manager.email)).toBe(true);
  });

  it('refuses an unknown target kind', async () => {
    const response = await t.request({ method: 'GET', url: '/api/admin/audit?targetType=wallet', cookie: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION');
  });

  it('stays append-only: reading names writes nothing, and the table refuses changes', async () => {
    const before = firstOrThrow(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)).n;
    await list('?target=kofi');
    await list();
    const after = firstOrThrow(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)).n;
    expect(after).toBe(before);
    await expect(
      t.database.db.execute(sql`UPDATE audit_log SET actor_email = 'x' WHERE id = (SELECT min(id) FROM audit_log)`),
    ).rejects.toThrow();
  });
});
