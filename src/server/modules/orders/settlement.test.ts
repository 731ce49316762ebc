import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MSG } from '#shared/contracts/orders.js';
import { SETTINGS_MSG } from '#shared/contracts/admin.js';
import { auditLog, emailLog, settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { ledgerEntries } from '#server/db/schema/ledger.js';
import { orders } from '#server/db/schema/orders.js';
import { firstOrThrow } from '#server/db/rows.js';
import { balances, verifyLedger } from '#server/modules/ledger/service.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createOrderTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { insertMomoMethod } from '#test/helpers/test-app.js';
import { payOrder, placeBuyOrder, tierTwoCustomer } from '#test/helpers/orders.js';
import { Dec } from '#shared/money.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/*
 * Evidence on every decision, refunds and the ledger entries of an order's money (issue 28 points
 * 2-4, docs/decisions/038): what staff confirm arrived, what leaves and from where, two people
 * above the setting, short and over payments, a refund as its own state. Every test ends with the
 * ledger verified: its chain whole and every asset summing to zero.
 */
describe('confirm, pay out, refund', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let admin: string;
  let support: string;
  let manager: string;

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    support = (await t.createStaff('support')).cookie;
    manager = (await t.createStaff('manager')).cookie;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const db = () => t.database.db;
  const row = async (id: number) => firstOrThrow(await db().select().from(orders).where(eq(orders.id, id)));
  const post = (cookie: string, url: string, payload?: Record<string, unknown>) =>
    t.request({ method: 'POST', url, cookie, ...(payload === undefined ? {} : { payload }) });
  const claim = async (cookie: string, id: number) => expect((await post(cookie, `/api/admin/orders/${id}/claim`)).statusCode).toBe(200);
  const btcHash = () => randomBytes(32).toString('hex');
  const evidence = (amountReceived: string, extra: Record<string, unknown> = {}) => ({
    amountReceived,
    evidenceKind: 'statement_line',
    evidence: 'MTN statement 2026-11-28, line 14: 024 123 4567',
    ...extra,
  });
  const entriesOf = async (orderId: number) =>
    (await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))).map((entry) => entry.kind).sort();
  const balanceOf = async (code: string) => (await balances(db(), { codes: [code] }))[0]?.balance ?? '0';
  const ledgerIsWhole = async () => {
    const verified = await verifyLedger(db());
    expect(verified.problems).toEqual([]);
  };

  async function paidBuy(amountGhs = '300') {
    const customer = await tierTwoCustomer(t);
    const order = await placeBuyOrder(t, customer.cookie, { methodId, amountFiat: amountGhs });
    // A number of its own: one number shared by several customers holds their orders (docs/decisions/017).
    const payerNumber = `024${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    await payOrder(t, customer.cookie, order.id, payerNumber);
    return { customer, order: await row(order.id), payerNumber };
  }

  async function sentSell(amountGhs = '300') {
    const customer = await tierTwoCustomer(t);
    const quote = await post(customer.cookie, '/api/quotes', {
      coinSymbol: 'btc',
      side: 'sell',
      fiatCurrency: 'GHS',
      amountFiat: amountGhs,
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const created = await post(customer.cookie, '/api/orders', {
      type: 'sell',
      quoteId: quote.json().id,
      payout: { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0244123456' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().order.id as number;
    expect((await post(customer.cookie, `/api/orders/${id}/payment`, { paymentTxId: btcHash() })).statusCode).toBe(200);
    return { customer, order: await row(id) };
  }

  it('confirms what arrived with its evidence, once, then pays out with the entries of a buy (points 2 and 4)', async () => {
    const { customer, order } = await paidBuy('300');
    const cedis = order.amountGhs!;
    // Only a paid order is confirmed; the evidence is required, cedis have at most 2 decimals, the account is the business's.
    const unpaid = await placeBuyOrder(t, customer.cookie, { methodId, amountFiat: '50' });
    const early = await post(support, `/api/admin/orders/${unpaid.id}/confirm-payment`, evidence('50.00'));
    expect(early.json().error.code).toBe('ORDER_NOT_CONFIRMABLE');
    const noEvidence = await post(support, `/api/admin/orders/${order.id}/confirm-payment`, {
      amountReceived: cedis,
      evidenceKind: 'staff_note',
    });
    expect(noEvidence.statusCode).toBe(400);
    const tooPrecise = await post(support, `/api/admin/orders/${order.id}/confirm-payment`, evidence('300.001'));
    expect(tooPrecise.json().error.fields).toEqual({ amountReceived: ORDER_MSG.cedisDecimals });
    const elsewhere = await post(support, `/api/admin/orders/${order.id}/confirm-payment`, evidence(cedis, { receivedInto: 999_999 }));
    expect(elsewhere.json().error.fields).toEqual({ receivedInto: ORDER_MSG.accountUnknown });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const later = await post(support, `/api/admin/orders/${order.id}/confirm-payment`, evidence(cedis, { receivedAt: future }));
    expect(later.json().error.fields).toEqual({ receivedAt: ORDER_MSG.receivedAtFuture });
    expect((await row(order.id)).status).toBe('payment_submitted');
    expect(await entriesOf(order.id)).toEqual([]);

    // Two confirmations at once: one.
    const results = await Promise.all(
      [support, manager].map((cookie) => post(cookie, `/api/admin/orders/${order.id}/confirm-payment`, evidence(cedis))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const confirmed = await row(order.id);
    expect(confirmed).toMatchObject({
      status: 'payment_confirmed',
      receivedAmount: expect.stringMatching(/^300\.0+$/),
      receivedAccount: `asset:momo:${methodId}`,
      evidenceKind: 'statement_line',
      evidence: 'MTN statement 2026-11-28, line 14: 024 123 4567',
    });
    expect(await entriesOf(order.id)).toEqual(['payment_received']);
    expect(await balanceOf(`asset:momo:${methodId}`)).not.toBe('0');
    expect(await balanceOf(`liability:customer:${customer.id}:GHS`)).toBe(`-${new Dec(cedis).toFixed()}`);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.confirm_payment'), eq(auditLog.targetId, String(order.id))));
    expect(audit?.after).toMatchObject({ status: 'payment_confirmed', evidenceKind: 'statement_line' });
    // Money that arrived is refunded, never cancelled.
    const cancel = await post(support, `/api/admin/orders/${order.id}/cancel`, { reason: 'Changed my mind' });
    expect(cancel.json().error).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', message: ORDER_MSG.cancelConfirmed });

    // The payout: the server computes what is due and refuses another figure.
    await claim(admin, order.id);
    const wrong = await post(admin, `/api/admin/orders/${order.id}/approve`, {
      payoutReference: btcHash(),
      payout: { amountSent: '1', payoutFee: '0.00001' },
    });
    expect(wrong.json().error.fields.amountSent).toContain('The amount due is');
    const hash = btcHash();
    const approved = await post(admin, `/api/admin/orders/${order.id}/approve`, {
      payoutReference: hash,
      payout: { amountSent: order.amountCrypto, payoutFee: '0.00001' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().order).toMatchObject({
      status: 'completed',
      payoutFacts: { account: 'asset:wallet:BTC:BTC', amountSent: expect.any(String), fee: expect.any(String) },
      feeGhs: expect.any(String),
    });
    expect(await entriesOf(order.id)).toEqual(['network_fee', 'payment_received', 'payout_sent']);
    // The customer is owed nothing any more; the fee is revenue; the wallet paid the coins and the network fee.
    expect(await balanceOf(`liability:customer:${customer.id}:GHS`)).toBe('0');
    expect(await balanceOf('revenue:fee:GHS')).toBe(new Dec(order.feeGhs!).negated().toFixed());
    expect(new Dec(await balanceOf('asset:wallet:BTC:BTC')).lte(new Dec(order.amountCrypto).plus('0.00001').negated())).toBe(true);
    expect(await balanceOf('expense:network_fee:BTC')).not.toBe('0');
    // Order Details names the accounts and who confirmed.
    const detail = (await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}`, cookie: admin })).json();
    expect(detail.names.accounts[`asset:momo:${methodId}`]).toEqual(expect.any(String));
    expect(detail.names.accounts['asset:wallet:BTC:BTC']).toBe('BTC wallet (Bitcoin)');
    expect(detail.names.confirmedBy).toEqual(expect.any(String));
    await ledgerIsWhole();
  });

  it('keeps two people on an order above the setting: no one-step payout, and the confirmer does not pay out (point 2)', async () => {
    // The super admin sets the amount in Settings (only they may: the settings area); audited like every setting.
    const refused = await t.request({ method: 'PUT', url: '/api/admin/settings', cookie: manager, payload: { twoPeopleAboveGhs: '200' } });
    expect(refused.statusCode).toBe(403);
    const bad = await t.request({ method: 'PUT', url: '/api/admin/settings', cookie: admin, payload: { twoPeopleAboveGhs: '0' } });
    expect(bad.json().error.fields).toEqual({ twoPeopleAboveGhs: SETTINGS_MSG.twoPeopleAboveGhs });
    const set = await t.request({ method: 'PUT', url: '/api/admin/settings', cookie: admin, payload: { twoPeopleAboveGhs: '200' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().twoPeopleAboveGhs ?? set.json().settings?.twoPeopleAboveGhs).toMatch(/^200(\.00)?$/);
    try {
      const { order } = await paidBuy('300');
      await claim(support, order.id);
      const oneStep = await post(support, `/api/admin/orders/${order.id}/approve`, {
        payoutReference: btcHash(),
        confirmation: evidence(order.amountGhs!),
      });
      expect(oneStep.json().error).toEqual({ code: 'TWO_PEOPLE_REQUIRED', message: ORDER_MSG.twoPeopleRequired('GHS 200.00') });
      expect((await row(order.id)).status).toBe('payment_submitted');
      expect(await entriesOf(order.id)).toEqual([]);
      // Support confirms; support may not then pay it out, nor refund it; the manager may.
      expect((await post(support, `/api/admin/orders/${order.id}/confirm-payment`, evidence(order.amountGhs!))).statusCode).toBe(200);
      const own = await post(support, `/api/admin/orders/${order.id}/approve`, { payoutReference: btcHash() });
      expect(own.json().error).toEqual({ code: 'TWO_PEOPLE_REQUIRED', message: ORDER_MSG.twoPeopleOwnConfirmation('GHS 200.00') });
      const ownRefund = await post(support, `/api/admin/orders/${order.id}/refund`, { reference: 'MPREFUND123456', reason: 'Paid twice' });
      expect(ownRefund.json().error.code).toBe('TWO_PEOPLE_REQUIRED');
      await t.request({ method: 'POST', url: `/api/admin/orders/${order.id}/claim/takeover`, cookie: manager });
      const other = await post(manager, `/api/admin/orders/${order.id}/approve`, { payoutReference: btcHash() });
      expect(other.statusCode, other.body).toBe(200);
      // Below the setting one person does both, in one step.
      const small = await paidBuy('150');
      await claim(support, small.order.id);
      const both = await post(support, `/api/admin/orders/${small.order.id}/approve`, {
        payoutReference: btcHash(),
        confirmation: evidence(small.order.amountGhs!),
      });
      expect(both.statusCode, both.body).toBe(200);
      const steps = await t.request({ method: 'GET', url: `/api/orders/${small.order.id}`, cookie: small.customer.cookie });
      expect(steps.json().timeline.map((e: { to: string }) => e.to)).toEqual([
        'awaiting_payment',
        'payment_submitted',
        'payment_confirmed',
        'completed',
      ]);
    } finally {
      await db().update(settings).set({ twoPeopleAboveGhs: '5000' }).where(eq(settings.id, 1));
    }
    await ledgerIsWhole();
  });

  it('settles a short payment for what arrived at the locked price, and an over payment for the order with the difference refunded (point 2)', async () => {
    const short = await paidBuy('300');
    await claim(support, short.order.id);
    expect((await post(support, `/api/admin/orders/${short.order.id}/confirm-payment`, evidence('150.00'))).statusCode).toBe(200);
    const unsettled = await post(support, `/api/admin/orders/${short.order.id}/approve`, { payoutReference: btcHash() });
    expect(unsettled.json().error.code).toBe('SETTLE_REQUIRED');
    expect(unsettled.json().error.message).toBe(ORDER_MSG.settleRequired('GHS 150.00', 'GHS 300.00'));
    const notOver = await post(support, `/api/admin/orders/${short.order.id}/approve`, {
      payoutReference: btcHash(),
      payout: { settle: 'ordered', differenceRefundReference: 'MPDIFF0000001' },
    });
    expect(notOver.json().error.fields).toEqual({ settle: ORDER_MSG.settleOrderedNeedsOverpayment });
    const half = await post(support, `/api/admin/orders/${short.order.id}/approve`, {
      payoutReference: btcHash(),
      payout: { settle: 'received' },
    });
    expect(half.statusCode, half.body).toBe(200);
    const halfRow = await row(short.order.id);
    // Half the cedis buy half the coins, rounded down; half the fee is revenue.
    expect(new Dec(halfRow.amountSent!).toFixed()).toBe(
      new Dec(short.order.amountCrypto).div(2).toDecimalPlaces(8, Dec.ROUND_DOWN).toFixed(),
    );
    expect(await balanceOf(`liability:customer:${short.customer.id}:GHS`)).toBe('0');

    const over = await paidBuy('300');
    await claim(support, over.order.id);
    expect((await post(support, `/api/admin/orders/${over.order.id}/confirm-payment`, evidence('350.00'))).statusCode).toBe(200);
    const noReference = await post(support, `/api/admin/orders/${over.order.id}/approve`, {
      payoutReference: btcHash(),
      payout: { settle: 'ordered' },
    });
    expect(noReference.json().error.fields).toEqual({ differenceRefundReference: ORDER_MSG.differenceRefundRequired });
    const ordered = await post(support, `/api/admin/orders/${over.order.id}/approve`, {
      payoutReference: btcHash(),
      payout: { settle: 'ordered', differenceRefundReference: 'MPDIFF0000002' },
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(await entriesOf(over.order.id)).toEqual(['payment_received', 'payout_sent', 'refund_sent']);
    expect(await balanceOf(`liability:customer:${over.customer.id}:GHS`)).toBe('0');
    const seen = (await t.request({ method: 'GET', url: `/api/orders/${over.order.id}`, cookie: over.customer.cookie })).json().order;
    expect(seen).toMatchObject({ status: 'completed', refund: { amount: expect.stringMatching(/^50\.0+$/), reference: 'MPDIFF0000002' } });
    const [mail] = await db()
      .select()
      .from(emailLog)
      .where(eq(emailLog.subject, `Order #${over.order.id} completed`));
    expect(mail?.body).toContain(`GHS 50.00 was refunded to the number you paid from (${over.payerNumber}).`);
    await ledgerIsWhole();
  });

  it('refunds a paid order as its own state: claimed, with its reference for ever, the limit released, the customer told (point 3)', async () => {
    const { customer, order, payerNumber } = await paidBuy('300');
    const volumeBefore = firstOrThrow(await db().select().from(users).where(eq(users.id, customer.id))).tradingVolumeUsd;
    const refund = { reference: 'MPREFUND000777', reason: 'We could not send coins to this wallet.' };
    // A refund moves money: the live claimant only; a submitted order needs the confirmation too.
    const unclaimed = await post(support, `/api/admin/orders/${order.id}/refund`, { ...refund, confirmation: evidence(order.amountGhs!) });
    expect(unclaimed.json().error.code).toBe('ORDER_NOT_CLAIMED');
    await claim(support, order.id);
    const unconfirmed = await post(support, `/api/admin/orders/${order.id}/refund`, refund);
    expect(unconfirmed.json().error.code).toBe('CONFIRMATION_REQUIRED');
    // The customer's own payment id is not a refund reference.
    const theirs = await post(support, `/api/admin/orders/${order.id}/refund`, {
      ...refund,
      reference: order.paymentTxId,
      confirmation: evidence(order.amountGhs!),
    });
    expect(theirs.json().error.code).toBe('REFUND_REFERENCE_USED');
    const done = await post(support, `/api/admin/orders/${order.id}/refund`, { ...refund, confirmation: evidence(order.amountGhs!) });
    expect(done.statusCode, done.body).toBe(200);
    expect(await row(order.id)).toMatchObject({
      status: 'refunded',
      refundReference: 'MPREFUND000777',
      refundAccount: `asset:momo:${methodId}`,
      refundReason: refund.reason,
    });
    expect(await entriesOf(order.id)).toEqual(['payment_received', 'refund_sent']);
    expect(await balanceOf(`liability:customer:${customer.id}:GHS`)).toBe('0');
    const after = firstOrThrow(await db().select().from(users).where(eq(users.id, customer.id))).tradingVolumeUsd;
    expect(new Dec(volumeBefore).minus(after).toFixed(2)).toBe(new Dec(order.amountUsd).toFixed(2));
    const mine = (await t.request({ method: 'GET', url: `/api/orders/${order.id}`, cookie: customer.cookie })).json();
    expect(mine.order).toMatchObject({
      status: 'refunded',
      refund: { reference: 'MPREFUND000777', reason: refund.reason, destination: `the number you paid from (${payerNumber})` },
    });
    expect(mine.timeline.at(-1)).toMatchObject({ to: 'refunded', actor: 'staff' });
    const [mail] = await db()
      .select()
      .from(emailLog)
      .where(eq(emailLog.subject, `Order #${order.id} refunded`));
    expect(mail?.body).toContain(`GHS 300.00 was refunded to the number you paid from (${payerNumber}).`);
    expect(mail?.body).toContain('Refund reference: MPREFUND000777');
    // Once: a refunded order is final, and its reference serves no other order, in any writing.
    expect((await post(support, `/api/admin/orders/${order.id}/refund`, refund)).json().error.code).toBe('ORDER_NOT_REFUNDABLE');
    const next = await paidBuy('100');
    await claim(support, next.order.id);
    const reused = await post(support, `/api/admin/orders/${next.order.id}/refund`, {
      reference: 'mp-refund-000777',
      reason: 'Again',
      confirmation: evidence(next.order.amountGhs!),
    });
    expect(reused.json().error.code).toBe('REFUND_REFERENCE_USED');
    // Nor is it a payout reference of another order.
    const asPayout = await post(support, `/api/admin/orders/${next.order.id}/approve`, {
      payoutReference: 'MPREFUND000777',
      confirmation: evidence(next.order.amountGhs!),
    });
    expect(asPayout.statusCode).toBe(400);
    await ledgerIsWhole();
  });

  it("confirms a sell's coins into its wallet, pays the cedis from a named account and refunds coins by a hash (points 2-4)", async () => {
    const payoutMethod = (await insertMomoMethod(db())).id;
    const { customer, order } = await sentSell('300');
    await claim(admin, order.id);
    const noAccount = await post(admin, `/api/admin/orders/${order.id}/approve`, {
      payoutReference: 'MP26112800001',
      confirmation: { ...evidence(order.amountCrypto), evidenceKind: 'chain_transaction' },
    });
    expect(noAccount.json().error.fields).toEqual({ paidFrom: ORDER_MSG.paidFromRequired });
    expect((await row(order.id)).status).toBe('deposit_submitted');
    const paid = await post(admin, `/api/admin/orders/${order.id}/approve`, {
      payoutReference: 'MP26112800001',
      confirmation: { ...evidence(order.amountCrypto), evidenceKind: 'chain_transaction' },
      payout: { paidFrom: payoutMethod, payoutFee: '1.50' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await row(order.id)).toMatchObject({ receivedAccount: 'asset:wallet:BTC:BTC', paidFromAccount: `asset:momo:${payoutMethod}` });
    expect(await entriesOf(order.id)).toEqual(['momo_fee', 'payment_received', 'payout_sent']);
    expect(await balanceOf(`liability:customer:${customer.id}:BTC`)).toBe('0');
    expect(await balanceOf('expense:momo_fee:GHS')).toBe('1.5');

    const back = await sentSell('200');
    await claim(admin, back.order.id);
    const notAHash = await post(admin, `/api/admin/orders/${back.order.id}/refund`, {
      reference: 'MP123456789',
      reason: 'We do not buy this amount today.',
      confirmation: { ...evidence(back.order.amountCrypto), evidenceKind: 'chain_transaction' },
    });
    expect(notAHash.json().error.fields).toEqual({ reference: ORDER_MSG.payoutHashFormat('Bitcoin') });
    const refunded = await post(admin, `/api/admin/orders/${back.order.id}/refund`, {
      reference: btcHash(),
      reason: 'We do not buy this amount today.',
      confirmation: { ...evidence(back.order.amountCrypto), evidenceKind: 'chain_transaction' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const mine = (await t.request({ method: 'GET', url: `/api/orders/${back.order.id}`, cookie: back.customer.cookie })).json().order;
    expect(mine.refund).toMatchObject({ destination: 'the wallet you sent the coins from' });
    expect(await balanceOf(`liability:customer:${back.customer.id}:BTC`)).toBe('0');
    await ledgerIsWhole();
  });

  it('refuses a decision to roles outside the orders area and to customers (denial)', async () => {
    const { customer, order } = await paidBuy('100');
    const compliance = (await t.createStaff('compliance')).cookie;
    for (const cookie of [compliance, customer.cookie]) {
      for (const url of [`/api/admin/orders/${order.id}/confirm-payment`, `/api/admin/orders/${order.id}/refund`]) {
        const refused = await post(cookie, url, { ...evidence('100.00'), reference: `MP${randomUUID().slice(0, 8)}`, reason: 'x' });
        expect(refused.statusCode, url).toBe(403);
      }
    }
    expect((await row(order.id)).status).toBe('payment_submitted');
  });
});
