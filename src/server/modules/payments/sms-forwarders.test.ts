import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '#shared/contracts/admin.js';
import { SMS_FORWARDER_MSG } from '#shared/contracts/sms-forwarders.js';
import { STATEMENT_MSG } from '#shared/contracts/statements.js';
import { Dec } from '#shared/money.js';
import { auditLog, paymentMethods } from '#server/db/schema/app.js';
import { orders } from '#server/db/schema/orders.js';
import { smsForwarders, smsMessages, statementExceptions, statementLines } from '#server/db/schema/statements.js';
import { firstOrThrow } from '#server/db/rows.js';
import { decryptSecret } from '#server/lib/secrets.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { payOrder, placeBuyOrder, TEST_BTC_ADDRESS, tierTwoCustomer } from '#test/helpers/orders.js';
import { createOrderTestApp, type TTestApp } from '#test/helpers/test-app.js';
import { orderEntries } from '#test/helpers/ledger-postings.js';
import { verifyLedger } from '#server/modules/ledger/service.js';
import { smsSignature } from './sms-forwarders.js';

/**
 * The SMS forwarder through the API on the real database (issue 33 point 6, docs/decisions/059):
 * devices set up and revoked by a manager only, the signed webhook's refusals changing nothing,
 * a Telecel text confirming its order by itself, and what is not a clean match in the queue.
 */

let t: TTestApp;
let fake: TFakePriceServer;
let telecelId: number;
let manager: { id: string; cookie: string };
let customer: { id: string; cookie: string };
let txCounter = 13_444_988_000;

type TDevice = { id: string; secret: string; url: string };

async function addDevice(label = 'Telecel wallet phone'): Promise<TDevice> {
  const created = await t.request({
    method: 'POST',
    url: '/api/admin/sms-forwarders',
    cookie: manager.cookie,
    payload: { label, paymentMethodId: telecelId },
  });
  expect(created.statusCode, created.body).toBe(201);
  const body = created.json();
  return { id: body.forwarder.id, secret: body.secret, url: new URL(body.webhookUrl).pathname };
}

/** A Telecel Cash "You have received" text (the wording of sms-parse.test.ts's samples). */
function telecelText(options: { amount: string; from?: string; ref?: string; at?: Date }) {
  const at = (options.at ?? new Date()).toISOString();
  txCounter += 1;
  return (
    `00000${txCounter} Confirmed. You have received GHS${options.amount} from MTN MOBILE MONEY with transaction reference: ` +
    `Transfer From: ${options.from ?? '233240590913'}-YAA ASANTEWAA  on ${at.slice(0, 10)} at ${at.slice(11, 19)}. ` +
    `Your Telecel Cash balance is GHS1293.68. Ref: ${options.ref ?? 'thanks'}.`
  );
}

/** The request SMS Gateway for Android sends for a received text, signed with `secret` (or as `options` say). */
function send(device: TDevice, text: string, options: { sender?: string; timestamp?: number; secret?: string; body?: string } = {}) {
  const body =
    options.body ??
    JSON.stringify({
      deviceId: 'ffffffffceb0b1db00000193991c27e5',
      event: 'sms:received',
      id: randomUUID(),
      payload: {
        messageId: '69bde8d0',
        message: text,
        phoneNumber: options.sender ?? 'T-CASH',
        simNumber: 1,
        receivedAt: new Date().toISOString(),
      },
      webhookId: 'LreFUt-Z3sSq0JufY9uWB',
    });
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  return {
    body,
    timestamp,
    response: t.request({
      method: 'POST',
      url: device.url,
      headers: {
        'content-type': 'application/json',
        'x-timestamp': timestamp,
        'x-signature': smsSignature(options.secret ?? device.secret, body, timestamp),
      },
      payload: body,
    }),
  };
}

const messageCount = async () => firstOrThrow(await t.database.db.select({ n: count() }).from(smsMessages)).n;

async function paidTelecelOrder(payer: string, amountFiat: string) {
  const order = await placeBuyOrder(t, customer.cookie, { methodId: telecelId, amountFiat });
  await payOrder(t, customer.cookie, order.id, payer);
  return firstOrThrow(await t.database.db.select().from(orders).where(eq(orders.id, order.id)));
}

async function openItems() {
  const response = await t.request({ method: 'GET', url: '/api/admin/statements/exceptions', cookie: manager.cookie });
  expect(response.statusCode).toBe(200);
  return response.json().exceptions as {
    id: number;
    kind: string;
    orderId: number | null;
    line: { amount: string } | null;
    sms: { body: string } | null;
    detail: string;
  }[];
}

