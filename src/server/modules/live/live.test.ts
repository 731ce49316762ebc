import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffLiveEvent } from '#shared/contracts/staff-live.js';
import { settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { complianceAlerts } from '#server/db/schema/compliance.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { firstOrThrow } from '#server/db/rows.js';
import { type TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createOrderTestApp, SUPER_ADMIN, TEST_ORIGIN, type TTestApp } from '#test/helpers/test-app.js';
import { openSocket, type SocketClient } from '#test/helpers/ws-client.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/*
 * The back office live (issue 27 point 6, docs/decisions/032): KYC submissions, alerts, holds and
 * their release, cases and chat reach every open staff page over the real socket, each staff
 * socket only what its role may see (tipping-off: support never hears of an alert or a hold).
 */
describe('the back office live socket', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let base: string;
  const sockets: SocketClient<TStaffLiveEvent>[] = [];
  const cookies: Record<'super_admin' | 'manager' | 'support' | 'compliance', string> = {
    super_admin: '',
    manager: '',
    support: '',
    compliance: '',
  };

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    cookies.super_admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    for (const role of ['manager', 'support', 'compliance'] as const) cookies[role] = (await t.createStaff(role)).cookie;
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await t.close();
    await fake.close();
  });

  async function connect(cookie: string) {
    const { client, status } = await openSocket<TStaffLiveEvent>(`${base}/api/admin/live/socket`, { cookie, origin: TEST_ORIGIN });
    if (!client) throw new Error(`socket refused: ${status}`);
    sockets.push(client);
    return client;
  }

  async function paidBuy(cookie: string, amountGhs: string) {
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie,
      payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'GHS', amountFiat: amountGhs },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie,
      payload: { type: 'buy', quoteId: quote.json().id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: number };
    const paid = await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      cookie,
      payload: { paymentTxId: `MP${randomUUID().slice(0, 8)}` },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return order;
  }

  const decide = (cookie: string, id: number, action: 'escalate' | 'release', note: string) =>
    t.request({ method: 'POST', url: `/api/admin/compliance/alerts/${id}/${action}`, cookie, payload: { note } });

  it('refuses a customer and a visitor', async () => {
    const customer = await t.signUp();
    expect((await openSocket(`${base}/api/admin/live/socket`, { origin: TEST_ORIGIN })).status).toBe(401);
    expect((await openSocket(`${base}/api/admin/live/socket`, { cookie: customer.cookie, origin: TEST_ORIGIN })).status).toBe(403);
  });

  it('tells each role what it may see: KYC to the KYC area, alerts and holds to the desk, a release to support only as "order changed"', async () => {
    const support = await connect(cookies.support);
    const compliance = await connect(cookies.compliance);
    const manager = await connect(cookies.manager);
    const customer = await t.signUp({ fullName: 'Ama Mensah' });
    await t.database.db.update(users).set({ kycStatus: 'verified', tier: 2 }).where(eq(users.id, customer.id));

    // A KYC submission (any writer: the trigger of migration 0021 announces it).
    const other = await t.signUp();
    await t.database.db
      .insert(kycSubmissions)
      .values({ userId: other.id, idType: 'passport', idNumber: 'G1234567', address: '1 Ring Road', city: 'Accra', country: 'Ghana' });
    await compliance.waitFor('kyc');
    await manager.waitFor('kyc');

    const needsAction = async (cookie: string) =>
      (await t.request({ method: 'GET', url: '/api/admin/orders/needs-action', cookie })).json() as { count: number; held?: number };
    const before = await needsAction(cookies.manager);
    expect(before.held).toBe(0);

    // A paid order over the large-order threshold: a hold. Paid reaches the orders area; the hold the desk only.
    const [saved] = await t.database.db.select().from(settings).where(eq(settings.id, 1));
    await t.database.db.update(settings).set({ largeOrderGhs: '1000' }).where(eq(settings.id, 1));
    const order = await paidBuy(customer.cookie, '5000').finally(async () => {
      if (saved) await t.database.db.update(settings).set(saved).where(eq(settings.id, 1));
    });
    await support.waitFor('paid', (e) => e.orderId === order.id);
    await manager.waitFor('paid', (e) => e.orderId === order.id);
    await compliance.waitFor('compliance');
    const alert = firstOrThrow(
      await t.database.db
        .select()
        .from(complianceAlerts)
        .where(and(eq(complianceAlerts.orderId, order.id), eq(complianceAlerts.action, 'hold'))),
    );

    // Needs action leaves out what nobody may act on (issue 27 point 5): the held order is counted
    // apart, and only for the roles that may see holds; support is told no held number at all.
    expect(await needsAction(cookies.manager)).toMatchObject({ count: before.count, held: 1 });
    expect(await needsAction(cookies.support)).toEqual({ count: before.count, oldestSubmittedAt: null });

    // Escalated, then released: the order screens of every role read the order again.
    expect((await decide(cookies.compliance, alert.id, 'escalate', 'Unexplained funds.')).statusCode).toBe(200);
    // The Compliance menu count and the desk's default view ('review') are one query (issue 27 point 5):
    // an escalated hold not released is in both (the 'open' view of before left it out).
    const deskCount = (await t.request({ method: 'GET', url: '/api/admin/compliance/alerts/count', cookie: cookies.compliance })).json();
    const deskView = (
      await t.request({ method: 'GET', url: '/api/admin/compliance/alerts?status=review', cookie: cookies.compliance })
    ).json();
    expect(deskView.total).toBe(deskCount.count);
    expect(deskView.alerts.map((item: { id: number }) => item.id)).toContain(alert.id);
    expect((await decide(cookies.compliance, alert.id, 'release', 'Report filed.')).statusCode).toBe(200);
    await compliance.waitFor('order', (e) => e.orderId === order.id);
    const released = await support.waitFor('order', (e) => e.orderId === order.id);
    expect(released).toEqual({ type: 'order', orderId: order.id });
    expect(await needsAction(cookies.manager)).toMatchObject({ count: before.count + 1, held: 0 });
    expect(await needsAction(cookies.support)).toMatchObject({ count: before.count + 1 });

    // A chat message, after all of the above on the bus: support has heard everything it will.
    const sent = await t.request({ method: 'POST', url: '/api/chat/messages', cookie: customer.cookie, payload: { text: 'Hello' } });
    expect(sent.statusCode, sent.body).toBe(201);
    await support.waitFor('chat', (e) => e.fromCustomer);
    expect(support.events.map((e) => e.type)).not.toContain('compliance');
    expect(support.events.map((e) => e.type)).not.toContain('kyc');
    expect(JSON.stringify(support.events)).not.toMatch(/alert|hold|case|compliance/i);
    // Compliance has no chat and no order queue: no chat and no paid events (a KYC submission after them is the mark).
    const third = await t.signUp();
    await t.database.db
      .insert(kycSubmissions)
      .values({ userId: third.id, idType: 'passport', idNumber: 'G7654321', address: '2 Ring Road', city: 'Accra', country: 'Ghana' });
    await t.database.db.update(kycSubmissions).set({ city: 'Kumasi' }).where(eq(kycSubmissions.userId, third.id));
    await compliance.waitForCount('kyc', 3);
    expect(compliance.events.map((e) => e.type)).not.toContain('chat');
    expect(compliance.events.map((e) => e.type)).not.toContain('paid');
  });

  // docs/decisions/035: before, the Pending changes page heard of nothing and needed a reload.
  it('tells the admins who approve of a change of where money goes asked, approved or rejected; nobody else', async () => {
    const admin = await connect(cookies.super_admin);
    const manager = await connect(cookies.manager);
    const support = await connect(cookies.support);
    const compliance = await connect(cookies.compliance);
    const managerEmail = firstOrThrow(
      await t.database.db.select({ email: users.email }).from(users).where(eq(users.role, 'manager')),
    ).email;

    const asked = await t.request({
      method: 'PUT',
      url: `/api/admin/payment-methods/${methodId}`,
      cookie: cookies.manager,
      payload: {
        name: 'MTN MoMo',
        details: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0551234567' },
        code: t.secondFactorCode(managerEmail),
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await admin.waitFor('destination');
    await manager.waitFor('destination');
    const changeId = (asked.json().pendingChange as { id: number }).id;
    const rejected = await t.request({
      method: 'POST',
      url: `/api/admin/destination-changes/${changeId}/reject`,
      cookie: cookies.super_admin,
      payload: {},
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await manager.waitForCount('destination', 2);

    // After a KYC submission (compliance hears it) and a chat message (support hears it), both have heard all they will.
    const other = await t.signUp();
    await t.database.db
      .insert(kycSubmissions)
      .values({ userId: other.id, idType: 'passport', idNumber: 'G1112223', address: '3 Ring Road', city: 'Accra', country: 'Ghana' });
    await compliance.waitFor('kyc');
    const sent = await t.request({ method: 'POST', url: '/api/chat/messages', cookie: other.cookie, payload: { text: 'Hello again' } });
    expect(sent.statusCode, sent.body).toBe(201);
    await support.waitFor('chat', (e) => e.fromCustomer);
    expect(support.events.map((e) => e.type)).not.toContain('destination');
    expect(compliance.events.map((e) => e.type)).not.toContain('destination');
  });

  it("keeps each staff member's notifications, off until they switch them on, and refuses customers", async () => {
    const url = '/api/admin/me/notifications';
    const off = { sound: false, desktop: false };
    expect((await t.request({ method: 'GET', url, cookie: cookies.support })).json()).toEqual(off);
    const on = await t.request({ method: 'PUT', url, cookie: cookies.support, payload: { sound: true, desktop: false } });
    expect(on.json()).toEqual({ sound: true, desktop: false });
    expect((await t.request({ method: 'GET', url, cookie: cookies.support })).json()).toEqual({ sound: true, desktop: false });
    // Another staff member's stay theirs.
    expect((await t.request({ method: 'GET', url, cookie: cookies.manager })).json()).toEqual(off);
    const customer = await t.signUp();
    expect((await t.request({ method: 'GET', url, cookie: customer.cookie })).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url, payload: off })).statusCode).toBe(401);
    expect((await t.request({ method: 'PUT', url, cookie: cookies.support, payload: { sound: 'yes' } })).statusCode).toBe(400);
  });
});
