import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLIANCE_MSG } from '#shared/contracts/compliance.js';
import { ORDER_MSG, type TOrderSocketEvent } from '#shared/contracts/orders.js';
import { auditLog, settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { complianceAlerts } from '#server/db/schema/compliance.js';
import { orders } from '#server/db/schema/orders.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createOrderTestApp, SUPER_ADMIN, TEST_ORIGIN, type TTestApp } from '#test/helpers/test-app.js';
import { openSocket, type SocketClient } from '#test/helpers/ws-client.js';
import { approvalBody } from '#test/helpers/orders.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/*
 * Claim, then pay (issue 27 points 1 and 2, docs/decisions/029): one claim wins, the other is
 * told who pays; only the live claimant approves; a manager takes over (audited); a claim lapses
 * after the setting; a held order, and a closed or banned account's order, is neither claimed
 * nor approved. Lapses are made by moving the claim's end in the database, never by waiting.
 */
describe('claim, then pay', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let base: string;
  const sockets: SocketClient<TOrderSocketEvent>[] = [];

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await t.close();
    await fake.close();
  });

  /** A paid BTC buy of a new customer. */
  async function paidOrder(): Promise<{ id: number; customerId: string }> {
    const customer = await t.signUp();
    const q = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: customer.cookie,
      payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'USD', amountFiat: '5' },
    });
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: customer.cookie,
      payload: { type: 'buy', quoteId: q.json().id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().order.id as number;
    const paid = await t.request({
      method: 'POST',
      url: `/api/orders/${id}/payment`,
      cookie: customer.cookie,
      payload: { paymentTxId: `MP${randomUUID().slice(0, 8)}` },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return { id, customerId: customer.id };
  }
  /** A staff member of `role` whose name is `fullName`. */
  async function staff(role: 'support' | 'manager', fullName: string) {
    const member = await t.createStaff(role);
    await t.database.db.update(users).set({ fullName }).where(eq(users.id, member.id));
    return member;
  }
  const claim = (cookie: string, id: number) => t.request({ method: 'POST', url: `/api/admin/orders/${id}/claim`, cookie });
  const release = (cookie: string, id: number) => t.request({ method: 'DELETE', url: `/api/admin/orders/${id}/claim`, cookie });
  const takeover = (cookie: string, id: number) => t.request({ method: 'POST', url: `/api/admin/orders/${id}/claim/takeover`, cookie });
  const approve = async (cookie: string, id: number) =>
    t.request({
      method: 'POST',
      url: `/api/admin/orders/${id}/approve`,
      cookie,
      payload: await approvalBody(t, id, { payoutReference: randomBytes(32).toString('hex') }),
    });
  const detail = async (cookie: string, id: number) =>
    (await t.request({ method: 'GET', url: `/api/admin/orders/${id}`, cookie })).json().order;

  it('lets one of two simultaneous claims win; the other is told who pays, and every order screen hears of it', async () => {
    const { id } = await paidOrder();
    const kofi = await staff('support', 'Kofi Mensah');
    const ama = await staff('support', 'Ama Owusu');
    const { client: socket } = await openSocket<TOrderSocketEvent>(`${base}/api/admin/orders/socket`, {
      cookie: ama.cookie,
      origin: TEST_ORIGIN,
    });
    if (!socket) throw new Error('socket refused');
    sockets.push(socket);

    const results = await Promise.all([claim(kofi.cookie, id), claim(ama.cookie, id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results[0]?.statusCode === 200 ? { ...kofi, name: 'Kofi Mensah' } : { ...ama, name: 'Ama Owusu' };
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json().error).toMatchObject({ code: 'ORDER_CLAIMED', message: ORDER_MSG.claimedByOther(winner.name) });
    await socket.waitFor('order', (event) => event.orderId === id);

    const seen = await detail(ama.cookie, id);
    expect(seen.claim).toMatchObject({ staffId: winner.id, staffName: winner.name });
    expect(Date.parse(seen.claim.expiresAt) - Date.parse(seen.claim.claimedAt)).toBe(10 * 60_000);
    const listed = (await t.request({ method: 'GET', url: '/api/admin/orders?status=pending', cookie: ama.cookie })).json().orders;
    expect(listed.find((order: { id: number }) => order.id === id).claim.staffName).toBe(winner.name);
  });

  it('lets only the live claimant approve (failed before: anyone with the orders area approved)', async () => {
    const { id } = await paidOrder();
    const kofi = await staff('support', 'Kofi');
    const yaw = await staff('support', 'Yaw');
    const unclaimed = await approve(kofi.cookie, id);
    expect(unclaimed.statusCode).toBe(409);
    expect(unclaimed.json().error).toMatchObject({ code: 'ORDER_NOT_CLAIMED', message: ORDER_MSG.notClaimed });

    expect((await claim(kofi.cookie, id)).statusCode).toBe(200);
    const other = await approve(yaw.cookie, id);
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toMatchObject({ code: 'ORDER_CLAIMED', message: ORDER_MSG.claimedByOther('Kofi') });
    expect((await release(yaw.cookie, id)).json().error.code).toBe('ORDER_CLAIMED');

    const approved = await approve(kofi.cookie, id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().order).toMatchObject({ status: 'completed', claim: null });
  });

  it('lets a claimant release the claim, and a manager (not support) take it over, audited with the claimant before and after', async () => {
    const { id } = await paidOrder();
    const kofi = await staff('support', 'Kofi');
    const yaw = await staff('support', 'Yaw');
    const efua = await staff('manager', 'Efua');
    expect((await claim(kofi.cookie, id)).statusCode).toBe(200);
    expect((await release(kofi.cookie, id)).json().order.claim).toBeNull();
    expect((await claim(kofi.cookie, id)).statusCode).toBe(200);

    expect((await takeover(yaw.cookie, id)).statusCode).toBe(403);
    const taken = await takeover(efua.cookie, id);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().order.claim).toMatchObject({ staffId: efua.id, staffName: 'Efua' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.takeover'), eq(auditLog.targetId, String(id))));
    expect(entry).toMatchObject({ actorId: efua.id, before: { claimedBy: kofi.id }, after: { claimedBy: efua.id } });

    expect((await approve(kofi.cookie, id)).json().error.code).toBe('ORDER_CLAIMED');
    expect((await approve(efua.cookie, id)).statusCode).toBe(200);
  });

  it('ends a claim after the setting: the claimant may no longer approve, another agent may claim', async () => {
    const { id } = await paidOrder();
    const kofi = await staff('support', 'Kofi');
    const yaw = await staff('support', 'Yaw');
    const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    const put = (payload: Record<string, unknown>) => t.request({ method: 'PUT', url: '/api/admin/settings', cookie: admin, payload });
    expect((await put({ claimMinutes: 1 })).json().error.fields).toEqual({ claimMinutes: 'Enter whole minutes from 2 to 120.' });
    expect(
      (await t.request({ method: 'PUT', url: '/api/admin/settings', cookie: kofi.cookie, payload: { claimMinutes: 5 } })).statusCode,
    ).toBe(403);
    expect((await put({ claimMinutes: 5 })).json().claimMinutes).toBe(5);
    try {
      const claimed = (await claim(kofi.cookie, id)).json().order.claim;
      expect(Date.parse(claimed.expiresAt) - Date.parse(claimed.claimedAt)).toBe(5 * 60_000);
      // The claim's end passes (moved in the database rather than waited for).
      await t.database.db
        .update(orders)
        .set({ claimExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, id));
      const late = await approve(kofi.cookie, id);
      expect(late.json().error).toMatchObject({ code: 'ORDER_NOT_CLAIMED', message: ORDER_MSG.notClaimed });
      expect((await claim(yaw.cookie, id)).statusCode).toBe(200);
      expect((await approve(yaw.cookie, id)).statusCode).toBe(200);
    } finally {
      await t.database.db.update(settings).set({ claimMinutes: 10 }).where(eq(settings.id, 1));
    }
  });

  it('refuses to claim or approve a held order, in words support may hear', async () => {
    const { id, customerId } = await paidOrder();
    const kofi = await staff('support', 'Kofi');
    const efua = await staff('manager', 'Efua');
    // Claimed before the hold came (a rule raised on a later order, or compliance).
    expect((await claim(efua.cookie, id)).statusCode).toBe(200);
    await t.database.db
      .insert(complianceAlerts)
      .values({ userId: customerId, orderId: id, rule: 'large_order', action: 'hold', dedupeKey: `test-hold-${id}` });
    expect((await detail(efua.cookie, id)).complianceHold).toBe(true);
    const held = await approve(efua.cookie, id);
    expect(held.json().error).toMatchObject({ code: 'ORDER_ON_HOLD', message: COMPLIANCE_MSG.onHold });
    await release(efua.cookie, id);
    expect((await claim(efua.cookie, id)).json().error).toMatchObject({ code: 'ORDER_ON_HOLD', message: COMPLIANCE_MSG.onHold });
    expect((await claim(kofi.cookie, id)).json().error).toMatchObject({ code: 'ORDER_WAITING', message: ORDER_MSG.waitingForManager });
    expect((await approve(kofi.cookie, id)).json().error.code).toBe('ORDER_WAITING');
    expect((await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status).toBe('payment_submitted');
  });

  it('refuses to pay out the order of a banned or closed account (failed before: it was approved)', async () => {
    const kofi = await staff('support', 'Kofi');
    for (const change of [{ banned: true }, { closedAt: new Date() }] as const) {
      const { id, customerId } = await paidOrder();
      expect((await claim(kofi.cookie, id)).statusCode).toBe(200);
      await t.database.db.update(users).set(change).where(eq(users.id, customerId));
      const message = 'banned' in change ? ORDER_MSG.accountBanned : ORDER_MSG.accountClosed;
      expect((await detail(kofi.cookie, id)).customerAccount).toBe('banned' in change ? 'banned' : 'closed');
      const refused = await approve(kofi.cookie, id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'ORDER_ACCOUNT_BLOCKED', message });
      await release(kofi.cookie, id);
      expect((await claim(kofi.cookie, id)).json().error).toMatchObject({ code: 'ORDER_ACCOUNT_BLOCKED', message });
      // It can still be cancelled with a reason.
      const cancelled = await t.request({
        method: 'POST',
        url: `/api/admin/orders/${id}/cancel`,
        cookie: kofi.cookie,
        payload: { reason: 'The account is closed.' },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
  });
});
