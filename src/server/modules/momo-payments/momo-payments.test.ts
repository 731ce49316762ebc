import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MOMO_MSG } from '#shared/contracts/momo.js';
import { users } from '#server/db/schema/auth.js';
import { complianceAlerts } from '#server/db/schema/compliance.js';
import { ledgerEntries } from '#server/db/schema/ledger.js';
import { momoPayments } from '#server/db/schema/momo.js';
import { orderEvents, orders } from '#server/db/schema/orders.js';
import { statementExceptions } from '#server/db/schema/statements.js';
import { MOMO_FAILURE_MSG } from '#server/lib/momo/provider.js';
import { startFakeMtnMomoServer, MTN_SANDBOX_NUMBERS, type TFakeMtnServer } from '#test/helpers/fake-mtn-momo-server.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { placeBuyOrder, tierTwoCustomer } from '#test/helpers/orders.js';
import { createOrderTestApp, createTestApp, insertMomoMethod, type TTestApp } from '#test/helpers/test-app.js';
import { startFakePriceServer } from '#test/helpers/fake-price-server.js';
import { TEST_APP_URL } from '#test/setup/constants.js';

/*
 * "Pay with MTN MoMo" (issue 33 point 3, docs/decisions/060) against the local fake of MTN's API
 * (tests/helpers/fake-mtn-momo-server.ts, which follows momodeveloper.mtn.com's Collection pages
 * and sandbox cases). The fake's callback cannot reach an app that is not listening, so each
 * test sends MTN's notice itself, as MTN would, or runs the poller on the moved test clock.
 */

const KYC_NAME = 'Ama Mensah';

let mtn: TFakeMtnServer;
let t: TTestApp;
let prices: TFakePriceServer;
let methodId: number;
let phoneCounter = 0;

/** A new verified customer at Tier 2 with their own Ghana number (+233…) and its MSISDN. */
async function customerWithPhone() {
  phoneCounter += 1;
  const local = `24${String(5_000_000 + phoneCounter).padStart(7, '0')}`;
  const customer = await tierTwoCustomer(t, KYC_NAME);
  await t.database.db
    .update(users)
    .set({ phone: `+233${local}`, phoneVerifiedAt: new Date() })
    .where(eq(users.id, customer.id));
  mtn.names.set(`233${local}`, { given_name: 'Ama', family_name: 'Mensah' });
  return { ...customer, phone: `+233${local}`, msisdn: `233${local}` };
}

const stateOf = async (cookie: string, orderId: number) =>
  (await t.request({ method: 'GET', url: `/api/orders/${orderId}/momo`, cookie })).json();

const prompt = (cookie: string, orderId: number, phone: string) =>
  t.request({ method: 'POST', url: `/api/orders/${orderId}/momo`, cookie, payload: { phone } });

/** MTN's one notice for `referenceId`, with whatever body it (or a forger) sends. */
const notice = (referenceId: string, body: Record<string, unknown> = { status: 'SUCCESSFUL' }) =>
  t.app.inject({ method: 'PUT', url: `/api/momo/mtn/callback/${referenceId}`, payload: body });

async function paymentRows(orderId: number) {
  return t.database.db.select().from(momoPayments).where(eq(momoPayments.orderId, orderId)).orderBy(asc(momoPayments.id));
}