beforeAll(async () => {
  ({ t, fake } = await createOrderTestApp(TEST_BTC_ADDRESS));
  telecelId = firstOrThrow(
    await t.database.db
      .insert(paymentMethods)
      .values({ name: 'Telecel Cash', details: { type: 'momo', provider: 'Telecel Cash', name: 'CediCrypto Ltd', number: '0201112222' } })
      .returning(),
  ).id;
  manager = await t.createStaff('manager');
  customer = await tierTwoCustomer(t);
  const settings = { confirmMatchedPayments: true, matchWindowHours: 48, unpaidAfterHours: 24 };
  expect(
    (await t.request({ method: 'PUT', url: '/api/admin/statements/settings', cookie: manager.cookie, payload: settings })).statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('SMS forwarder devices', () => {
  it('shows the secret once, keeps it encrypted, audits the change, and lists the device', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/sms-forwarders',
      cookie: manager.cookie,
      payload: { label: 'Shop phone', paymentMethodId: telecelId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body.webhookUrl).toMatch(new RegExp(`/api/sms-forwarder/${body.forwarder.id}$`));
    expect(body.headers).toEqual({ signature: 'X-Signature', timestamp: 'X-Timestamp' });
    const [row] = await t.database.db.select().from(smsForwarders).where(eq(smsForwarders.id, body.forwarder.id));
    expect(row!.secretEncrypted).not.toContain(body.secret);
    expect(decryptSecret(row!.secretEncrypted, t.app.config.authSecret)).toBe(body.secret);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, body.forwarder.id));
    expect(audit).toMatchObject({ action: 'sms_forwarder.create', actorId: manager.id });
    expect(JSON.stringify(audit!.after)).not.toContain(body.secret);
    const listed = await t.request({ method: 'GET', url: '/api/admin/sms-forwarders', cookie: manager.cookie });
    const mine = listed.json().forwarders.find((f: { id: string }) => f.id === body.forwarder.id);
    expect(mine).toMatchObject({ label: 'Shop phone', paymentMethodLabel: 'Telecel Cash', revokedAt: null, lastSeenAt: null });
    expect(JSON.stringify(listed.json())).not.toContain(body.secret);
  });

  it('refuses support, compliance and customers, and a payment method that is not a MoMo wallet', async () => {
    const device = await addDevice();
    for (const role of ['support', 'compliance'] as const) {
      const staff = await t.createStaff(role);
      for (const [method, url] of [
        ['GET', '/api/admin/sms-forwarders'],
        ['POST', '/api/admin/sms-forwarders'],
        ['POST', `/api/admin/sms-forwarders/${device.id}/revoke`],
      ] as const) {
        const refused = await t.request({ method, url, cookie: staff.cookie, payload: { label: 'x', paymentMethodId: telecelId } });
        expect(refused.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    expect((await t.request({ method: 'GET', url: '/api/admin/sms-forwarders', cookie: customer.cookie })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/sms-forwarders' })).statusCode).toBe(401);
    const bank = firstOrThrow(
      await t.database.db
        .insert(paymentMethods)
        .values({ name: 'Bank', details: { type: 'bank', name: 'CediCrypto Ltd', bankName: 'GCB', accountNumber: '1234567890' } })
        .returning(),
    );
    const refused = await t.request({
      method: 'POST',
      url: '/api/admin/sms-forwarders',
      cookie: manager.cookie,
      payload: { label: 'x', paymentMethodId: bank.id },
    });
    expect(refused.json().error.message).toBe(SMS_FORWARDER_MSG.methodNotMomo);
  });
  it('keeps a payment method that a forwarder phone names: deleting it is refused in words, not with a server error', async () => {
    const method = firstOrThrow(
      await t.database.db
        .insert(paymentMethods)
        .values({
          name: 'Second Telecel',
          details: { type: 'momo', provider: 'Telecel Cash', name: 'CediCrypto Ltd', number: '0201234999' },
        })
        .returning(),
    );
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/sms-forwarders',
      cookie: manager.cookie,
      payload: { label: 'Second phone', paymentMethodId: method.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const refused = await t.request({ method: 'DELETE', url: `/api/admin/payment-methods/${method.id}`, cookie: manager.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'PAYMENT_METHOD_IN_USE', message: ADMIN_MSG.methodInUse });
    expect(await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, method.id))).toHaveLength(1);
  });
});

describe('the webhook', () => {
  it('confirms the matching order by itself from a signed Telecel text, with the text as evidence', async () => {
    const device = await addDevice();
    const order = await paidTelecelOrder('0240590913', '410');
    const { response } = send(device, telecelText({ amount: order.amountGhs!, ref: order.paymentReference!, at: order.submittedAt! }));
    const answered = await response;
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({ ok: true, status: 'parsed' });
    const confirmed = firstOrThrow(await t.database.db.select().from(orders).where(eq(orders.id, order.id)));
    expect(confirmed).toMatchObject({ status: 'payment_confirmed', evidenceKind: 'sms_receipt', confirmedBy: null });
    expect(confirmed.evidence).toContain('Confirmed. You have received');
    const [device1] = await t.database.db.select().from(smsForwarders).where(eq(smsForwarders.id, device.id));
    expect(device1!.lastSeenAt).not.toBeNull();
    // Issue 33 point 7: the text is the evidence, kept with the order it confirmed, and the money is in
    // the ledger, written by the system: into the Telecel wallet, owed to the customer.
    const [stored] = await t.database.db
      .select({ body: smsMessages.body })
      .from(smsMessages)
      .innerJoin(statementLines, eq(statementLines.id, smsMessages.lineId))
      .where(eq(statementLines.orderId, order.id));
    expect(confirmed.evidence).toContain(stored!.body);
    expect(await orderEntries(t.database.db, order.id, 'payment_received')).toEqual([
      {
        createdBy: null,
        postings: {
          [`asset:momo:${telecelId}`]: new Dec(order.amountGhs!).toFixed(),
          [`liability:customer:${customer.id}:GHS`]: new Dec(order.amountGhs!).negated().toFixed(),
        },
      },
    ]);
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });

  it('matches by the payer number and amount when the text names no reference', async () => {
    const device = await addDevice();
    const order = await paidTelecelOrder('0241230001', '420');
    const answered = await send(device, telecelText({ amount: order.amountGhs!, from: '233241230001', at: order.submittedAt! })).response;
    expect(answered.json().status).toBe('parsed');
    expect(firstOrThrow(await t.database.db.select().from(orders).where(eq(orders.id, order.id))).status).toBe('payment_confirmed');
  });

  it('confirms an order whose text came before "I have paid" once it is marked paid (the matched payments job)', async () => {
    const device = await addDevice();
    const order = await placeBuyOrder(t, customer.cookie, { methodId: telecelId, amountFiat: '425' });
    const [placed] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    const answered = await send(device, telecelText({ amount: placed!.amountGhs!, ref: placed!.paymentReference! })).response;
    expect(answered.json().status).toBe('parsed');
    await t.app.matchedPayments.runOnce({ rethrow: true });
    expect(firstOrThrow(await t.database.db.select().from(orders).where(eq(orders.id, order.id))).status).toBe('awaiting_payment');
    await payOrder(t, customer.cookie, order.id, '0240590920');
    await t.app.matchedPayments.runOnce({ rethrow: true });
    const confirmed = firstOrThrow(await t.database.db.select().from(orders).where(eq(orders.id, order.id)));
    expect(confirmed).toMatchObject({ status: 'payment_confirmed', evidenceKind: 'sms_receipt', confirmedBy: null });
    expect(confirmed.evidence).toContain('You have received GHS');
  });

  it('refuses a bad signature, an old timestamp, a replay, an unknown and a revoked device, each changing nothing', async () => {
    const device = await addDevice();
    const order = await paidTelecelOrder('0240590914', '430');
    const text = telecelText({ amount: order.amountGhs!, ref: order.paymentReference!, at: order.submittedAt! });
    const before = await messageCount();

    const forged = await send(device, text, { secret: 'not-the-secret' }).response;
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toEqual({ code: 'SMS_SIGNATURE_INVALID', message: SMS_FORWARDER_MSG.badSignature });
    const unsigned = await t.request({ method: 'POST', url: device.url, headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(unsigned.json().error.code).toBe('SMS_SIGNATURE_INVALID');
    const old = await send(device, text, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 }).response;
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toEqual({ code: 'SMS_TIMESTAMP_STALE', message: SMS_FORWARDER_MSG.staleTimestamp });
    const unknown = await send({ ...device, url: '/api/sms-forwarder/fwd_nobody' }, text).response;
    expect(unknown.statusCode).toBe(404);
    expect(await messageCount()).toBe(before);
    expect(firstOrThrow(await t.database.db.select().from(orders).where(eq(orders.id, order.id))).status).toBe('payment_submitted');

    // The first delivery counts; the same request again (same body, same signature) is a replay.
    const first = send(device, text);
    expect((await first.response).statusCode).toBe(200);
    const after = await messageCount();
    const replay = await t.request({
      method: 'POST',
      url: device.url,
      headers: {
        'content-type': 'application/json',
        'x-timestamp': first.timestamp,
        'x-signature': smsSignature(device.secret, first.body, first.timestamp),
      },
      payload: first.body,
    });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error).toEqual({ code: 'SMS_REPLAYED', message: SMS_FORWARDER_MSG.replayed });
    expect(await messageCount()).toBe(after);

    const revoked = await t.request({ method: 'POST', url: `/api/admin/sms-forwarders/${device.id}/revoke`, cookie: manager.cookie });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().forwarder.revokedAt).not.toBeNull();
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'sms_forwarder.revoke'));
    expect(audit).toMatchObject({ targetId: device.id, actorId: manager.id });
    const again = await t.request({ method: 'POST', url: `/api/admin/sms-forwarders/${device.id}/revoke`, cookie: manager.cookie });
    expect(again.json().error.code).toBe('SMS_FORWARDER_ALREADY_REVOKED');
    const fromRevoked = await send(device, telecelText({ amount: '10.00' })).response;
    expect(fromRevoked.statusCode).toBe(403);
    expect(fromRevoked.json().error).toEqual({ code: 'SMS_FORWARDER_REVOKED', message: SMS_FORWARDER_MSG.deviceRevoked });
    expect(await messageCount()).toBe(after);
  });

  it('keeps unparsed and unmatched texts, short and over payments in the queue; a second forward of one payment is a duplicate', async () => {
    const device = await addDevice();
    const fake = await send(device, telecelText({ amount: '500.00' }), { sender: '+233244000999' }).response;
    expect(fake.json().status).toBe('unparsed');
    const strange = await send(device, 'Dear customer, GHS 20.00 was reversed to your wallet.').response;
    expect(strange.json().status).toBe('unparsed');
    const promo = await send(device, 'Stay alert. Never share your PIN or OTP with anyone.').response;
    expect(promo.json().status).toBe('not_payment');
    const nobody = telecelText({ amount: '77.00', from: '233209999999' });
    expect((await send(device, nobody).response).json().status).toBe('parsed');
    expect((await send(device, nobody).response).json().status).toBe('duplicate');
    const order = await paidTelecelOrder('0240590915', '440');
    const short = await send(device, telecelText({ amount: '100.00', ref: order.paymentReference!, at: order.submittedAt! })).response;
    expect(short.json().status).toBe('parsed');

    const items = await openItems();
    const unparsed = items.filter((item) => item.kind === 'sms_unparsed');
    expect(unparsed.map((item) => item.sms?.body)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('You have received GHS500.00'),
        'Dear customer, GHS 20.00 was reversed to your wallet.',
      ]),
    );
    expect(unparsed.find((item) => item.sms?.body.includes('GHS500.00'))!.detail).toContain('fake');
    expect(items.find((item) => item.kind === 'no_order' && item.line?.amount === '77')).toBeDefined();
    expect(items.find((item) => item.kind === 'short_payment' && item.orderId === order.id)).toBeDefined();
    expect(firstOrThrow(await t.database.db.select().from(orders).where(eq(orders.id, order.id))).status).toBe('payment_submitted');

    // A text not understood has no amount: it is written off with the reason, never linked.
    const item = unparsed[0]!;
    const link = await t.request({
      method: 'POST',
      url: `/api/admin/statements/exceptions/${item.id}/resolve`,
      cookie: manager.cookie,
      payload: { resolution: 'link', orderId: order.id },
    });
    expect(link.json().error.message).toBe(STATEMENT_MSG.smsWriteOffOnly);
    const written = await t.request({
      method: 'POST',
      url: `/api/admin/statements/exceptions/${item.id}/resolve`,
      cookie: manager.cookie,
      payload: { resolution: 'write_off', reason: 'A fake payment text from an ordinary number.' },
    });
    expect(written.statusCode, written.body).toBe(200);
    const [closed] = await t.database.db.select().from(statementExceptions).where(eq(statementExceptions.id, item.id));
    expect(closed!.status).toBe('written_off');
  });
});
