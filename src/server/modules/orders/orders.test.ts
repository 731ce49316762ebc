import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coins, emailLog, settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { orders, quotes } from '#server/db/schema/orders.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { foreignPassport, uniqueGhanaPhone } from '#test/helpers/kyc-fixtures.js';
import {
  createOrderTestApp,
  createTestApp,
  multipart,
  setDepositAddress,
  SUPER_ADMIN,
  TINY_JPEG,
  TINY_PNG,
  type TTestApp,
} from '#test/helpers/test-app.js';
import { firstOrThrow } from '#server/db/rows.js';
import { approvalBody } from '#test/helpers/orders.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BTC_ADDRESS_BAD_CHECKSUM = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5';
const ERC20_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
/** A Bitcoin transaction hash (a buy's payout reference). */
const btcHash = () => randomBytes(32).toString('hex');

describe('orders', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    await setDepositAddress(t.database.db, 'usdt', 'ERC20', ERC20_ADDRESS);
    await t.database.db.update(settings).set({ notificationEmail: 'alerts@cedicrypto.test' }).where(eq(settings.id, 1));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const quote = async (cookie: string, amountFiat = '15', side: 'buy' | 'sell' = 'buy', fiatCurrency = 'USD', coinSymbol = 'btc') => {
    const response = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie,
      payload: { coinSymbol, side, fiatCurrency, amountFiat },
    });
    if (response.statusCode !== 201) throw new Error(`quote failed: ${response.body}`);
    return response.json();
  };
  /** A buy order: it waits for the payment (docs/decisions/014). */
  const buy = (cookie: string, quoteId: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: '/api/orders',
      cookie,
      headers,
      payload: { type: 'buy', quoteId, walletAddress: BTC_ADDRESS, paymentMethodId: methodId, ...extra },
    });
  /** "I have paid" on an order. */
  const pay = (cookie: string, orderId: number, paymentTxId = `MOMO-${randomUUID()}`) =>
    t.request({ method: 'POST', url: `/api/orders/${orderId}/payment`, cookie, payload: { paymentTxId } });
  /** A buy order and its "I have paid": the answer of the payment (200 with the submitted order, or the refusal). */
  const buyAndPay = async (cookie: string, quoteId: string, paymentTxId?: string) => {
    const created = await buy(cookie, quoteId);
    if (created.statusCode !== 201) throw new Error(`order failed: ${created.body}`);
    return pay(cookie, created.json().order.id, paymentTxId);
  };
  async function verifiedCustomer() {
    const customer = await t.signUp();
    await t.database.db.update(users).set({ kycStatus: 'verified', tier: 1 }).where(eq(users.id, customer.id));
    return customer;
  }

  it('quotes from the server prices with the fee, exact to the cent', async () => {
    const customer = await t.signUp();
    const q = await quote(customer.cookie, '100', 'buy', 'USD');
    // fixtures: BTC 91234.12 USD; buy price = base x 1.025
    expect(q.unitPriceUsd).toBe('93514.97300000');
    expect(q.amountUsd).toBe('100.00');
    expect(q.amountCrypto).toBe('0.00106934');
    const sell = await quote(customer.cookie, '100', 'sell', 'USD');
    expect(sell.unitPriceUsd).toBe('88953.26700000');
    const ghs = await quote(customer.cookie, '116.42', 'buy', 'GHS');
    expect(ghs.amountUsd).toBe('10.00');
    expect(new Date(ghs.expiresAt).getTime() - Date.now()).toBeGreaterThan(100_000);
  });

  it('applies a fee change to the next quote', async () => {
    const customer = await t.signUp();
    await t.database.db.update(settings).set({ serviceFeePercentage: '3' }).where(eq(settings.id, 1));
    try {
      expect((await quote(customer.cookie, '100')).unitPriceUsd).toBe('93971.14360000');
    } finally {
      await t.database.db.update(settings).set({ serviceFeePercentage: '2.5' }).where(eq(settings.id, 1));
    }
  });

  it('places a buy order from the quote, raises the volume and queues both emails', async () => {
    const customer = await t.signUp();
    const q = await quote(customer.cookie, '15');
    const response = await buy(customer.cookie, q.id);
    expect(response.statusCode).toBe(201);
    expect(response.json().order.status).toBe('awaiting_payment');
    const paid = await pay(customer.cookie, response.json().order.id);
    expect(paid.statusCode).toBe(200);
    const { order } = paid.json();
    expect(order).toMatchObject({
      // Paid, the order is the product's "pending".
      status: 'payment_submitted',
      amountFiat: q.amountFiat,
      amountCrypto: q.amountCrypto,
      amountUsd: '15.00',
      paymentMethod: 'MTN MoMo',
    });
    const user = firstOrThrow(await t.database.db.select().from(users).where(eq(users.id, customer.id)));
    expect(user.tradingVolumeUsd).toBe('15.00');
    const mails = await t.database.db
      .select()
      .from(emailLog)
      .where(sql`${emailLog.subject} like ${`%#${order.id} %`} or ${emailLog.subject} like ${`%#${order.id}`}`);
    expect(mails.map((m) => m.to).sort()).toEqual(['alerts@cedicrypto.test', customer.email].sort());
  });

  it('refuses unknown fields such as a tampered amount, and stores the quote numbers only', async () => {
    const customer = await t.signUp();
    const q = await quote(customer.cookie, '10');
    const tampered = await buy(customer.cookie, q.id, { amountFiat: '0.01', amountCrypto: '5' });
    expect(tampered.statusCode).toBe(400);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(0);
    const ok = await buy(customer.cookie, q.id);
    const stored = firstOrThrow(await t.database.db.select().from(orders).where(eq(orders.id, ok.json().order.id)));
    const storedQuote = firstOrThrow(await t.database.db.select().from(quotes).where(eq(quotes.id, q.id)));
    expect([stored.amountFiat, stored.amountCrypto, stored.amountUsd, stored.unitPriceUsd]).toEqual([
      storedQuote.amountFiat,
      storedQuote.amountCrypto,
      storedQuote.amountUsd,
      storedQuote.unitPriceUsd,
    ]);
  });

  it("refuses an expired quote, another customer's quote, a used quote and a disabled coin", async () => {
    const a = await verifiedCustomer();
    const b = await verifiedCustomer();
    const expired = await quote(a.cookie, '5');
    await t.database.db
      .update(quotes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(quotes.id, expired.id));
    const e = await buy(a.cookie, expired.id);
    expect(e.statusCode).toBe(409);
    // A code per situation (the web app gets a new quote on each of them).
    expect(e.json().error).toMatchObject({ code: 'QUOTE_EXPIRED', message: 'This quote has expired. Please get a new quote.' });

    const foreign = await quote(b.cookie, '5');
    const f = await buy(a.cookie, foreign.id);
    expect(f.statusCode).toBe(404);
    expect(f.json().error).toMatchObject({ code: 'QUOTE_INVALID', message: 'Quote not found. Please get a new quote.' });

    const once = await quote(a.cookie, '5');
    expect((await buy(a.cookie, once.id)).statusCode).toBe(201);
    expect((await buy(a.cookie, once.id)).json().error).toMatchObject({
      code: 'QUOTE_USED',
      message: 'This quote has already been used. Please get a new quote.',
    });

    const beforeDisable = await quote(a.cookie, '5');
    await t.database.db.update(coins).set({ isEnabled: false }).where(eq(coins.symbol, 'btc'));
    try {
      const d = await buy(a.cookie, beforeDisable.id);
      expect(d.statusCode).toBe(409);
      expect(d.json().error.code).toBe('COIN_UNAVAILABLE');
      expect(d.json().error.message).toBe('This coin is not available for trading right now.');
    } finally {
      await t.database.db.update(coins).set({ isEnabled: true }).where(eq(coins.symbol, 'btc'));
    }
  });

  it('refuses a reused payment transaction id for ever: a cancelled or refunded order does not free it (issue 28 point 1)', async () => {
    const a = await verifiedCustomer();
    const b = await verifiedCustomer();
    const txId = `MOMO-${randomUUID()}`;
    const first = await buyAndPay(a.cookie, (await quote(a.cookie, '5')).id, txId);
    expect(first.statusCode).toBe(200);
    const reused = await buyAndPay(b.cookie, (await quote(b.cookie, '5')).id, txId.toLowerCase());
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.message).toBe('This payment transaction ID has already been used.');
    const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${first.json().order.id}/cancel`,
      cookie: admin,
      payload: { reason: 'Refunded to the customer' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Before decision 036 the cancel freed the id: this was 200, then payment_submitted.
    for (const cookie of [b.cookie, a.cookie]) {
      const again = await buyAndPay(cookie, (await quote(cookie, '5')).id, txId);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().error.code).toBe('TX_ID_USED');
    }
  });

  it("refuses one payout reference on two orders, in any writing, and a customer's payment hash as a payout (issue 28 point 1)", async () => {
    const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    const approve = async (orderId: number, payoutReference: string) => {
      expect((await t.request({ method: 'POST', url: `/api/admin/orders/${orderId}/claim`, cookie: admin })).statusCode).toBe(200);
      return t.request({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/approve`,
        cookie: admin,
        payload: await approvalBody(t, orderId, { payoutReference }),
      });
    };
    const a = await verifiedCustomer();
    const b = await verifiedCustomer();
    const first = (await buyAndPay(a.cookie, (await quote(a.cookie, '5')).id)).json().order;
    const second = (await buyAndPay(b.cookie, (await quote(b.cookie, '5')).id)).json().order;
    const hash = btcHash();
    const approved = await approve(first.id, hash);
    expect(approved.statusCode, approved.body).toBe(200);
    // Before decision 036 only the hash's format was checked: this was 200, both completed.
    for (const sameHash of [hash, hash.toUpperCase(), ` ${hash} `]) {
      const refused = await approve(second.id, sameHash);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toEqual({
        code: 'PAYOUT_REFERENCE_USED',
        message: 'This payout reference is already recorded on another order. Check the transaction you sent for this order.',
        fields: {
          payoutReference: 'This payout reference is already recorded on another order. Check the transaction you sent for this order.',
        },
      });
    }
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, second.id));
    expect(row).toMatchObject({ status: 'payment_submitted', payoutReference: null, payoutReferenceKey: null });
    // A sell's deposit hash (a customer's payment) is no buy's payout either.
    const seller = await verifiedCustomer();
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: seller.cookie,
      payload: {
        type: 'sell',
        quoteId: (await quote(seller.cookie, '15', 'sell')).id,
        payout: { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: uniqueGhanaPhone() },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const sell = placed.json().order;
    const depositHash = btcHash();
    expect((await pay(seller.cookie, sell.id, depositHash)).statusCode).toBe(200);
    expect((await approve(second.id, depositHash)).json().error.code).toBe('PAYOUT_REFERENCE_USED');
    expect((await approve(second.id, btcHash())).statusCode).toBe(200);
  });

  it('catches look-alike payment transaction ids as already used, or refuses them (buy)', async () => {
    const a = await verifiedCustomer();
    const b = await verifiedCustomer();
    const base = `MP${Date.now()}`;
    const first = await buyAndPay(a.cookie, (await quote(a.cookie, '5')).id, base);
    expect(first.statusCode).toBe(200);
    const digits = base.slice(2);
    const fullWidth = [...digits].map((d) => String.fromCharCode(0xff10 + Number(d))).join('');
    const sameKey = {
      'zero-width space U+200B': `MP${digits.slice(0, 4)}\u200B${digits.slice(4)}`,
      'soft hyphen U+00AD': `MP${digits.slice(0, 4)}\u00AD${digits.slice(4)}`,
      'inner space': `MP ${digits}`,
      'inner dash': `MP-${digits.slice(0, 6)}-${digits.slice(6)}`,
      'full-width digits': `MP${fullWidth}`,
      'lower case': `mp${digits}`,
    };
    const waiting = (await buy(b.cookie, (await quote(b.cookie, '5')).id)).json().order;
    for (const [label, paymentTxId] of Object.entries(sameKey)) {
      const response = await pay(b.cookie, waiting.id, paymentTxId);
      expect(response.statusCode, label).toBe(409);
      expect(response.json().error, label).toEqual({
        code: 'TX_ID_USED',
        message: 'This payment transaction ID has already been used.',
        fields: { paymentTxId: 'This payment transaction ID has already been used.' },
      });
    }
    const refused = { 'Cyrillic О U+041E': `MP${digits}`.replace('P', '\u041E'), 'Greek Ο U+039F': `\u039FP${digits}` };
    for (const [label, paymentTxId] of Object.entries(refused)) {
      const response = await pay(b.cookie, waiting.id, paymentTxId);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().error.fields.paymentTxId, label).toBe('Enter the transaction ID using only letters A–Z and digits.');
    }
    // b's order still waits for a payment, and holds no transaction id.
    expect(
      (await t.database.db.select().from(orders).where(eq(orders.userId, b.id))).map((o) => [o.status, o.paymentTxId, o.paymentTxKey]),
    ).toEqual([['awaiting_payment', null, null]]);
  });

  it('lets one of 8 simultaneous orders with look-alikes of one transaction id through', async () => {
    const base = `MP${Date.now()}9`;
    const lookAlikes = [
      base,
      base.toLowerCase(),
      `MP ${base.slice(2)}`,
      `MP-${base.slice(2)}`,
      `MP\u200B${base.slice(2)}`,
      `M\u00ADP${base.slice(2)}`,
      `ＭＰ${base.slice(2)}`,
      ` ${base}.`,
    ];
    const customers = await Promise.all(lookAlikes.map(() => verifiedCustomer()));
    const orderIds = await Promise.all(customers.map(async (c) => (await buy(c.cookie, (await quote(c.cookie, '5')).id)).json().order.id));
    const results = await Promise.all(customers.map((c, i) => pay(c.cookie, orderIds[i], lookAlikes[i])));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => `${r.statusCode} ${r.json().error.code}`)).toEqual(Array(lookAlikes.length - 1).fill('409 TX_ID_USED'));
  });

  it('catches a look-alike on-chain hash of a sell order as already used', async () => {
    const a = await verifiedCustomer();
    const b = await verifiedCustomer();
    const hash = `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`;
    /** A USDT sell on ERC20, then "I have sent" with the hash. */
    const sell = async (cookie: string, paymentTxId: string) => {
      const created = await t.request({
        method: 'POST',
        url: '/api/orders',
        cookie,
        payload: {
          type: 'sell',
          quoteId: (await quote(cookie, '20', 'sell', 'GHS', 'usdt')).id,
          network: 'ERC20',
          payout: { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0241234567' },
        },
      });
      if (created.statusCode !== 201) throw new Error(created.body);
      return pay(cookie, created.json().order.id, paymentTxId);
    };
    expect((await sell(a.cookie, hash)).statusCode).toBe(200);
    const lookAlike = `${hash.slice(0, 10).toUpperCase()}\u200B${hash.slice(10)}`;
    const again = await sell(b.cookie, lookAlike);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('TX_ID_USED');
    const greek = await sell(b.cookie, hash.replace('0x', '\u039Fx'));
    expect(greek.statusCode).toBe(400);
    expect(greek.json().error.fields.paymentTxId).toBe('Enter the transaction ID using only letters A–Z and digits.');
    // The same hash without its '0x' (issue 26): ERC20 wants the '0x', so there it is refused by
    // the format; on a network whose hashes are written without it (Bitcoin), it is the used id.
    expect((await sell(b.cookie, hash.slice(2))).statusCode).toBe(400);
    const btcSell = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: b.cookie,
      payload: {
        type: 'sell',
        quoteId: (await quote(b.cookie, '20', 'sell', 'GHS', 'btc')).id,
        payout: { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0241234567' },
      },
    });
    expect(btcSell.statusCode, btcSell.body).toBe(201);
    const bare = await pay(b.cookie, btcSell.json().order.id, hash.slice(2));
    expect(bare.statusCode, bare.body).toBe(409);
    expect(bare.json().error.code).toBe('TX_ID_USED');
  });

  it('keeps the transaction id as typed (trimmed), stores its key, and finds it in the admin search by either', async () => {
    const customer = await verifiedCustomer();
    const typed = `Mp-${Date.now()} 77`;
    const placed = await buyAndPay(customer.cookie, (await quote(customer.cookie, '5')).id, `  ${typed}  `);
    expect(placed.statusCode).toBe(200);
    const { order } = placed.json();
    expect(order.paymentTxId).toBe(typed);
    const stored = firstOrThrow(await t.database.db.select().from(orders).where(eq(orders.id, order.id)));
    expect(stored.paymentTxKey).toBe(typed.toLowerCase().replace(/[- ]/g, ''));
    const support = await t.createStaff('support');
    const key = stored.paymentTxKey ?? '';
    for (const q of [key, key.toUpperCase().slice(1, -1), typed, `MP\u200B${typed.slice(3)}`]) {
      const found = await t.request({ method: 'GET', url: `/api/admin/orders?q=${encodeURIComponent(q)}`, cookie: support.cookie });
      expect(
        found.json().orders.map((o: { id: number }) => o.id),
        q,
      ).toEqual([order.id]);
    }
  });

  it('refuses a wallet address with a bad checksum, and USDT without a network', async () => {
    const customer = await t.signUp();
    const bad = await buy(customer.cookie, (await quote(customer.cookie, '5')).id, { walletAddress: BTC_ADDRESS_BAD_CHECKSUM });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.walletAddress).toBe('Enter a valid Bitcoin wallet address.');
    const usdt = await quote(customer.cookie, '5', 'buy', 'USD', 'usdt');
    const noNetwork = await buy(customer.cookie, usdt.id, { walletAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' });
    expect(noNetwork.json().error.fields.network).toBeDefined();
    const trc20 = await buy(customer.cookie, usdt.id, { walletAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', network: 'TRC20' });
    expect(trc20.statusCode).toBe(201);
  });

  it('lets exactly one of 50 simultaneous $15 orders through for an unverified customer', async () => {
    const customer = await t.signUp();
    const quoteIds: string[] = [];
    for (let i = 0; i < 50; i += 1) quoteIds.push((await quote(customer.cookie, '15')).id);
    const results = await Promise.all(quoteIds.map((id) => buy(customer.cookie, id)));
    const accepted = results.filter((r) => r.statusCode === 201);
    expect(accepted).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.every((r) => r.json().error.message === 'This transaction exceeds your $20 trading limit. Please complete KYC.')).toBe(
      true,
    );
    const user = firstOrThrow(await t.database.db.select().from(users).where(eq(users.id, customer.id)));
    expect(user.tradingVolumeUsd).toBe('15.00');
    const limit = await t.request({ method: 'GET', url: '/api/orders/limit', cookie: customer.cookie });
    expect(limit.json()).toMatchObject({ isLimited: true, tier: 0, limitUsd: '20.00', usedUsd: '15.00', remainingUsd: '5.00' });
  });

  it('returns one order for 20 simultaneous submits with one Idempotency-Key', async () => {
    const customer = await verifiedCustomer();
    const q = await quote(customer.cookie, '50');
    const key = `key-${randomUUID()}`;
    const body = { notes: `note ${randomUUID()}` };
    const results = await Promise.all(Array.from({ length: 20 }, () => buy(customer.cookie, q.id, body, { 'idempotency-key': key })));
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => r.json().order.id)).size).toBe(1);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(1);
  });

  it('answers an Idempotency-Key sent again with a different body with 422, and still replays the same body', async () => {
    const customer = await verifiedCustomer();
    const q = await quote(customer.cookie, '6');
    const key = `key-${randomUUID()}`;
    const body = { notes: 'first', destinationTag: '' };
    const first = await buy(customer.cookie, q.id, body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    // The same body again, even with other spacing and key order: the stored order.
    const retry = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: customer.cookie,
      headers: { 'idempotency-key': key },
      payload: {
        notes: ' first ',
        destinationTag: '',
        paymentMethodId: methodId,
        walletAddress: BTC_ADDRESS,
        quoteId: q.id,
        type: 'buy',
      },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order.id).toBe(first.json().order.id);
    for (const changed of [
      { ...body, notes: 'second' },
      { notes: 'first' },
      { ...body, walletAddress: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' },
    ]) {
      const reused = await buy(customer.cookie, q.id, changed, { 'idempotency-key': key });
      expect(reused.statusCode).toBe(422);
      expect(reused.json().error).toEqual({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message:
          'This Idempotency-Key was already used for a different order. Send the same order again, or use a new key for a new order.',
      });
    }
    // A new order with another key goes through as usual.
    const other = await buy(customer.cookie, (await quote(customer.cookie, '6')).id, {}, { 'idempotency-key': `key-${randomUUID()}` });
    expect(other.statusCode).toBe(201);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(2);
  });

  it('refuses an absurd Idempotency-Key with 400 and places nothing', async () => {
    const customer = await verifiedCustomer();
    for (const key of ['k'.repeat(10_000), 'key-\u0001\u0002\u0003\u0004', 'key with spaces inside', 'kéy-ünïcode-1234', 'short']) {
      const response = await buy(customer.cookie, (await quote(customer.cookie, '5')).id, {}, { 'idempotency-key': key });
      expect(response.statusCode, JSON.stringify(key.slice(0, 40))).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION',
        message: 'The Idempotency-Key header must be 8 to 100 characters: letters, digits and - _ . :',
        fields: { 'idempotency-key': 'The Idempotency-Key header must be 8 to 100 characters: letters, digits and - _ . :' },
      });
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(0);
  });

  it('lets a customer whose Tier 1 review is pending trade within the Tier 0 allowance, and no further (issue 26 point 11)', async () => {
    // A real Tier 1 submission: the phone verified, the documents sent, the review pending.
    const customer = await t.signUp();
    await t.database.db.update(users).set({ phone: uniqueGhanaPhone(), phoneVerifiedAt: new Date() }).where(eq(users.id, customer.id));
    const body = multipart(foreignPassport(), {
      front: { name: 'front.png', type: 'image/png', data: TINY_PNG },
      back: { name: 'back.jpg', type: 'image/jpeg', data: TINY_JPEG },
      selfie: { name: 'selfie.jpg', type: 'image/jpeg', data: TINY_JPEG },
    });
    const submitted = await t.request({
      method: 'POST',
      url: '/api/kyc',
      cookie: customer.cookie,
      payload: body.payload,
      headers: body.headers,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const row = firstOrThrow(await t.database.db.select().from(users).where(eq(users.id, customer.id)));
    expect(row).toMatchObject({ kycStatus: 'pending', tier: 0 });
    // The "received" email says the same as the screens: the Tier 0 allowance stays, nothing is paused.
    const emails = await t.database.db.select().from(emailLog).where(eq(emailLog.to, customer.email));
    const received = emails.find((email) => email.subject === 'We received your KYC documents');
    expect(received?.body).toContain('You can keep trading within your Tier 0 limit of $20 meanwhile.');
    expect(received?.body).not.toMatch(/paused/i);

    // The limit answer shows what is left, and an order within it is placed (403 'Trading resumes...' before).
    const limit = await t.request({ method: 'GET', url: '/api/orders/limit', cookie: customer.cookie });
    expect(limit.json()).toMatchObject({ isLimited: true, tier: 0, remainingUsd: '20.00' });
    const placed = await buy(customer.cookie, (await quote(customer.cookie, '15')).id);
    expect(placed.statusCode, placed.body).toBe(201);
    // Over what is left of the $20: the Tier 0 refusal, as for any Tier 0 customer.
    const over = await buy(customer.cookie, (await quote(customer.cookie, '6')).id);
    expect(over.statusCode).toBe(403);
    expect(over.json().error.message).toBe('This transaction exceeds your $20 trading limit. Please complete KYC.');
  });

  it('keeps customers to their own orders', async () => {
    const a = await verifiedCustomer();
    const b = await verifiedCustomer();
    const order = (await buy(a.cookie, (await quote(a.cookie, '5')).id)).json().order;
    expect((await t.request({ method: 'GET', url: `/api/orders/${order.id}`, cookie: b.cookie })).statusCode).toBe(404);
    const list = await t.request({ method: 'GET', url: '/api/orders', cookie: b.cookie });
    expect(list.json().orders.some((o: { id: number }) => o.id === order.id)).toBe(false);
    expect((await t.request({ method: 'GET', url: `/api/orders/${order.id}`, cookie: a.cookie })).statusCode).toBe(200);
  });

  it('places a sell order with mobile money payout details checked', async () => {
    const customer = await verifiedCustomer();
    const q = await quote(customer.cookie, '200', 'sell', 'GHS');
    const payout = { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '12345' };
    const bad = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: customer.cookie,
      payload: { type: 'sell', quoteId: q.id, payout },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Enter a valid Ghana mobile number.');
    const ok = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: customer.cookie,
      payload: { type: 'sell', quoteId: q.id, payout: { ...payout, number: '024 123 4567' } },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().order).toMatchObject({
      type: 'sell',
      status: 'awaiting_deposit',
      paymentMethod: 'MTN MoMo',
      fiatCurrency: 'GHS',
      amountFiat: '200.00',
      amountGhs: '200.00',
      // Bitcoin has one network: it needs no choice, and the order carries its address.
      network: 'BTC',
      depositTo: { network: 'BTC', address: BTC_ADDRESS, tag: null },
      // A sell has nothing to write a reference into (the customer sends coins on chain): none
      // is made, so none is shown as if it had a use (issue 26, docs/decisions/026).
      paymentReference: null,
    });
  });

  it('lets exactly one of two staff approvals through, with one email and one audit entry; cancel releases the limit', async () => {
    const customer = await t.signUp();
    const order = (await buyAndPay(customer.cookie, (await quote(customer.cookie, '12')).id)).json().order;
    const support = await t.createStaff('support');
    const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    const payoutReference = btcHash();
    // Claim, then pay (docs/decisions/029): support's approval without the claim is refused; the
    // claimant's two approvals at once (a double click, two tabs) are decided once.
    expect((await t.request({ method: 'POST', url: `/api/admin/orders/${order.id}/claim`, cookie: admin })).statusCode).toBe(200);
    const unclaimed = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/approve`,
      cookie: support.cookie,
      payload: await approvalBody(t, order.id, { payoutReference }),
    });
    expect(unclaimed.json().error.code).toBe('ORDER_CLAIMED');
    const body = await approvalBody(t, order.id, { payoutReference });
    const results = await Promise.all(
      [admin, admin].map((cookie) => t.request({ method: 'POST', url: `/api/admin/orders/${order.id}/approve`, cookie, payload: body })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error.code).toBe('ORDER_ALREADY_DECIDED');
    const statusMails = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.subject, `Order #${order.id} completed`));
    expect(statusMails).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.action} = 'order.approve' and ${auditLog.targetId} = ${String(order.id)}`),
    ).toHaveLength(1);

    const second = (await buyAndPay(customer.cookie, (await quote(customer.cookie, '8')).id)).json().order;
    expect((await t.request({ method: 'GET', url: '/api/orders/limit', cookie: customer.cookie })).json().remainingUsd).toBe('0.00');
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${second.id}/cancel`,
      cookie: support.cookie,
      payload: { reason: 'The payment did not arrive.' },
    });
    expect(cancelled.json().order.status).toBe('cancelled');
    expect((await t.request({ method: 'GET', url: '/api/orders/limit', cookie: customer.cookie })).json().remainingUsd).toBe('8.00');
  });

  it('searches, filters by day and sorts the admin list on the server', async () => {
    const support = await t.createStaff('support');
    const customer = await verifiedCustomer();
    await t.database.db.update(users).set({ fullName: 'Yaa Asantewaa Zed' }).where(eq(users.id, customer.id));
    const order = (await buyAndPay(customer.cookie, (await quote(customer.cookie, '7')).id)).json().order;
    const today = new Date().toISOString().slice(0, 10);
    const byName = await t.request({
      method: 'GET',
      url: `/api/admin/orders?q=asantewaa&from=${today}&to=${today}`,
      cookie: support.cookie,
    });
    expect(byName.json().orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const byId = await t.request({ method: 'GET', url: `/api/admin/orders?q=%23${order.id}`, cookie: support.cookie });
    expect(byId.json().orders[0].id).toBe(order.id);
    const byEmail = await t.request({
      method: 'GET',
      url: `/api/admin/orders?q=${encodeURIComponent(customer.email.slice(2, 12).toUpperCase())}`,
      cookie: support.cookie,
    });
    expect(byEmail.json().orders.map((o: { id: number }) => o.id)).toContain(order.id);
    const byTxId = await t.request({
      method: 'GET',
      url: `/api/admin/orders?q=${encodeURIComponent(order.paymentTxId.slice(1, -1).toLowerCase())}`,
      cookie: support.cookie,
    });
    expect(byTxId.json().orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
    // A LIKE wildcard typed into the box is a literal character, not "match everything".
    const wildcard = await t.request({ method: 'GET', url: `/api/admin/orders?q=${encodeURIComponent('%')}`, cookie: support.cookie });
    expect(wildcard.json().total).toBe(0);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const none = await t.request({ method: 'GET', url: `/api/admin/orders?q=asantewaa&to=${yesterday}`, cookie: support.cookie });
    expect(none.json().total).toBe(0);
    const sorted = await t.request({
      method: 'GET',
      url: '/api/admin/orders?sort=amountFiat&dir=asc&pageSize=100',
      cookie: support.cookie,
    });
    const amounts = sorted.json().orders.map((o: { amountFiat: string }) => Number(o.amountFiat));
    expect(amounts).toEqual([...amounts].sort((x, y) => x - y));
  });
});