async function orderRow(orderId: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

/** Moves the order clock on (the poller's next reads are due) and runs one poller round. */
async function pollLater(minutes = 1) {
  expect((await t.request({ method: 'POST', url: '/api/test/clock', payload: { advanceMinutes: minutes } })).statusCode).toBe(200);
  await t.app.momoPoller.runOnce();
}

beforeAll(async () => {
  mtn = await startFakeMtnMomoServer({ delayedReads: 2 });
  const made = await createOrderTestApp('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', {
    TEST_CLOCK: 'true',
    MOMO_PROVIDER: 'mtn',
    MTN_BASE_URL: mtn.url,
    MTN_COLLECTION_SUBSCRIPTION_KEY: mtn.credentials.collection.subscriptionKey,
    MTN_COLLECTION_API_USER: mtn.credentials.collection.apiUser,
    MTN_COLLECTION_API_KEY: mtn.credentials.collection.apiKey,
    // A hung call (one test) ends here; what is decided after it does not depend on this time.
    MOMO_TIMEOUT_MS: '500',
  });
  t = made.t;
  prices = made.fake;
  methodId = made.methodId;
});

afterAll(async () => {
  await t.close();
  await prices.close();
  await mtn.close();
});

afterEach(() => mtn.set({}));

describe('Pay with MTN MoMo', () => {
  it('prompts the verified phone for the order cedis, and MTN\u2019s status (read back on its notice) confirms the order without staff', async () => {
    const customer = await customerWithPhone();
    const order = await placeBuyOrder(t, customer.cookie, { methodId, amountFiat: '250' });
    const before = await stateOf(customer.cookie, order.id);
    expect(before).toEqual({ available: true, suggestedPhone: customer.phone, payment: null });

    const sent = await prompt(customer.cookie, order.id, '024 ' + customer.phone.slice(6));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().payment).toMatchObject({ state: 'pending', phone: customer.phone, amount: '250.00', failure: null });
    const [row] = await paymentRows(order.id);
    // What MTN got: the order's cedis with two decimals, its payment reference, the MSISDN, a callback naming the reference.
    expect(mtn.transactions.get(row!.referenceId)).toMatchObject({
      body: { amount: '250.00', currency: 'GHS', externalId: (await orderRow(order.id)).paymentReference, party: customer.msisdn },
      callbackUrl: `${TEST_APP_URL}/api/momo/mtn/callback/${row!.referenceId}`,
    });

    const noticed = await notice(row!.referenceId);
    expect(noticed.statusCode, noticed.body).toBe(200);
    const confirmed = await orderRow(order.id);
    expect(confirmed).toMatchObject({
      status: 'payment_confirmed',
      evidenceKind: 'provider_reference',
      receivedAmount: '250.00000000',
      payerName: KYC_NAME,
    });
    expect(confirmed.paymentTxId).toMatch(/^\d+$/);
    expect(confirmed.evidence).toContain(`reference ${row!.referenceId}`);
    expect(confirmed.payerNumber).toBe(`0${customer.msisdn.slice(3)}`);
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorKind])).toEqual([
      [null, 'awaiting_payment', 'customer'],
      ['awaiting_payment', 'payment_submitted', 'system'],
      ['payment_submitted', 'payment_confirmed', 'system'],
    ]);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
    expect(entries.map((e) => e.kind)).toEqual(['payment_received']);
    // The holder's name is the KYC name: no alert.
    expect(await t.database.db.select().from(complianceAlerts).where(eq(complianceAlerts.orderId, order.id))).toEqual([]);
    expect((await stateOf(customer.cookie, order.id)).payment).toMatchObject({ state: 'successful' });
    expect((await stateOf(customer.cookie, order.id)).available).toBe(false);

    // MTN's notice again (a replay) or the poller later change nothing: the payment moved once.
    expect((await notice(row!.referenceId)).statusCode).toBe(200);
    await pollLater();
    expect(await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toHaveLength(3);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id))).toHaveLength(1);
  });

  it('raises the name-mismatch alert when the wallet holder is not the customer', async () => {
    const customer = await customerWithPhone();
    mtn.names.set(customer.msisdn, { given_name: 'Kofi', family_name: 'Boateng' });
    const order = await placeBuyOrder(t, customer.cookie, { methodId });
    expect((await prompt(customer.cookie, order.id, customer.phone)).statusCode).toBe(200);
    await notice((await paymentRows(order.id))[0]!.referenceId);
    expect((await orderRow(order.id)).status).toBe('payment_confirmed');
    const alerts = await t.database.db.select().from(complianceAlerts).where(eq(complianceAlerts.orderId, order.id));
    expect(alerts.map((a) => [a.rule, a.details])).toEqual([['name_mismatch', { recordedName: 'Kofi Boateng', customerName: KYC_NAME }]]);
  });

  it('says why a prompt failed (it expired on the phone), leaves the order waiting, and lets the customer send a new one', async () => {
    const customer = await customerWithPhone();
    mtn.aliases.set(customer.msisdn, MTN_SANDBOX_NUMBERS.expired);
    const order = await placeBuyOrder(t, customer.cookie, { methodId });
    expect((await prompt(customer.cookie, order.id, customer.phone)).statusCode).toBe(200);
    // No notice (MTN may send none): the poller reads the status.
    await pollLater();
    const state = await stateOf(customer.cookie, order.id);
    expect(state).toMatchObject({ available: true, payment: { state: 'failed', failure: MOMO_FAILURE_MSG.EXPIRED } });
    expect((await orderRow(order.id)).status).toBe('awaiting_payment');
    mtn.aliases.delete(customer.msisdn);
    const again = await prompt(customer.cookie, order.id, customer.phone);
    expect(again.statusCode, again.body).toBe(200);
    expect(await paymentRows(order.id)).toHaveLength(2);
  });

  it('refuses a number with no MTN MoMo wallet at once, in words, and sends nothing', async () => {
    const customer = await customerWithPhone();
    mtn.aliases.set(customer.msisdn, MTN_SANDBOX_NUMBERS.failed);
    const order = await placeBuyOrder(t, customer.cookie, { methodId });
    const before = mtn.transactions.size;
    const refused = await prompt(customer.cookie, order.id, customer.phone);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ message: MOMO_MSG.noWallet, fields: { phone: MOMO_MSG.noWallet } });
    expect(mtn.transactions.size).toBe(before);
    expect(await paymentRows(order.id)).toEqual([]);
  });

  it('believes no notice: a forged SUCCESSFUL for a payment MTN still has pending changes nothing', async () => {
    const customer = await customerWithPhone();
    mtn.aliases.set(customer.msisdn, MTN_SANDBOX_NUMBERS.ongoing);
    const order = await placeBuyOrder(t, customer.cookie, { methodId });
    expect((await prompt(customer.cookie, order.id, customer.phone)).statusCode).toBe(200);
    const [row] = await paymentRows(order.id);
    const forged = await notice(row!.referenceId, { status: 'SUCCESSFUL', financialTransactionId: '99999999', amount: '300' });
    expect(forged.statusCode).toBe(200);
    expect((await paymentRows(order.id))[0]).toMatchObject({ state: 'pending', providerTransactionId: null });
    expect((await orderRow(order.id)).status).toBe('awaiting_payment');
    // Nor does one for a reference nobody made, answered the same.
    expect((await notice('0b4a3c2e-1d7f-4a8b-9c6d-5e4f3a2b1c0d')).json()).toEqual({ ok: true });
    expect((await notice('not-a-reference')).json()).toEqual({ ok: true });
  });

  it('sends one prompt for a double click: the second is refused while the first is pending', async () => {
    const customer = await customerWithPhone();
    mtn.aliases.set(customer.msisdn, MTN_SANDBOX_NUMBERS.ongoing);
    const order = await placeBuyOrder(t, customer.cookie, { methodId });
    const answers = await Promise.all([
      prompt(customer.cookie, order.id, customer.phone),
      prompt(customer.cookie, order.id, customer.phone),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error).toMatchObject({
      code: 'MOMO_ALREADY_PENDING',
      message: MOMO_MSG.alreadyPending,
    });
    const rows = await paymentRows(order.id);
    expect(rows).toHaveLength(1);
    expect([...mtn.transactions.values()].filter((tr) => tr.referenceId === rows[0]!.referenceId)).toHaveLength(1);
  });

  it('sends a request MTN never got again with the same reference, and a lost answer is never a second payment', async () => {
    const customer = await customerWithPhone();
    const order = await placeBuyOrder(t, customer.cookie, { methodId });
    // MTN does not answer: the request times out and MTN has nothing under the reference.
    mtn.set({ hang: true });
    // The wallet check hangs too and is let through; the prompt's call times out.
    expect((await prompt(customer.cookie, order.id, customer.phone)).statusCode).toBe(200);
    mtn.set({});
    const [row] = await paymentRows(order.id);
    expect(mtn.transactions.has(row!.referenceId)).toBe(false);
    // The poller reads 404 (never got it) and sends it again, with the same reference.
    await pollLater();
    expect(mtn.transactions.has(row!.referenceId)).toBe(true);
    expect((await paymentRows(order.id))[0]).toMatchObject({ sends: 2, state: 'pending' });
    await pollLater();
    expect((await orderRow(order.id)).status).toBe('payment_confirmed');
    expect(await paymentRows(order.id)).toHaveLength(1);
  });

  it('puts money MTN took after the order ended in the exceptions queue, and leaves the order as it is', async () => {
    const customer = await customerWithPhone();
    mtn.aliases.set(customer.msisdn, MTN_SANDBOX_NUMBERS.delayed);
    const order = await placeBuyOrder(t, customer.cookie, { methodId });
    expect((await prompt(customer.cookie, order.id, customer.phone)).statusCode).toBe(200);
    await pollLater(); // pending (1st read)
    // The deadline passes: the order expires while MTN still says pending.
    await pollLater(31); // pending (2nd read)
    expect((await orderRow(order.id)).status).toBe('expired');
    await pollLater(); // successful
    expect((await paymentRows(order.id))[0]).toMatchObject({ state: 'successful' });
    expect((await orderRow(order.id)).status).toBe('expired');
    const items = await t.database.db
      .select()
      .from(statementExceptions)
      .where(and(eq(statementExceptions.orderId, order.id), eq(statementExceptions.kind, 'no_order')));
    expect(items).toHaveLength(1);
    expect(items[0]!.detail).toContain('which was expired when it arrived');
  });
});

