import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLog } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { chatMessages, conversations } from '#server/db/schema/chat.js';
import { complianceAlerts, phoneVerifications, smsLog } from '#server/db/schema/compliance.js';
import { momoPayments } from '#server/db/schema/momo.js';
import { orders } from '#server/db/schema/orders.js';
import { firstOrThrow } from '#server/db/rows.js';
import { createLocalStorage } from '#server/lib/storage.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createOrderTestApp, SUPER_ADMIN, TINY_PNG, type TTestApp } from '#test/helpers/test-app.js';
import { ANONYMISED_TEXT, anonymiseDueAccounts } from './retention.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const PHONE = '+233244555111';
const YEAR_MS = 366 * 86_400_000;

/*
 * What anonymisation takes away once a closed account's retention period has run
 * (docs/decisions/017, "Records retention"), beyond the user row and the KYC files that
 * compliance.test.ts covers: the person's names, numbers, screenshots and notes on their orders,
 * the address and text of the emails and SMS sent to them, their support chat, phone codes and
 * the names and numbers the monitoring rules recorded. Amounts, coins and wallet addresses stay.
 */
describe('anonymising a closed account after its retention period', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let admin: string;

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const db = () => t.database.db;

  it("removes the person from their orders, the email and SMS logs, chat, phone codes and alerts, and deletes their payment screenshots; another customer's rows stay", async () => {
    const customer = await t.signUp({ fullName: 'Yaw Boakye' });
    const other = await t.signUp({ fullName: 'Esi Arthur' });
    await db()
      .update(users)
      .set({ kycStatus: 'verified', tier: 2, phone: PHONE, phoneVerifiedAt: new Date() })
      .where(eq(users.id, customer.id));
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: customer.cookie,
      payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'GHS', amountFiat: '200' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: customer.cookie,
      payload: {
        type: 'buy',
        quoteId: quote.json().id,
        walletAddress: BTC_ADDRESS,
        paymentMethodId: methodId,
        notes: 'Call me on 0244555111',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as number;
    const storage = createLocalStorage(t.app.config.documentsDir);
    const proofKey = await storage.put(TINY_PNG, 'png');
    await db()
      .update(orders)
      .set({
        payerNumber: '0244555111',
        payerName: 'Yaw Boakye',
        recordedPayerName: 'Y. Boakye',
        recordedPayerNumber: '0244555111',
        proofKey,
        proofType: 'image/png',
        payout: { type: 'momo', provider: 'MTN MoMo', name: 'Yaw Boakye', number: '0244555111' },
      })
      .where(eq(orders.id, orderId));
    // A "Pay with MTN MoMo" prompt of the order: the wallet's number and its holder's name.
    await db().insert(momoPayments).values({
      orderId,
      provider: 'mtn',
      referenceId: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
      phone: '+233244555111',
      amount: '200.00',
      currency: 'GHS',
      state: 'successful',
      providerTransactionId: '1000000001',
      payerParty: '233244555111',
      holderName: 'Yaw Boakye',
      nextCheckAt: new Date(),
      createdAt: new Date(),
    });
    await db()
      .insert(smsLog)
      .values([
        { userId: customer.id, to: PHONE, kind: 'phone_code', body: 'Your CediCrypto code is 123456.' },
        { userId: other.id, to: '+233244000999', kind: 'phone_code', body: 'Your CediCrypto code is 654321.' },
      ]);
    await db().insert(phoneVerifications).values({ userId: customer.id, phone: PHONE, codeHash: 'x', expiresAt: new Date() });
    const conversation = firstOrThrow(await db().insert(conversations).values({ userId: customer.id }).returning());
    await db()
      .insert(chatMessages)
      .values({ conversationId: conversation.id, sender: 'user', senderId: customer.id, text: 'My name is Yaw.' });
    await db()
      .insert(complianceAlerts)
      .values({
        userId: customer.id,
        orderId,
        rule: 'name_mismatch',
        action: 'flag',
        details: { customerName: 'Yaw Boakye', recordedName: 'Y. Boakye', amountGhs: '200.00' },
        dedupeKey: `test:${orderId}`,
      });
    expect(await db().select().from(emailLog).where(eq(emailLog.to, customer.email))).not.toHaveLength(0);

    const closed = await t.request({
      method: 'POST',
      url: `/api/admin/users/${customer.id}/close`,
      cookie: admin,
      payload: { reason: 'Asked to leave.' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const closedAt = Date.parse(closed.json().closedAt as string);
    expect(await anonymiseDueAccounts({ db: db(), storage, now: () => new Date(closedAt + 6 * YEAR_MS) })).toBe(1);

    expect(firstOrThrow(await db().select().from(momoPayments).where(eq(momoPayments.orderId, orderId)))).toMatchObject({
      phone: ANONYMISED_TEXT,
      payerParty: null,
      holderName: null,
      // What MTN took stays: the payment happened.
      providerTransactionId: '1000000001',
      amount: '200.00',
    });
    const order = firstOrThrow(await db().select().from(orders).where(eq(orders.id, orderId)));
    expect(order).toMatchObject({
      payerNumber: null,
      payerName: null,
      recordedPayerName: null,
      recordedPayerNumber: null,
      payout: null,
      proofKey: null,
      proofType: null,
      notes: null,
      // The business's record of the trade stays.
      walletAddress: BTC_ADDRESS,
      amountGhs: placed.json().order.amountGhs,
    });
    expect(await storage.get(proofKey)).toBeNull();
    expect(await db().select().from(emailLog).where(eq(emailLog.to, customer.email))).toEqual([]);
    const sms = await db()
      .select()
      .from(smsLog)
      .where(or(eq(smsLog.userId, customer.id), eq(smsLog.userId, other.id)));
    expect(sms.find((row) => row.userId === customer.id)).toMatchObject({ to: 'anonymised', kind: 'phone_code' });
    expect(JSON.stringify(sms.find((row) => row.userId === customer.id))).not.toContain('123456');
    expect(sms.find((row) => row.userId === other.id)).toMatchObject({ to: '+233244000999', body: 'Your CediCrypto code is 654321.' });
    expect(await db().select().from(conversations).where(eq(conversations.userId, customer.id))).toEqual([]);
    expect(await db().select().from(chatMessages).where(eq(chatMessages.conversationId, conversation.id))).toEqual([]);
    expect(await db().select().from(phoneVerifications).where(eq(phoneVerifications.userId, customer.id))).toEqual([]);
    const alert = firstOrThrow(await db().select().from(complianceAlerts).where(eq(complianceAlerts.userId, customer.id)));
    expect(alert.details).toEqual({ amountGhs: '200.00' });
    // The other customer's email is untouched.
    expect(await db().select().from(emailLog).where(eq(emailLog.to, other.email))).not.toHaveLength(0);
  });
});