describe('quotes without fresh prices', () => {
  it('gives no quote when prices are stale or missing', async () => {
    const t = await createTestApp();
    try {
      const customer = await t.signUp();
      const response = await t.request({
        method: 'POST',
        url: '/api/quotes',
        cookie: customer.cookie,
        payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'USD', amountFiat: '10' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe(
        'Live prices are out of date right now, so we cannot give a quote. Please try again in a minute.',
      );
    } finally {
      await t.close();
    }
  });
});

describe('dashboards', () => {
  it('values completed holdings at the base price and sums completed volume for staff', async () => {
    const { t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS);
    try {
      const customer = await t.signUp();
      const quoteResponse = await t.request({
        method: 'POST',
        url: '/api/quotes',
        cookie: customer.cookie,
        payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'USD', amountFiat: '10' },
      });
      const q = quoteResponse.json();
      const placed = await t.request({
        method: 'POST',
        url: '/api/orders',
        cookie: customer.cookie,
        payload: { type: 'buy', quoteId: q.id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
      });
      await t.request({
        method: 'POST',
        url: `/api/orders/${placed.json().order.id}/payment`,
        cookie: customer.cookie,
        payload: { paymentTxId: `MOMO-${randomUUID()}` },
      });
      const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
      const before = (await t.request({ method: 'GET', url: '/api/admin/dashboard', cookie: admin })).json();
      expect(before.pendingOrders).toBe(1);
      expect(before.totalVolumeUsd).toBe('0.00');
      expect(before.volumeByDay).toHaveLength(7);
      await t.request({ method: 'POST', url: `/api/admin/orders/${placed.json().order.id}/claim`, cookie: admin });
      await t.request({
        method: 'POST',
        url: `/api/admin/orders/${placed.json().order.id}/approve`,
        cookie: admin,
        payload: await approvalBody(t, placed.json().order.id, { payoutReference: btcHash() }),
      });

      const portfolio = (await t.request({ method: 'GET', url: '/api/portfolio', cookie: customer.cookie })).json();
      expect(portfolio.holdings).toEqual([{ symbol: 'btc', amountCrypto: q.amountCrypto, valueGhs: expect.any(String) }]);
      // amountCrypto x base 91234.12 x GHS 11.6421, to the cent
      const expected = (Number(q.amountCrypto) * 91234.12 * 11.6421).toFixed(2);
      expect(portfolio.totalGhs).toBe(expected);
      expect(portfolio.recentOrders).toHaveLength(1);

      const after = (await t.request({ method: 'GET', url: '/api/admin/dashboard', cookie: admin })).json();
      expect(after).toMatchObject({ pendingOrders: 0, totalVolumeUsd: '10.00' });
      expect(after.volumeByDay.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), volumeUsd: '10.00' });
      expect(after.totalUsers).toBeGreaterThanOrEqual(1);
      expect(after.recentOrders[0].id).toBe(placed.json().order.id);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