describe('Pay with MTN MoMo: who may', () => {
  it('is for the order\u2019s own customer only', async () => {
    const owner = await customerWithPhone();
    const order = await placeBuyOrder(t, owner.cookie, { methodId });
    const stranger = await customerWithPhone();
    expect((await t.request({ method: 'GET', url: `/api/orders/${order.id}/momo`, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await prompt(stranger.cookie, order.id, stranger.phone)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/orders/${order.id}/momo` })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: `/api/orders/${order.id}/momo`, payload: { phone: owner.phone } })).statusCode).toBe(
      401,
    );
    const support = await t.createStaff('support');
    expect((await prompt(support.cookie, order.id, owner.phone)).statusCode).toBe(403);
    expect(await paymentRows(order.id)).toEqual([]);
  });

  it('is off unless MOMO_PROVIDER names a provider: the order page is told, and a prompt is refused', async () => {
    const fake = await startFakePriceServer();
    const manual = await createTestApp(fake.env());
    try {
      await manual.app.market.refreshOnce();
      const id = (await insertMomoMethod(manual.database.db)).id;
      const customer = await tierTwoCustomer(manual);
      const order = await placeBuyOrder(manual, customer.cookie, { methodId: id });
      const state = await manual.request({ method: 'GET', url: `/api/orders/${order.id}/momo`, cookie: customer.cookie });
      expect(state.json()).toEqual({ available: false, suggestedPhone: null, payment: null });
      const refused = await manual.request({
        method: 'POST',
        url: `/api/orders/${order.id}/momo`,
        cookie: customer.cookie,
        payload: { phone: '0241234567' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'MOMO_NOT_AVAILABLE', message: MOMO_MSG.notAvailable });
    } finally {
      await manual.close();
      await fake.close();
    }
  });

  it('refuses a number that is not a Ghana mobile number, on its field', async () => {
    const customer = await customerWithPhone();
    const order = await placeBuyOrder(t, customer.cookie, { methodId });
    const refused = await prompt(customer.cookie, order.id, '12345');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ phone: MOMO_MSG.invalidNumber });
  });
});
