import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MSG } from '#shared/contracts/chat.js';
import { auditLog } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { complianceAlerts } from '#server/db/schema/compliance.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createOrderTestApp, SUPER_ADMIN, TEST_ORIGIN, type TTestApp } from '#test/helpers/test-app.js';
import { payOrder, placeBuyOrder, TEST_BTC_ADDRESS, tierTwoCustomer } from '#test/helpers/orders.js';
import { openSocket, type SocketClient } from '#test/helpers/ws-client.js';

/*
 * Issue 27 point 7 (docs/decisions/034): the customer beside a conversation (tier and last orders,
 * never a hold, an alert or a case) and who answers a conversation (assignment), against the real
 * app and database.
 */
describe('chat: the customer beside a conversation, and assignment', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let base: string;
  let superAdmin: { id: string; cookie: string };
  let ama: { id: string; cookie: string };
  let kofi: { id: string; cookie: string };
  let manager: { cookie: string };
  let compliance: { cookie: string };
  const sockets: SocketClient[] = [];

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(TEST_BTC_ADDRESS));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const superAdminCookie = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, SUPER_ADMIN.email));
    superAdmin = { id: row!.id, cookie: superAdminCookie };
    ama = await t.createStaff('support');
    await t.database.db.update(users).set({ fullName: 'Ama Owusu' }).where(eq(users.id, ama.id));
    kofi = await t.createStaff('support');
    await t.database.db.update(users).set({ fullName: 'Kofi Mensah' }).where(eq(users.id, kofi.id));
    manager = await t.createStaff('manager');
    compliance = await t.createStaff('compliance');
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await t.close();
    await fake.close();
  });

  /** A customer at Tier 2 with a conversation: its id. */
  async function customerWithConversation() {
    const customer = await tierTwoCustomer(t, 'Efua Sarpong');
    const sent = await t.request({
      method: 'POST',
      url: '/api/chat/messages',
      cookie: customer.cookie,
      payload: { text: 'Where is my order?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return { customer, conversationId: sent.json().message.conversationId as number };
  }

  async function placeBuy(cookie: string, amountGhs: string) {
    const { id } = await placeBuyOrder(t, cookie, { methodId, amountFiat: amountGhs });
    await payOrder(t, cookie, id);
    return id;
  }

  const context = (conversationId: number, cookie: string) =>
    t.request({ method: 'GET', url: `/api/admin/chat/conversations/${conversationId}/customer`, cookie });
  const assign = (conversationId: number, cookie: string, assigneeId: string | null, currentAssigneeId: string | null) =>
    t.request({
      method: 'PUT',
      url: `/api/admin/chat/conversations/${conversationId}/assignee`,
      cookie,
      payload: { assigneeId, currentAssigneeId },
    });

  it("shows the customer's tier and last orders, a held order in the status the customer sees, and nothing of its hold or alerts", async () => {
    const { customer, conversationId } = await customerWithConversation();
    const small = await placeBuy(customer.cookie, '500');
    // GHS 60,000: at or above the large-order threshold, a 'hold' alert holds the order.
    const held = await placeBuy(customer.cookie, '60000');
    const alerts = await t.database.db.select().from(complianceAlerts).where(eq(complianceAlerts.userId, customer.id));
    expect(alerts.map((a) => [a.rule, a.action, a.orderId])).toContainEqual(['large_order', 'hold', held]);
    // The staff order view of the same order says it is held (to the roles that see holds).
    expect(
      (await t.request({ method: 'GET', url: `/api/admin/orders/${held}`, cookie: superAdmin.cookie })).json().order.complianceHold,
    ).toBe(true);

    const answer = await context(conversationId, ama.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.customer).toEqual({ tier: 2, kycStatus: 'verified' });
    expect(body.orders.map((o: { id: number }) => o.id)).toEqual([held, small]);
    expect(body.orders[0]).toEqual({
      id: held,
      type: 'buy',
      coinSymbol: 'btc',
      amountFiat: '60000.00',
      fiatCurrency: 'GHS',
      amountCrypto: expect.any(String),
      status: 'payment_submitted',
      createdAt: expect.any(String),
    });
    // Tipping-off: nothing in the answer names a hold, an alert or a case, not even a key.
    const text = answer.body.toLowerCase();
    for (const word of ['hold', 'held', 'alert', 'case', 'compliance', 'large_order', 'review']) expect(text, word).not.toContain(word);
    for (const alert of alerts) expect(text).not.toContain(`"${alert.id}"`);
    // The super admin (who sees holds elsewhere) gets the same answer here.
    expect((await context(conversationId, superAdmin.cookie)).json()).toEqual(body);
  });

  it('refuses the customer context to roles without the chat, and to customers', async () => {
    const { customer, conversationId } = await customerWithConversation();
    for (const cookie of [manager.cookie, compliance.cookie, customer.cookie])
      expect((await context(conversationId, cookie)).statusCode).toBe(403);
    expect((await context(conversationId, '')).statusCode).toBe(401);
    expect((await context(2_000_000_000, ama.cookie)).statusCode).toBe(404);
  });

  it('assigns to me, shows it in the list, audits it and tells the staff chat sockets', async () => {
    const { conversationId } = await customerWithConversation();
    const { client } = await openSocket(`${base}/api/admin/chat/socket`, { cookie: kofi.cookie, origin: TEST_ORIGIN });
    if (!client) throw new Error('socket refused');
    sockets.push(client);
    const { client: customerSocket } = await openSocket(`${base}/api/chat/socket`, {
      cookie: (await t.signUp()).cookie,
      origin: TEST_ORIGIN,
    });
    if (customerSocket) sockets.push(customerSocket);

    const taken = await assign(conversationId, ama.cookie, ama.id, null);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().conversation).toMatchObject({ id: conversationId, assigneeId: ama.id, assigneeName: 'Ama Owusu' });
    await client.waitFor('assigned', (event) => event.conversationId === conversationId);
    const list = (await t.request({ method: 'GET', url: '/api/admin/chat/conversations', cookie: kofi.cookie })).json().conversations;
    expect(list.find((c: { id: number }) => c.id === conversationId)).toMatchObject({ assigneeId: ama.id, assigneeName: 'Ama Owusu' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'chat.assign'), eq(auditLog.targetId, String(conversationId))));
    expect(entry).toMatchObject({
      actorId: ama.id,
      targetType: 'conversation',
      before: { assigneeId: null, assigneeName: null },
      after: { assigneeId: ama.id, assigneeName: 'Ama Owusu' },
    });
    // Ama hands it to Kofi; Kofi gives it up.
    expect((await assign(conversationId, ama.cookie, kofi.id, ama.id)).json().conversation.assigneeName).toBe('Kofi Mensah');
    expect((await assign(conversationId, kofi.cookie, null, kofi.id)).json().conversation.assigneeId).toBeNull();
    // A customer socket never hears of it.
    expect(customerSocket?.events.some((event) => (event.type as string) === 'assigned')).toBe(false);
  });

  it('gives one of two agents taking the same conversation at once the conversation, and the other a clear message', async () => {
    const { conversationId } = await customerWithConversation();
    const results = await Promise.all([
      assign(conversationId, ama.cookie, ama.id, null),
      assign(conversationId, kofi.cookie, kofi.id, null),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().conversation.assigneeName as string;
    const loser = results.find((r) => r.statusCode === 409)!.json().error;
    expect(loser).toMatchObject({ code: 'CONVERSATION_ASSIGNED', message: CHAT_MSG.assignedMeanwhile(winner) });
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'chat.assign'), eq(auditLog.targetId, String(conversationId)))),
    ).toHaveLength(1);
  });

  it("lets support take only a conversation nobody has or their own; the super admin reassigns anyone's", async () => {
    const { conversationId } = await customerWithConversation();
    expect((await assign(conversationId, ama.cookie, ama.id, null)).statusCode).toBe(200);
    // Kofi saw it as Ama's and tries to take it, or to unassign it: refused, naming Ama.
    for (const target of [kofi.id, null]) {
      const refused = await assign(conversationId, kofi.cookie, target, ama.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'CONVERSATION_NOT_YOURS', message: CHAT_MSG.assignedToOther('Ama Owusu') });
    }
    // Not to someone who does not answer chats (a manager), nor to nobody's id.
    const toManager = await assign(conversationId, ama.cookie, (await t.createStaff('manager')).id, ama.id);
    expect(toManager.json().error).toMatchObject({ code: 'ASSIGNEE_INVALID', message: CHAT_MSG.assigneeNotAgent });
    // The super admin moves it to Kofi.
    const moved = await assign(conversationId, superAdmin.cookie, kofi.id, ama.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().conversation.assigneeId).toBe(kofi.id);
    // Roles without the chat never reach it.
    for (const cookie of [manager.cookie, compliance.cookie])
      expect((await assign(conversationId, cookie, null, kofi.id)).statusCode).toBe(403);
  });

  it('lists the agents a conversation can go to: active staff with the chat', async () => {
    const agents = (await t.request({ method: 'GET', url: '/api/admin/chat/agents', cookie: ama.cookie })).json().agents as {
      id: string;
      name: string;
    }[];
    const ids = agents.map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining([ama.id, kofi.id, superAdmin.id]));
    const [managerRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'manager'));
    expect(ids).not.toContain(managerRow!.id);
    expect((await t.request({ method: 'GET', url: '/api/admin/chat/agents', cookie: manager.cookie })).statusCode).toBe(403);
  });
});
