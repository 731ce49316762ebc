import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_PAYOUT_MSG } from '#shared/contracts/momo.js';
import { ORDER_MSG } from '#shared/contracts/orders.js';
import { auditLog } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { ledgerEntries } from '#server/db/schema/ledger.js';
import { momoPayments } from '#server/db/schema/momo.js';
import { orderEvents, orders } from '#server/db/schema/orders.js';
import { firstOrThrow } from '#server/db/rows.js';
import { createMtnMomoProvider } from '#server/lib/momo/mtn.js';
import { MOMO_FAILURE_MSG } from '#server/lib/momo/provider.js';
import { verifyLedger } from '#server/modules/ledger/service.js';
import { startFakeMtnMomoServer, MTN_SANDBOX_NUMBERS, type TFakeMtnServer } from '#test/helpers/fake-mtn-momo-server.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { orderEntries } from '#test/helpers/ledger-postings.js';
import { tierTwoCustomer } from '#test/helpers/orders.js';
import { createOrderTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';

/*
 * Sellers paid automatically (issue 33 points 4-5, docs/decisions/061): the auto-payout policy
 * decides when a sell's deposit is confirmed, the poller sends the transfer to MTN (the local fake
 * of its Disbursement API, tests/helpers/fake-mtn-momo-server.ts) and completes the order from
 * the transfer's status; everything the policy does not allow waits for staff with the reason.
 */

let mtn: TFakeMtnServer;
let t: TTestApp;
let prices: TFakePriceServer;
let methodId: number;
let admin: string;
let support: string;
let phoneCounter = 0;

const db = () => t.database.db;
const post = (cookie: string, url: string, payload?: Record<string, unknown>) =>
  t.request({ method: 'POST', url, cookie, ...(payload === undefined ? {} : { payload }) });
const orderRow = async (id: number) => firstOrThrow(await db().select().from(orders).where(eq(orders.id, id)));
const payoutsOf = (orderId: number) =>
  db()
    .select()
    .from(momoPayments)
    .where(and(eq(momoPayments.orderId, orderId), eq(momoPayments.kind, 'payout')))
    .orderBy(asc(momoPayments.id));
const setPolicy = (cookie: string, policy: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/admin/auto-payout-policy', cookie, payload: policy });
const POLICY = { enabled: true, maxGhs: '2000', dailyCapGhs: '20000', minTier: 1 };

/** Moves the clock on and runs one poller round (the payout's next read is due). */
async function pollLater(minutes = 1) {
  expect((await t.request({ method: 'POST', url: '/api/test/clock', payload: { advanceMinutes: minutes } })).statusCode).toBe(200);
  await t.app.momoPoller.runOnce();
}

/**
 * A Tier 2 customer with a verified phone who sold BTC for `amountGhs` to be paid to `payoutNumber`
 * (their own phone unless given) and said "I have sent"; then support confirms the coins arrived.
 */
async function confirmedSell(amountGhs: string, options: { payoutNumber?: string } = {}) {
  phoneCounter += 1;
  const local = `0246${String(100_000 + phoneCounter).padStart(6, '0')}`;
  const customer = await tierTwoCustomer(t, 'Ama Mensah');
  await db()
    .update(users)
    .set({ phone: `+233${local.slice(1)}`, phoneVerifiedAt: new Date() })
    .where(eq(users.id, customer.id));
  const quote = await post(customer.cookie, '/api/quotes', { coinSymbol: 'btc', side: 'sell', fiatCurrency: 'GHS', amountFiat: amountGhs });
  expect(quote.statusCode, quote.body).toBe(201);
  const created = await post(customer.cookie, '/api/orders', {
    type: 'sell',
    quoteId: quote.json().id,
    payout: { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: options.payoutNumber ?? local },
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json().order as { id: number; amountCrypto: string };
  expect(
    (await post(customer.cookie, `/api/orders/${order.id}/payment`, { paymentTxId: randomBytes(32).toString('hex') })).statusCode,
  ).toBe(200);
  const confirmed = await post(support, `/api/admin/orders/${order.id}/confirm-payment`, {
    amountReceived: order.amountCrypto,
    evidenceKind: 'chain_transaction',
    evidence: 'Seen on mempool.space',
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { customer, orderId: order.id, msisdn: `233${local.slice(1)}` };
}

beforeAll(async () => {
  mtn = await startFakeMtnMomoServer({ delayedReads: 1 });
  const made = await createOrderTestApp('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', {
    TEST_CLOCK: 'true',
    MOMO_PROVIDER: 'mtn',
    MTN_BASE_URL: mtn.url,
    MTN_COLLECTION_SUBSCRIPTION_KEY: mtn.credentials.collection.subscriptionKey,
    MTN_COLLECTION_API_USER: mtn.credentials.collection.apiUser,
    MTN_COLLECTION_API_KEY: mtn.credentials.collection.apiKey,
    MTN_DISBURSEMENT_SUBSCRIPTION_KEY: mtn.credentials.disbursement.subscriptionKey,
    MTN_DISBURSEMENT_API_USER: mtn.credentials.disbursement.apiUser,
    MTN_DISBURSEMENT_API_KEY: mtn.credentials.disbursement.apiKey,
    // The "answer lost" test's call ends here; what is decided after it does not depend on this time.
    MOMO_TIMEOUT_MS: '500',
  });
  t = made.t;
  prices = made.fake;
  methodId = made.methodId;
  admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
  support = (await t.createStaff('support')).cookie;
});

afterAll(async () => {
  await t.close();
  await prices.close();
  await mtn.close();
});

afterEach(() => mtn.set({}));

describe('the auto-payout policy', () => {
  it('is off by default: a confirmed sell waits for staff as before, with no note', async () => {
    const policy = await t.request({ method: 'GET', url: '/api/admin/auto-payout-policy', cookie: admin });
    expect(policy.json().policy).toEqual({
      enabled: false,
      maxGhs: '2000.00',
      dailyCapGhs: '20000.00',
      minTier: 1,
      paidFromMethodId: null,
    });
    const { orderId } = await confirmedSell('300');
    expect(await payoutsOf(orderId)).toEqual([]);
    expect(await orderRow(orderId)).toMatchObject({ status: 'deposit_confirmed', autoPayoutNote: null });
  });

  it('is the super admin\u2019s to set, and needs the MTN MoMo wallet payouts leave from', async () => {
    const manager = (await t.createStaff('manager')).cookie;
    expect((await setPolicy(manager, { ...POLICY, paidFromMethodId: methodId })).statusCode).toBe(403);
    expect((await setPolicy(support, { ...POLICY, paidFromMethodId: methodId })).statusCode).toBe(403);
    const noWallet = await setPolicy(admin, { ...POLICY, paidFromMethodId: null });
    expect(noWallet.statusCode).toBe(400);
    expect(noWallet.json().error.fields).toEqual({ paidFromMethodId: AUTO_PAYOUT_MSG.policyNeedsWallet });
    const set = await setPolicy(admin, { ...POLICY, paidFromMethodId: methodId });
    expect(set.statusCode, set.body).toBe(200);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'auto_payout_policy.update'));
    expect(audit?.after).toMatchObject({ enabled: true, paidFromMethodId: methodId });
  });
});

describe('sellers paid automatically', () => {
  beforeAll(async () => {
    expect((await setPolicy(admin, { ...POLICY, paidFromMethodId: methodId })).statusCode).toBe(200);
  });

  it('pays a confirmed sell to the verified phone by MTN and completes it from the transfer\u2019s status, once', async () => {
    const { orderId, msisdn } = await confirmedSell('300');
    const [queued] = await payoutsOf(orderId);
    expect(queued).toMatchObject({ state: 'pending', amount: '300.00', phone: `+${msisdn}`, sends: 0 });
    expect((await orderRow(orderId)).autoPayoutNote).toBe(AUTO_PAYOUT_MSG.sending);
    const [decided] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.auto_payout'), eq(auditLog.targetId, String(orderId))));
    expect(decided?.after).toMatchObject({ amount: '300.00', policy: { enabled: true, maxGhs: '2000.00' } });

    // Staff may not pay it by hand meanwhile.
    expect((await post(support, `/api/admin/orders/${orderId}/claim`)).statusCode).toBe(200);
    const byHand = await post(support, `/api/admin/orders/${orderId}/approve`, {
      payoutReference: 'MP26112900001',
      payout: { paidFrom: methodId },
    });
    expect(byHand.json().error).toMatchObject({ code: 'AUTO_PAYOUT_UNDER_WAY', message: ORDER_MSG.autoPayoutUnderWay });

    await t.app.momoPoller.runOnce(); // sends the transfer
    expect(mtn.transactions.get(queued!.referenceId)).toMatchObject({ product: 'disbursement', body: { amount: '300.00', party: msisdn } });
    await pollLater(); // its status: successful
    const done = await orderRow(orderId);
    expect(done).toMatchObject({ status: 'completed', autoPayoutNote: AUTO_PAYOUT_MSG.paid, amountSent: '300.00000000' });
    expect(done.payoutReference).toMatch(/^\d+$/);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
    expect(events.at(-1)).toMatchObject({ fromStatus: 'deposit_confirmed', toStatus: 'completed', actorKind: 'system' });
    const entries = (await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))).map((e) => e.kind).sort();
    expect(entries).toEqual(['payment_received', 'payout_sent']);
    // Issue 33 point 7: MTN's transaction is the payout's evidence, and the cedis left the policy's wallet in the ledger, by the system.
    const [paid] = await payoutsOf(orderId);
    expect(paid).toMatchObject({ state: 'successful', providerTransactionId: done.payoutReference });
    const [payoutEntry] = await orderEntries(db(), orderId, 'payout_sent');
    expect(payoutEntry?.createdBy).toBeNull();
    expect(payoutEntry?.postings[`asset:momo:${methodId}`]).toBe('-300');
    expect((await verifyLedger(db())).problems).toEqual([]);
    await pollLater();
    expect(
      [...mtn.transactions.values()].filter((tr) => tr.product === 'disbursement' && tr.body.externalId.endsWith(String(orderId))),
    ).toHaveLength(1);
  });

  it('never pays twice when the process died between MTN\u2019s call and its own bookkeeping', async () => {
    const { orderId } = await confirmedSell('250');
    const [queued] = await payoutsOf(orderId);
    // The process that decided made the call and died before recording anything: MTN has the transfer.
    const dead = createMtnMomoProvider({
      baseUrl: mtn.url,
      targetEnvironment: mtn.targetEnvironment,
      currency: mtn.currency,
      collection: mtn.credentials.collection,
      disbursement: mtn.credentials.disbursement,
      timeoutMs: 5_000,
    });
    await dead.transfer({
      referenceId: queued!.referenceId,
      amount: queued!.amount,
      externalId: `ORDER-${orderId}`,
      phone: queued!.phone.slice(1),
      payerMessage: 'x',
      payeeNote: 'x',
    });
    const before = [...mtn.transactions.values()].filter((tr) => tr.product === 'disbursement').length;
    // The restarted server sends it again with the same reference (MTN: 409, it has it) and reads its status.
    await t.app.momoPoller.runOnce();
    await pollLater();
    expect([...mtn.transactions.values()].filter((tr) => tr.product === 'disbursement')).toHaveLength(before);
    expect(await orderRow(orderId)).toMatchObject({ status: 'completed' });
    expect(await payoutsOf(orderId)).toHaveLength(1);
  });

  it('puts MTN\u2019s refusal on the order for staff, who then pay it by hand', async () => {
    const { orderId, msisdn } = await confirmedSell('200');
    mtn.aliases.set(msisdn, MTN_SANDBOX_NUMBERS.failed);
    await t.app.momoPoller.runOnce();
    await pollLater();
    const waiting = await orderRow(orderId);
    expect(waiting).toMatchObject({
      status: 'deposit_confirmed',
      autoPayoutNote: AUTO_PAYOUT_MSG.failed(MOMO_FAILURE_MSG.INTERNAL_PROCESSING_ERROR),
    });
    expect((await post(support, `/api/admin/orders/${orderId}/claim`)).statusCode).toBe(200);
    const byHand = await post(support, `/api/admin/orders/${orderId}/approve`, {
      payoutReference: 'MP26112900002',
      payout: { paidFrom: methodId },
    });
    expect(byHand.statusCode, byHand.body).toBe(200);
  });

  it('leaves above the cap, and to a number that is not the verified phone, to staff with the reason', async () => {
    const big = await confirmedSell('2500');
    expect(await payoutsOf(big.orderId)).toEqual([]);
    expect((await orderRow(big.orderId)).autoPayoutNote).toBe(AUTO_PAYOUT_MSG.overMax('GHS 2,000.00'));
    const elsewhere = await confirmedSell('100', { payoutNumber: '0551234999' });
    expect(await payoutsOf(elsewhere.orderId)).toEqual([]);
    expect((await orderRow(elsewhere.orderId)).autoPayoutNote).toBe(AUTO_PAYOUT_MSG.notVerifiedPhone);
    const [skipped] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.auto_payout_skipped'), eq(auditLog.targetId, String(elsewhere.orderId))));
    expect(skipped?.after).toMatchObject({ reason: AUTO_PAYOUT_MSG.notVerifiedPhone });
  });
});
