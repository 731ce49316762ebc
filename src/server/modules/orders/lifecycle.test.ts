import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLog, paymentMethods, settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { orderEvents, orders } from '#server/db/schema/orders.js';
import { firstOrThrow } from '#server/db/rows.js';
import type { TActor } from '#server/plugins/access.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createOrderTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { PAYMENT_REFERENCE_PATTERN } from './payment-reference.js';
import { createLocalStorage } from '#server/lib/storage.js';
import type { TOrderDeps } from './deps.js';
import { expireDueOrders, submitPayment } from './lifecycle.js';
import { approvalBody } from '#test/helpers/orders.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const MINUTE = 60_000;

/*
 * The order lifecycle (docs/decisions/014): an order first, paid within its window ("I have
 * paid"), decided by staff, or expired by the worker; every change once, with its event.
 */
describe('order lifecycle', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let deps: TOrderDeps;

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    await t.database.db.update(settings).set({ notificationEmail: 'alerts@cedicrypto.test' }).where(eq(settings.id, 1));
    deps = {
      db: t.database.db,
      market: t.app.market,
      appUrl: 'http://localhost:3000',
      quoteTtlSeconds: 120,
      log: t.app.log,
      onEmailQueued: () => {},
      storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), 'lifecycle-proofs-'))),
    };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const quote = async (cookie: string, amountUsd: string) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie,
      payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'USD', amountFiat: amountUsd },
    });
    if (response.statusCode !== 201) throw new Error(`quote failed: ${response.body}`);
    return response.json() as { id: string };
  };
  /** A buy order without a transaction id: it waits for the payment. */
  const create = async (cookie: string, amountUsd = '5') => {
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie,
      payload: { type: 'buy', quoteId: (await quote(cookie, amountUsd)).id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().order as { id: number; status: string; paymentReference: string; deadlineAt: string; amountUsd: string };
  };
  const pay = (cookie: string, id: number, payload: Record<string, unknown> = {}) =>
    t.request({
      method: 'POST',
      url: `/api/orders/${id}/payment`,
      cookie,
      payload: { paymentTxId: `MP${randomUUID().slice(0, 8)}`, ...payload },
    });
  const remaining = async (cookie: string) =>
    (await t.request({ method: 'GET', url: '/api/orders/limit', cookie })).json().remainingUsd as string;
  const events = (orderId: number) =>
    t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
  const row = async (orderId: number) => firstOrThrow(await t.database.db.select().from(orders).where(eq(orders.id, orderId)));
  const mails = (subject: string) => t.database.db.select().from(emailLog).where(eq(emailLog.subject, subject));
  /** The customer as the services see them (for the tests that call a service with its own clock). */
  async function actorOf(id: string): Promise<TActor> {
    const user = firstOrThrow(await t.database.db.select().from(users).where(eq(users.id, id)));
    return { id, email: user.email, role: null, user };
  }

  it('creates an order that waits for the payment, with a reference, a 30-minute deadline and its event; the limit counts it', async () => {
    const customer = await t.signUp();
    const before = Date.now();
    const order = await create(customer.cookie, '5');
    expect(order.status).toBe('awaiting_payment');
    expect(order.paymentReference).toMatch(PAYMENT_REFERENCE_PATTERN);
    const deadline = Date.parse(order.deadlineAt);
    expect(deadline).toBeGreaterThanOrEqual(before + 30 * MINUTE - 1000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 30 * MINUTE + 1000);
    expect((await row(order.id)).paymentTxId).toBeNull();
    expect((await events(order.id)).map((e) => [e.fromStatus, e.toStatus, e.actorKind])).toEqual([[null, 'awaiting_payment', 'customer']]);
    expect(await remaining(customer.cookie)).toBe('15.00');
    // Staff are told when it is paid, not before.
    expect(await mails(`New buy order #${order.id}`)).toHaveLength(0);
    // What to pay is stated in cedis (USD 5 at the locked rate of 11.642), with the account as it was.
    const placed = (await t.request({ method: 'GET', url: `/api/orders/${order.id}`, cookie: customer.cookie })).json().order;
    expect(placed).toMatchObject({
      amountGhs: '58.21',
      ghsRate: '11.642100',
      payTo: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241112222' },
      depositTo: null,
      hasProof: false,
    });
    const [confirmation] = await mails(`Order #${order.id} received`);
    expect(confirmation?.body).toContain('GHS 58.21');
    expect(confirmation?.body).toContain(order.paymentReference);
    expect(confirmation?.body).toContain(`/#/orders/${order.id}`);
  });

  it('keeps what an open order shows when the payment method is edited later', async () => {
    const customer = await t.signUp();
    const order = await create(customer.cookie, '5');
    await t.database.db
      .update(paymentMethods)
      .set({ details: { type: 'momo', provider: 'MTN MoMo', name: 'Someone Else', number: '0559998888' } })
      .where(eq(paymentMethods.id, methodId));
    try {
      const shown = (await t.request({ method: 'GET', url: `/api/orders/${order.id}`, cookie: customer.cookie })).json().order;
      expect(shown.payTo).toMatchObject({ name: 'CediCrypto Ltd', number: '0241112222' });
    } finally {
      await t.database.db
        .update(paymentMethods)
        .set({ details: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241112222' } })
        .where(eq(paymentMethods.id, methodId));
    }
  });

  it('takes "I have paid" once: the id, the payer, the event and the staff alert; then refuses it', async () => {
    const customer = await t.signUp();
    const order = await create(customer.cookie);
    const paid = await pay(customer.cookie, order.id, {
      paymentTxId: 'MP24 1101-7788',
      payerNumber: '024 123 4567',
      payerName: 'Ama Mensah',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order).toMatchObject({
      status: 'payment_submitted',
      paymentTxId: 'MP24 1101-7788',
      payerNumber: '024 123 4567',
      payerName: 'Ama Mensah',
    });
    expect((await events(order.id)).map((e) => e.toStatus)).toEqual(['awaiting_payment', 'payment_submitted']);
    expect(await mails(`New buy order #${order.id}`)).toHaveLength(1);

    const again = await pay(customer.cookie, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ORDER_NOT_AWAITING');
    // The customer may no longer cancel it: staff decide now.
    const cancel = await t.request({ method: 'POST', url: `/api/orders/${order.id}/cancel`, cookie: customer.cookie });
    expect(cancel.json().error.code).toBe('ORDER_NOT_AWAITING');
  });

  it('refuses "I have paid" on another customer\'s order (404) and with an id a live order has, however it is written (409)', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const first = await create(owner.cookie);
    expect((await pay(other.cookie, first.id)).statusCode).toBe(404);
    expect((await pay(owner.cookie, first.id, { paymentTxId: 'MP7788990011' })).statusCode).toBe(200);
    const second = await create(other.cookie);
    const reused = await pay(other.cookie, second.id, { paymentTxId: 'mp-7788 9900\u200B11' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toMatchObject({ code: 'TX_ID_USED', fields: { paymentTxId: expect.any(String) } });
    expect((await row(second.id)).status).toBe('awaiting_payment');
  });

  it('lets the customer cancel before paying: the limit is released and they are told', async () => {
    const customer = await t.signUp();
    const order = await create(customer.cookie, '12');
    expect(await remaining(customer.cookie)).toBe('8.00');
    const cancelled = await t.request({ method: 'POST', url: `/api/orders/${order.id}/cancel`, cookie: customer.cookie });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order.status).toBe('cancelled');
    expect(await remaining(customer.cookie)).toBe('20.00');
    expect(await mails(`Order #${order.id} cancelled`)).toHaveLength(1);
    expect((await t.request({ method: 'POST', url: `/api/orders/${order.id}/cancel`, cookie: customer.cookie })).statusCode).toBe(409);
  });

  it('expires unpaid orders at their deadline, once: limit released, email, system event; "I have paid" is then refused', async () => {
    const customer = await t.signUp();
    const order = await create(customer.cookie, '10');
    const deadline = Date.parse(order.deadlineAt);
    // A minute before the deadline nothing is due.
    expect(await expireDueOrders(deps, new Date(deadline - MINUTE))).toBe(0);
    expect(await expireDueOrders(deps, new Date(deadline))).toBeGreaterThanOrEqual(1);
    expect(await expireDueOrders(deps, new Date(deadline))).toBe(0);
    expect((await row(order.id)).status).toBe('expired');
    expect(await remaining(customer.cookie)).toBe('20.00');
    const [expiredMail, ...more] = await mails(`Order #${order.id} expired`);
    expect(more).toHaveLength(0);
    expect(expiredMail?.body).toContain('The time to pay for this order ran out');
    expect((await events(order.id)).at(-1)).toMatchObject({
      fromStatus: 'awaiting_payment',
      toStatus: 'expired',
      actorKind: 'system',
      actorId: null,
    });
    const late = await pay(customer.cookie, order.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('ORDER_EXPIRED');
  });

  it('ends "I have paid" racing the expiry in exactly one outcome, at the deadline and just before it', async () => {
    for (const offset of [0, -1]) {
      for (let round = 0; round < 5; round += 1) {
        const customer = await t.signUp();
        const order = await create(customer.cookie, '5');
        const at = new Date(Date.parse(order.deadlineAt) + offset);
        const actor = await actorOf(customer.id);
        const [paid] = await Promise.allSettled([
          submitPayment({ ...deps, now: () => at }, actor, order.id, { paymentTxId: `MP${randomUUID().slice(0, 10)}` }),
          expireDueOrders(deps, at),
        ]);
        // The worker skips a row "I have paid" holds (SKIP LOCKED): its next run, 15 s later, takes it.
        await expireDueOrders(deps, at);
        const final = await row(order.id);
        const moves = (await events(order.id)).filter((e) => e.fromStatus === 'awaiting_payment');
        expect(moves).toHaveLength(1);
        // At the deadline the order is past paying; a millisecond before it, it is not yet due.
        expect(final.status).toBe(offset === 0 ? 'expired' : 'payment_submitted');
        expect(paid.status).toBe(offset === 0 ? 'rejected' : 'fulfilled');
        expect(await remaining(customer.cookie)).toBe(offset === 0 ? '20.00' : '15.00');
      }
    }
  });

  it('ends "I have paid" and an expiry whose clocks disagree in exactly one outcome (two processes)', async () => {
    for (let round = 0; round < 8; round += 1) {
      const customer = await t.signUp();
      const order = await create(customer.cookie, '5');
      const deadline = Date.parse(order.deadlineAt);
      const actor = await actorOf(customer.id);
      await Promise.allSettled([
        submitPayment({ ...deps, now: () => new Date(deadline - 1) }, actor, order.id, { paymentTxId: `MP${randomUUID().slice(0, 10)}` }),
        expireDueOrders(deps, new Date(deadline + 1)),
      ]);
      await expireDueOrders(deps, new Date(deadline + 1));
      const final = await row(order.id);
      expect(['payment_submitted', 'expired']).toContain(final.status);
      expect((await events(order.id)).filter((e) => e.fromStatus === 'awaiting_payment')).toHaveLength(1);
      expect(await remaining(customer.cookie)).toBe(final.status === 'expired' ? '20.00' : '15.00');
    }
  });

  it("ends the customer's cancel and staff decisions racing the expiry in exactly one outcome each", async () => {
    const support = await t.createStaff('support');
    for (let round = 0; round < 4; round += 1) {
      // An unpaid order at its deadline: the customer cancels while the worker expires it.
      const customer = await t.signUp();
      const order = await create(customer.cookie, '5');
      const at = new Date(Date.parse(order.deadlineAt));
      await Promise.allSettled([
        t.request({ method: 'POST', url: `/api/orders/${order.id}/cancel`, cookie: customer.cookie }),
        expireDueOrders(deps, at),
      ]);
      await expireDueOrders(deps, at);
      const final = await row(order.id);
      expect(['cancelled', 'expired']).toContain(final.status);
      expect((await events(order.id)).filter((e) => e.fromStatus === 'awaiting_payment')).toHaveLength(1);
      expect(await remaining(customer.cookie)).toBe('20.00');
      expect(await mails(`Order #${order.id} ${final.status}`)).toHaveLength(1);

      // A paid order when the worker runs past its deadline: staff decide it, the worker leaves it alone.
      const paid = await create(customer.cookie, '5');
      expect((await pay(customer.cookie, paid.id)).statusCode).toBe(200);
      const [decided] = await Promise.all([
        t.request({
          method: 'POST',
          url: `/api/admin/orders/${paid.id}/cancel`,
          cookie: support.cookie,
          payload: { reason: 'The payment did not arrive.' },
        }),
        expireDueOrders(deps, new Date(Date.parse(paid.deadlineAt) + MINUTE)),
      ]);
      expect(decided.statusCode).toBe(200);
      expect((await row(paid.id)).status).toBe('cancelled');
      expect((await events(paid.id)).map((e) => e.toStatus)).toEqual(['awaiting_payment', 'payment_submitted', 'cancelled']);
    }
  });

  it('gives every order its own payment reference, kept unique by the database', async () => {
    const customer = await t.signUp();
    const placed = await Promise.all(Array.from({ length: 3 }, () => create(customer.cookie, '2')));
    const references = placed.map((order) => order.paymentReference);
    expect(new Set(references).size).toBe(references.length);
    const [first, second] = placed;
    await expect(
      t.database.db.update(orders).set({ paymentReference: first!.paymentReference }).where(eq(orders.id, second!.id)),
    ).rejects.toThrow();
  });

  it('lets staff decide only a paid order, once, with the payout reference or the reason the customer is told', async () => {
    const customer = await t.signUp();
    const support = await t.createStaff('support');
    const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    const unpaid = await create(customer.cookie, '5');
    const early = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${unpaid.id}/approve`,
      cookie: support.cookie,
      payload: { payoutReference: randomBytes(32).toString('hex') },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('ORDER_ALREADY_DECIDED');

    expect((await pay(customer.cookie, unpaid.id)).statusCode).toBe(200);
    // Claim, then pay (docs/decisions/029): support claims it before paying out.
    expect((await t.request({ method: 'POST', url: `/api/admin/orders/${unpaid.id}/claim`, cookie: support.cookie })).statusCode).toBe(200);
    // A buy's payout reference is the outgoing transaction hash, checked for the order's network (Bitcoin here).
    const approve = async (cookie: string, id: number, payload?: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: `/api/admin/orders/${id}/approve`,
        cookie,
        ...(payload === undefined ? {} : { payload: await approvalBody(t, id, payload) }),
      });
    const noReference = await approve(support.cookie, unpaid.id);
    expect(noReference.statusCode).toBe(400);
    const notAHash = await approve(support.cookie, unpaid.id, { payoutReference: '0xfeed' });
    expect(notAHash.statusCode).toBe(400);
    expect(notAHash.json().error.fields).toEqual({ payoutReference: 'Enter the transaction hash of the payout on Bitcoin.' });
    expect((await row(unpaid.id)).status).toBe('payment_submitted');
    const hash = randomBytes(32).toString('hex');
    const results = await Promise.all([support.cookie, admin].map((cookie) => approve(cookie, unpaid.id, { payoutReference: hash })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const mine = (await t.request({ method: 'GET', url: `/api/orders/${unpaid.id}`, cookie: customer.cookie })).json();
    expect(mine.order).toMatchObject({ status: 'completed', payoutReference: hash });
    // The customer's timeline: created, paid, the payment confirmed and approved with the reference
    // in one step (docs/decisions/038); staff only as 'staff'.
    expect(mine.timeline.map((e: { to: string; actor: string }) => [e.to, e.actor])).toEqual([
      ['awaiting_payment', 'customer'],
      ['payment_submitted', 'customer'],
      ['payment_confirmed', 'staff'],
      ['completed', 'staff'],
    ]);
    expect(mine.timeline.at(-1)).toMatchObject({ payoutReference: hash });
    expect(JSON.stringify(mine.timeline)).not.toContain('staffName');
    expect((await mails(`Order #${unpaid.id} completed`))[0]?.body).toContain(`Payout reference: ${hash}`);
    expect((await events(unpaid.id)).at(-1)).toMatchObject({
      toStatus: 'completed',
      actorKind: 'staff',
      details: { payoutReference: hash },
    });
    // Staff see who decided it.
    const staffView = (await t.request({ method: 'GET', url: `/api/admin/orders/${unpaid.id}`, cookie: admin })).json();
    expect(staffView.timeline.at(-1).staffName).toEqual(expect.any(String));
    expect(staffView.customer).toEqual({
      kycStatus: 'unverified',
      remainingLimitUsd: '15.00',
      tier: 0,
      leftTodayGhs: null,
      leftThisMonthGhs: null,
    });

    const second = await create(customer.cookie, '5');
    await pay(customer.cookie, second.id);
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${second.id}/cancel`,
      cookie: support.cookie,
      payload: { reason: 'No payment arrived with this reference.' },
    });
    expect(cancelled.statusCode).toBe(200);
    const seen = (await t.request({ method: 'GET', url: `/api/orders/${second.id}`, cookie: customer.cookie })).json().order;
    expect(seen).toMatchObject({ status: 'cancelled', cancelReason: 'No payment arrived with this reference.' });
    expect((await mails(`Order #${second.id} cancelled`))[0]?.body).toContain('Reason: No payment arrived with this reference.');
    // A cancel needs the reason the customer is told.
    const third = await create(customer.cookie, '5');
    await pay(customer.cookie, third.id);
    const silent = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${third.id}/cancel`,
      cookie: support.cookie,
      payload: { reason: ' ' },
    });
    expect(silent.statusCode).toBe(400);
    expect(silent.json().error.fields).toEqual({ reason: 'Tell the customer why the order is cancelled.' });
    expect((await row(third.id)).status).toBe('payment_submitted');
  });

  it('takes no transaction id with a new order: the order comes first', async () => {
    const customer = await t.signUp();
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: customer.cookie,
      payload: {
        type: 'buy',
        quoteId: (await quote(customer.cookie, '5')).id,
        walletAddress: BTC_ADDRESS,
        paymentMethodId: methodId,
        paymentTxId: `MP${randomUUID().slice(0, 10)}`,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(0);
  });

  it('lists paid orders under the "pending" filter and unpaid ones under "awaiting"', async () => {
    const customer = await t.signUp();
    const support = await t.createStaff('support');
    const unpaid = await create(customer.cookie, '3');
    const paid = await create(customer.cookie, '3');
    await pay(customer.cookie, paid.id);
    const list = async (status: string) =>
      (await t.request({ method: 'GET', url: `/api/admin/orders?status=${status}&pageSize=100`, cookie: support.cookie }))
        .json()
        .orders.map((o: { id: number }) => o.id) as number[];
    const pending = await list('pending');
    const awaiting = await list('awaiting');
    expect(pending).toContain(paid.id);
    expect(pending).not.toContain(unpaid.id);
    expect(awaiting).toContain(unpaid.id);
    expect(awaiting).not.toContain(paid.id);
    const dashboard = (await t.request({ method: 'GET', url: '/api/admin/dashboard', cookie: support.cookie })).json();
    const submittedCount = (
      await t.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'payment_submitted')))
    ).length;
    expect(dashboard.pendingOrders).toBeGreaterThanOrEqual(1);
    expect(dashboard.pendingOrders).toBe(submittedCount);
  });

  it('keeps the 50-at-once $15 race: exactly one creation passes the $20 limit', async () => {
    const customer = await t.signUp();
    const quotes = await Promise.all(Array.from({ length: 50 }, () => quote(customer.cookie, '15')));
    const results = await Promise.all(
      quotes.map((q) =>
        t.request({
          method: 'POST',
          url: '/api/orders',
          cookie: customer.cookie,
          payload: { type: 'buy', quoteId: q.id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await remaining(customer.cookie)).toBe('5.00');
  });
});
