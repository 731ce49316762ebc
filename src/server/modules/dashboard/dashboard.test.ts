import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricePoints } from '#server/db/schema/market.js';
import { orders, quotes } from '#server/db/schema/orders.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createOrderTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { approvalBody } from '#test/helpers/orders.js';
import { orderFee } from '#server/modules/treasury/order-fee.js';
import { completedFees } from './service.js';

/*
 * Issue 16 point 3, "Numbers that add up", on the dashboards: the back-office's GHS volume is what
 * customers paid in cedis, and the customer's balance change compares with the prices of 24 h ago
 * (or says it does not know). Fake providers: BTC 91234.12 USD with CoinGecko's own 24 h change
 * -1.8423 %, ADA 0.6123 USD with none, 11.6421 cedis per dollar.
 */

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const HOUR = 60 * 60 * 1000;

describe('dashboards', () => {
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

  /** A completed buy of `amountCrypto` of a coin for the customer, written as an order would be. */
  async function completedBuy(userId: string, coinSymbol: string, amountCrypto: string) {
    const quoteId = randomUUID();
    const numbers = { amountFiat: '10.00', amountUsd: '10.00', amountCrypto, unitPriceUsd: '1', ghsRate: '11.6421' };
    await t.database.db.insert(quotes).values({
      id: quoteId,
      userId,
      coinSymbol,
      side: 'buy',
      fiatCurrency: 'USD',
      ...numbers,
      baseUsd: '1',
      feePercentage: '2.5',
      feeUsd: '0.24',
      expiresAt: new Date(),
    });
    await t.database.db.insert(orders).values({
      userId,
      quoteId,
      type: 'buy',
      coinSymbol,
      fiatCurrency: 'USD',
      ...numbers,
      amountGhs: '116.42',
      paymentMethod: 'MTN MoMo',
      status: 'completed',
    });
  }

  const portfolioOf = async (cookie: string) => (await t.request({ method: 'GET', url: '/api/portfolio', cookie })).json();

  it('sums what customers paid in cedis: two GHS 50.00 buys are GHS 100.00 (not 2 x $4.29 x 11.6421 = 99.89)', async () => {
    const customer = await t.signUp();
    for (let n = 0; n < 2; n += 1) {
      const quote = await t.request({
        method: 'POST',
        url: '/api/quotes',
        cookie: customer.cookie,
        payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'GHS', amountFiat: '50' },
      });
      expect(quote.json()).toMatchObject({ amountGhs: '50.00', amountUsd: '4.29' });
      const placed = await t.request({
        method: 'POST',
        url: '/api/orders',
        cookie: customer.cookie,
        payload: { type: 'buy', quoteId: quote.json().id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
      });
      const id = placed.json().order.id as number;
      const paid = await t.request({
        method: 'POST',
        url: `/api/orders/${id}/payment`,
        cookie: customer.cookie,
        payload: { paymentTxId: `MOMO-${randomUUID()}` },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      await t.request({ method: 'POST', url: `/api/admin/orders/${id}/claim`, cookie: admin });
      const approved = await t.request({
        method: 'POST',
        url: `/api/admin/orders/${id}/approve`,
        cookie: admin,
        payload: await approvalBody(t, id, { payoutReference: randomBytes(32).toString('hex') }),
      });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    const dashboard = (await t.request({ method: 'GET', url: '/api/admin/dashboard', cookie: admin })).json();
    expect(dashboard.totalVolumeGhs).toBe('100.00');
    expect(dashboard.totalVolumeUsd).toBe('8.58');
  });

  it("compares the balance with the prices of 24 h ago, or says '—' (null) while a held coin has none", async () => {
    const customer = await t.signUp();
    // Nothing held: nothing changed.
    expect((await portfolioOf(customer.cookie)).change24hPercent).toBe('0.00');

    // BTC only: CoinGecko's own 24 h change, as its market card shows it (-1.84 %), not 0.00.
    await completedBuy(customer.id, 'btc', '0.01000000');
    const btcOnly = await portfolioOf(customer.cookie);
    // 0.01 x 91234.12 x 11.6421 = 10621.57...
    expect(btcOnly.totalGhs).toBe('10621.57');
    expect(btcOnly.change24hPercent).toBe('-1.84');

    // ADA has no provider change and no recorded price of 24 h ago yet: unknown, like its card.
    await completedBuy(customer.id, 'ada', '100.00000000');
    const withAda = await portfolioOf(customer.cookie);
    // (0.01 x 91234.12 + 100 x 0.6123) x 11.6421 = 11334.41...
    expect(withAda.totalGhs).toBe('11334.41');
    expect(withAda.change24hPercent).toBeNull();

    // Once ADA's price of about 24 h ago is recorded (0.5), the change weighs both coins:
    // now 912.3412 + 61.23 = 973.5712; then 912.3412 / 0.981577 + 50 = 979.4647... USD: -0.60 %.
    await t.database.db.insert(pricePoints).values({
      symbol: 'ada',
      priceUsd: '0.5',
      change24h: null,
      source: 'coingecko',
      fetchedAt: new Date(Date.now() - 24 * HOUR - 60_000),
    });
    await t.app.market.refreshOnce();
    const withHistory = await portfolioOf(customer.cookie);
    expect(withHistory.totalGhs).toBe('11334.41');
    expect(withHistory.change24hPercent).toBe('-0.60');
  });

  it('sums the fees of the orders completed today and this month (Accra days, by completion), per order as its quote showed it; for the treasury roles only', async () => {
    const customer = await t.signUp();
    /** A completed buy whose fee is $0.025 (GHS 0.29105...): each rounds to the cent on its own, half-up. */
    async function completedAt(decidedAt: Date, status: 'completed' | 'cancelled' = 'completed') {
      const quoteId = randomUUID();
      const numbers = { amountFiat: '1.00', amountUsd: '1.00', amountCrypto: '0.01000000', unitPriceUsd: '100', ghsRate: '11.6421' };
      await t.database.db.insert(quotes).values({
        id: quoteId,
        userId: customer.id,
        coinSymbol: 'btc',
        side: 'buy',
        fiatCurrency: 'USD',
        ...numbers,
        baseUsd: '97.5',
        feePercentage: '2.5',
        feeUsd: '0.03',
        expiresAt: new Date(),
      });
      await t.database.db.insert(orders).values({
        userId: customer.id,
        quoteId,
        type: 'buy',
        coinSymbol: 'btc',
        fiatCurrency: 'USD',
        ...numbers,
        amountGhs: '11.64',
        paymentMethod: 'MTN MoMo',
        status,
        decidedAt,
      });
    }
    const now = new Date('2025-06-15T12:00:00.000Z');
    await completedAt(new Date('2025-06-15T00:00:00.000Z')); // today's first instant (Accra)
    await completedAt(new Date('2025-06-15T11:59:00.000Z'));
    await completedAt(new Date('2025-06-14T23:59:59.999Z')); // yesterday: this month only
    await completedAt(new Date('2025-06-01T00:00:00.000Z')); // the month's first instant
    await completedAt(new Date('2025-05-31T23:59:59.999Z')); // last month: neither
    await completedAt(new Date('2025-06-15T11:00:00.000Z'), 'cancelled'); // not completed: neither
    // Each fee is $0.025 -> $0.03 and GHS 0.2910525 -> GHS 0.29, rounded per order before the sum.
    expect(await completedFees(t.database.db, now)).toEqual({
      todayGhs: '0.58',
      todayUsd: '0.06',
      todayOrders: 2,
      monthGhs: '1.16',
      monthUsd: '0.12',
      monthOrders: 4,
    });
    expect(
      orderFee({ feePercentage: '2.5', unitPriceUsd: '100', baseUsd: '97.5', amountCrypto: '0.01', ghsRate: '11.6421' }, 'USD'),
    ).toEqual({
      percentage: '2.5',
      currency: 'USD',
      amount: '0.03',
      usd: '0.03',
      ghs: '0.29',
    });

    // The figure is on the dashboard of the roles who see the treasury, not of support or compliance.
    const manager = await t.createStaff('manager');
    const seen = (await t.request({ method: 'GET', url: '/api/admin/dashboard', cookie: manager.cookie })).json();
    expect(seen.revenue).toMatchObject({ todayGhs: expect.stringMatching(/^\d+\.\d{2}$/), monthOrders: expect.any(Number) });
    for (const role of ['support', 'compliance'] as const) {
      const staff = await t.createStaff(role);
      const dashboard = await t.request({ method: 'GET', url: '/api/admin/dashboard', cookie: staff.cookie });
      expect(dashboard.statusCode).toBe(200);
      expect(dashboard.json().revenue).toBeNull();
    }
  });
});
