import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrderSocketEvent } from '#shared/contracts/orders.js';
import { auditLog, settings } from '#server/db/schema/app.js';
import { orders } from '#server/db/schema/orders.js';
import { firstOrThrow } from '#server/db/rows.js';
import { startFakePriceServer, type TFakePriceServer } from '#test/helpers/fake-price-server.js';
import {
  createOrderTestApp,
  createTestApp,
  insertMomoMethod,
  multipart,
  setDepositAddress,
  SUPER_ADMIN,
  TEST_ORIGIN,
  TINY_JPEG,
  TINY_PNG,
  type TTestApp,
} from '#test/helpers/test-app.js';
import { openSocket, type SocketClient } from '#test/helpers/ws-client.js';
import { approvalBody } from '#test/helpers/orders.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ERC20_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const BEP20_ADDRESS = '0xde709f2102306220921060314715629080e2fb77';
const XRP_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const MOMO_PAYOUT = { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0241234567' };

/*
 * The order pages of the lifecycle (docs/decisions/014): sells per network with their fixed
 * amount and tag, the payment screenshot and who may see it, the trading rules, the staff
 * "Needs action" count, and the live push of every change.
 */
describe('order pages', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let base: string;
  const sockets: SocketClient<TOrderSocketEvent>[] = [];

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await setDepositAddress(t.database.db, 'usdt', 'TRC20', TRC20_ADDRESS);
    await setDepositAddress(t.database.db, 'usdt', 'ERC20', ERC20_ADDRESS);
    await setDepositAddress(t.database.db, 'xrp', 'XRP', XRP_ADDRESS);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await t.close();
    await fake.close();
  });

  const quote = async (cookie: string, coinSymbol: string, side: 'buy' | 'sell', amountFiat: string, fiatCurrency = 'GHS') => {
    const response = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie,
      payload: { coinSymbol, side, fiatCurrency, amountFiat },
    });
    return response;
  };
  const sell = async (cookie: string, coinSymbol: string, network?: string, amountGhs = '100') => {
    const q = await quote(cookie, coinSymbol, 'sell', amountGhs);
    if (q.statusCode !== 201) throw new Error(q.body);
    return t.request({
      method: 'POST',
      url: '/api/orders',
      cookie,
      payload: { type: 'sell', quoteId: q.json().id, payout: MOMO_PAYOUT, ...(network ? { network } : {}) },
    });
  };
  const buy = async (cookie: string, amountGhs = '100') => {
    const q = await quote(cookie, 'btc', 'buy', amountGhs);
    if (q.statusCode !== 201) throw new Error(q.body);
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie,
      payload: { type: 'buy', quoteId: q.json().id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json().order as { id: number };
  };
  async function connect(path: string, cookie: string) {
    const { client, status } = await openSocket<TOrderSocketEvent>(`${base}${path}`, { cookie, origin: TEST_ORIGIN });
    if (!client) throw new Error(`socket refused: ${status}`);
    sockets.push(client);
    return client;
  }

  it('sells USDT on the network chosen: its own address, an amount in 6 decimals that never changes, and a hash of that network', async () => {
    const customer = await t.signUp();
    const coins = (await t.request({ method: 'GET', url: '/api/coins' })).json().coins as {
      symbol: string;
      networks: { network: string; canSell: boolean; decimals: number }[];
    }[];
    expect(coins.find((c) => c.symbol === 'usdt')?.networks).toEqual([
      { network: 'TRC20', label: 'TRON (TRC20)', decimals: 6, hasTag: false, canSell: true },
      { network: 'ERC20', label: 'Ethereum (ERC20)', decimals: 6, hasTag: false, canSell: true },
      { network: 'BEP20', label: 'BNB Smart Chain (BEP20)', decimals: 6, hasTag: false, canSell: false },
    ]);
    // The public list never shows an address.
    expect(JSON.stringify(coins)).not.toContain(ERC20_ADDRESS);

    const noNetwork = await sell(customer.cookie, 'usdt');
    expect(noNetwork.statusCode).toBe(400);
    expect(noNetwork.json().error.fields).toEqual({ network: 'Choose the network you will send on.' });
    const noAddress = await sell(customer.cookie, 'usdt', 'BEP20');
    expect(noAddress.statusCode).toBe(409);
    expect(noAddress.json().error).toMatchObject({ code: 'WALLET_NOT_CONFIGURED', fields: { network: expect.any(String) } });

    const placed = await sell(customer.cookie, 'usdt', 'ERC20');
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order;
    expect(order).toMatchObject({
      status: 'awaiting_deposit',
      network: 'ERC20',
      depositTo: { network: 'ERC20', address: ERC20_ADDRESS, tag: null },
    });
    // USDT is sent with 6 decimals: the 7th and 8th are zero.
    expect(order.amountCrypto).toMatch(/^\d+\.\d{6}00$/);
    const deadline = Date.parse(order.deadlineAt) - Date.parse(order.createdAt);
    expect(deadline).toBe(60 * 60_000);

    // The address changes in Currencies later: the open order keeps what it showed.
    await setDepositAddress(t.database.db, 'usdt', 'ERC20', BEP20_ADDRESS);
    try {
      const again = (await t.request({ method: 'GET', url: `/api/orders/${order.id}`, cookie: customer.cookie })).json().order;
      expect(again.depositTo.address).toBe(ERC20_ADDRESS);
      expect(again.amountCrypto).toBe(order.amountCrypto);
    } finally {
      await setDepositAddress(t.database.db, 'usdt', 'ERC20', ERC20_ADDRESS);
    }

    const notAHash = await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      cookie: customer.cookie,
      payload: { paymentTxId: 'abc123' },
    });
    expect(notAHash.statusCode).toBe(400);
    expect(notAHash.json().error.fields).toEqual({ paymentTxId: 'Enter the transaction hash of your Ethereum (ERC20) transfer.' });
    const hash = `0x${randomBytes(32).toString('hex')}`;
    const sent = await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      cookie: customer.cookie,
      payload: { paymentTxId: ` ${hash.toUpperCase().replace('0X', '0x')} ` },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().order).toMatchObject({ status: 'deposit_submitted', paymentTxId: hash.toUpperCase().replace('0X', '0x') });
  });

  it('gives every XRP sell its own destination tag, and sells a one-network coin without naming it', async () => {
    const customer = await t.signUp();
    const first = (await sell(customer.cookie, 'xrp', undefined, '30')).json().order;
    const second = (await sell(customer.cookie, 'xrp', 'XRP', '30')).json().order;
    for (const order of [first, second]) {
      expect(order.depositTo).toMatchObject({ network: 'XRP', address: XRP_ADDRESS, tag: expect.stringMatching(/^[1-9]\d{8}$/) });
      expect(order.amountCrypto).toMatch(/^\d+\.\d{6}00$/);
    }
    expect(first.depositTo.tag).not.toBe(second.depositTo.tag);
    const btc = (await sell(customer.cookie, 'btc', undefined, '30')).json().order;
    expect(btc.depositTo).toEqual({ network: 'BTC', address: BTC_ADDRESS, tag: null, perOrder: false });
    const wrong = await sell(customer.cookie, 'btc', 'ERC20', '30');
    expect(wrong.statusCode).toBe(400);
  });

  it('keeps the payment screenshot private: the customer and order staff (compliance reading) see it, each staff view audited; others get 401, 403 or 404', async () => {
    const customer = await t.signUp();
    const stranger = await t.signUp();
    const order = await buy(customer.cookie, '50');
    const form = multipart(
      { paymentTxId: `MP${Date.now()}`, payerNumber: '024 555 0000', payerName: 'Kofi Boateng' },
      {
        proof: { name: 'receipt.png', type: 'image/png', data: TINY_PNG },
      },
    );
    const paid = await t.request({ method: 'POST', url: `/api/orders/${order.id}/payment`, cookie: customer.cookie, ...form });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order).toMatchObject({ status: 'payment_submitted', hasProof: true, payerName: 'Kofi Boateng' });
    const stored = firstOrThrow(await t.database.db.select().from(orders).where(eq(orders.id, order.id)));
    expect(stored.proofType).toBe('image/png');

    const url = `/api/admin/orders/${order.id}/proof`;
    const support = await t.createStaff('support');
    const manager = await t.createStaff('manager');
    const compliance = await t.createStaff('compliance');
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url, cookie: customer.cookie })).statusCode).toBe(403);
    // Compliance reads orders, proofs included (docs/decisions/017), and every view is audited too.
    for (const staff of [support, manager, compliance]) {
      const seen = await t.request({ method: 'GET', url, cookie: staff.cookie });
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['content-type']).toBe('image/png');
      expect(seen.headers['cache-control']).toBe('private, no-store');
      expect(seen.rawPayload.equals(TINY_PNG)).toBe(true);
    }
    const views = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.proof_view'), eq(auditLog.targetId, String(order.id))));
    expect(views.map((v) => v.actorId).sort()).toEqual([support.id, manager.id, compliance.id].sort());

    const own = `/api/orders/${order.id}/proof`;
    expect((await t.request({ method: 'GET', url: own, cookie: customer.cookie })).rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await t.request({ method: 'GET', url: own, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: own })).statusCode).toBe(401);
  });

  it('refuses a screenshot that is not an image by its bytes, or too large, and keeps the order waiting', async () => {
    const customer = await t.signUp();
    const order = await buy(customer.cookie, '40');
    const pdf = multipart(
      { paymentTxId: `MP${Date.now()}1` },
      { proof: { name: 'receipt.png', type: 'image/png', data: Buffer.from('%PDF-1.4 fake') } },
    );
    const refused = await t.request({ method: 'POST', url: `/api/orders/${order.id}/payment`, cookie: customer.cookie, ...pdf });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ proof: 'The screenshot must be a JPEG or PNG image.' });
    const huge = multipart(
      { paymentTxId: `MP${Date.now()}2` },
      { proof: { name: 'big.jpg', type: 'image/jpeg', data: Buffer.concat([TINY_JPEG, Buffer.alloc(5 * 1024 * 1024)]) } },
    );
    const tooBig = await t.request({ method: 'POST', url: `/api/orders/${order.id}/payment`, cookie: customer.cookie, ...huge });
    expect(tooBig.statusCode, tooBig.body).toBe(400);
    expect(tooBig.json().error.fields).toEqual({ proof: 'The screenshot must be a JPEG or PNG image of at most 5 MB.' });
    const badNumber = multipart({ paymentTxId: `MP${Date.now()}3`, payerNumber: '12' }, {});
    const wrongPayer = await t.request({ method: 'POST', url: `/api/orders/${order.id}/payment`, cookie: customer.cookie, ...badNumber });
    expect(wrongPayer.statusCode).toBe(400);
    expect(wrongPayer.json().error.fields).toEqual({ payerNumber: 'Enter a valid Ghana mobile number.' });
    expect(firstOrThrow(await t.database.db.select().from(orders).where(eq(orders.id, order.id))).status).toBe('awaiting_payment');
    // A JSON body is held to the usual signed-in size, although the route takes a 5 MB form.
    const bigJson = await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      cookie: customer.cookie,
      payload: { paymentTxId: `MP${Date.now()}5`, payerName: 'x'.repeat(40 * 1024) },
    });
    expect(bigJson.statusCode).toBe(413);
    // Without a screenshot, as a plain form.
    const plain = multipart({ paymentTxId: `MP${Date.now()}4` }, {});
    const ok = await t.request({ method: 'POST', url: `/api/orders/${order.id}/payment`, cookie: customer.cookie, ...plain });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().order.hasProof).toBe(false);
  });

  it('keeps orders within the minimum and maximum of the settings, in GHS, at quote and order time', async () => {
    const customer = await t.signUp();
    const small = await quote(customer.cookie, 'btc', 'buy', '9.99');
    expect(small.statusCode).toBe(400);
    expect(small.json().error.fields).toEqual({ amountFiat: 'The minimum order is GHS 10.00.' });
    // In dollars, the minimum is the cedi amount at the rate (USD 0.50 is about GHS 5.82).
    expect((await quote(customer.cookie, 'btc', 'buy', '0.50', 'USD')).statusCode).toBe(400);
    expect((await quote(customer.cookie, 'btc', 'buy', '10')).statusCode).toBe(201);

    const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    const put = (payload: Record<string, unknown>) => t.request({ method: 'PUT', url: '/api/admin/settings', cookie: admin, payload });
    const belowMin = await put({ minOrderGhs: '100', maxOrderGhs: '50' });
    expect(belowMin.statusCode).toBe(400);
    expect(belowMin.json().error.fields).toEqual({ maxOrderGhs: 'The maximum order must be at least the minimum order.' });
    const q = await quote(customer.cookie, 'btc', 'buy', '150');
    expect((await put({ maxOrderGhs: '120', paymentWindowMinutes: 15 })).statusCode).toBe(200);
    try {
      const market = (await t.request({ method: 'GET', url: '/api/market' })).json();
      expect(market.tradingRules).toEqual({
        paymentWindowMinutes: 15,
        depositWindowMinutes: 60,
        minOrderGhs: '10.00',
        maxOrderGhs: '120.00',
      });
      const big = await quote(customer.cookie, 'btc', 'buy', '120.01');
      expect(big.json().error.fields).toEqual({ amountFiat: 'The maximum order is GHS 120.00.' });
      // A quote given before the change is checked again when the order is placed.
      const late = await t.request({
        method: 'POST',
        url: '/api/orders',
        cookie: customer.cookie,
        payload: { type: 'buy', quoteId: q.json().id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
      });
      expect(late.statusCode).toBe(400);
      const order = await buy(customer.cookie, '20');
      const placed = (await t.request({ method: 'GET', url: `/api/orders/${order.id}`, cookie: customer.cookie })).json().order;
      expect(Date.parse(placed.deadlineAt) - Date.parse(placed.createdAt)).toBe(15 * 60_000);
    } finally {
      await t.database.db.update(settings).set({ maxOrderGhs: null, paymentWindowMinutes: 30 }).where(eq(settings.id, 1));
      t.app.market.invalidateReference();
    }
  });

  it('counts what needs staff action and pushes every change to the customer and to order staff, nobody else', async () => {
    const customer = await t.signUp();
    const other = await t.signUp();
    const support = await t.createStaff('support');
    const compliance = await t.createStaff('compliance');
    const before = (await t.request({ method: 'GET', url: '/api/admin/orders/needs-action', cookie: support.cookie })).json();

    const staffSocket = await connect('/api/admin/orders/socket', support.cookie);
    const ownerSocket = await connect('/api/orders/socket', customer.cookie);
    const otherSocket = await connect('/api/orders/socket', other.cookie);
    const refused = await openSocket(`${base}/api/admin/orders/socket`, { cookie: compliance.cookie, origin: TEST_ORIGIN });
    expect(refused.status).toBe(403);

    const order = await buy(customer.cookie, '30');
    await staffSocket.waitFor('order', (e) => e.orderId === order.id && e.status === 'awaiting_payment');
    await ownerSocket.waitFor('order', (e) => e.orderId === order.id && e.status === 'awaiting_payment');
    const paid = await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      cookie: customer.cookie,
      payload: { paymentTxId: `MP${randomUUID().slice(0, 12)}` },
    });
    expect(paid.statusCode).toBe(200);
    await staffSocket.waitFor('order', (e) => e.orderId === order.id && e.status === 'payment_submitted');
    const after = (await t.request({ method: 'GET', url: '/api/admin/orders/needs-action', cookie: support.cookie })).json();
    expect(after.count).toBe(before.count + 1);
    expect(after.oldestSubmittedAt).toEqual(expect.any(String));

    await t.request({ method: 'POST', url: `/api/admin/orders/${order.id}/claim`, cookie: support.cookie });
    await t.request({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/approve`,
      cookie: support.cookie,
      payload: await approvalBody(t, order.id, { payoutReference: randomBytes(32).toString('hex') }),
    });
    await ownerSocket.waitFor('order', (e) => e.orderId === order.id && e.status === 'completed');
    await staffSocket.waitFor('order', (e) => e.orderId === order.id && e.status === 'completed');
    expect((await t.request({ method: 'GET', url: '/api/admin/orders/needs-action', cookie: support.cookie })).json().count).toBe(
      before.count,
    );
    // Another customer heard nothing of it (their own next order arrives, proving the socket works).
    const theirs = await buy(other.cookie, '25');
    await otherSocket.waitFor('order', (e) => e.orderId === theirs.id);
    expect(otherSocket.events.some((e) => e.type === 'order' && e.orderId === order.id)).toBe(false);
    expect(ownerSocket.events.some((e) => e.type === 'order' && e.orderId === theirs.id)).toBe(false);
  });
});

describe('the test clock of browser tests', () => {
  it('is absent unless TEST_CLOCK is on; on, it moves the order clock and expires what is due', async () => {
    const fake = await startFakePriceServer();
    const plain = await createTestApp(fake.env());
    const clocked = await createTestApp({ ...fake.env(), TEST_CLOCK: 'true' });
    try {
      expect((await plain.request({ method: 'POST', url: '/api/test/clock', payload: { advanceMinutes: 31 } })).statusCode).toBe(404);
      await clocked.app.market.refreshOnce();
      const methodId = (await insertMomoMethod(clocked.database.db)).id;
      const customer = await clocked.signUp();
      const q = await clocked.request({
        method: 'POST',
        url: '/api/quotes',
        cookie: customer.cookie,
        payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'GHS', amountFiat: '100' },
      });
      const order = (
        await clocked.request({
          method: 'POST',
          url: '/api/orders',
          cookie: customer.cookie,
          payload: { type: 'buy', quoteId: q.json().id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
        })
      ).json().order;
      const early = await clocked.request({ method: 'POST', url: '/api/test/clock', payload: { advanceMinutes: 29 } });
      expect(early.statusCode).toBe(200);
      // Browser tests read the moved time back (their "today" is the server's).
      expect((await plain.request({ method: 'GET', url: '/api/test/clock' })).statusCode).toBe(404);
      const read = await clocked.request({ method: 'GET', url: '/api/test/clock' });
      expect(Date.parse(read.json().now) - Date.now()).toBeGreaterThan(28 * 60_000);
      const detail = async () => (await clocked.request({ method: 'GET', url: `/api/orders/${order.id}`, cookie: customer.cookie })).json();
      const status = async () => (await detail()).order.status;
      expect(await status()).toBe('awaiting_payment');
      // The order page counts down on the clock the deadline is on: the answer says its time.
      expect(Date.parse((await detail()).now) - Date.now()).toBeGreaterThan(28 * 60_000);
      await clocked.request({ method: 'POST', url: '/api/test/clock', payload: { advanceMinutes: 1 } });
      expect(await status()).toBe('expired');
      // Quotes keep the system clock (prices move in real time): a new one is valid for two
      // minutes from now, and an order on it is placed, with its deadline on the moved clock.
      const fresh = await clocked.request({
        method: 'POST',
        url: '/api/quotes',
        cookie: customer.cookie,
        payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'GHS', amountFiat: '100' },
      });
      expect(Math.abs(Date.parse(fresh.json().expiresAt) - Date.now() - 120_000)).toBeLessThan(10_000);
      const next = await clocked.request({
        method: 'POST',
        url: '/api/orders',
        cookie: customer.cookie,
        payload: { type: 'buy', quoteId: fresh.json().id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
      });
      expect(next.statusCode, next.body).toBe(201);
      expect(Date.parse(next.json().order.deadlineAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    } finally {
      await plain.close();
      await clocked.close();
      await fake.close();
    }
  });
});
