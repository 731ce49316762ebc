import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/auth.js';
import { toDecimal } from '#shared/money.js';
import { startFakePriceServer, type TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createTestApp, insertMomoMethod, type TTestApp } from '#test/helpers/test-app.js';

/*
 * Issue 16 point 3, "Numbers that add up", for quotes and orders: the fee in cedis computed in
 * cedis, the unit price of Order Details the quote's, and every amount of a quote computed from
 * the rate it locks (and the order keeps). Prices of the fake providers: BTC 91234.12 USD, buy
 * price = base x 1.025 = 93514.973.
 */

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

type TQuoteAnswer = {
  id: string;
  amountFiat: string;
  amountUsd: string;
  amountCrypto: string;
  amountGhs: string;
  unitPriceUsd: string;
  unitPriceFiat: string;
  ghsRate: string;
  feeUsd: string;
  feeFiat: string;
};

/** A test app on the fake providers, its prices fetched (`prepare` sets the providers up first), with a MoMo method. */
async function orderApp(prepare: (fake: TFakePriceServer) => void) {
  const fake = await startFakePriceServer();
  prepare(fake);
  const t = await createTestApp(fake.env());
  await t.app.market.refreshOnce();
  const methodId = (await insertMomoMethod(t.database.db)).id;
  return { t, fake, methodId };
}

function helpers(t: TTestApp, methodId: number) {
  const quote = async (cookie: string, fiatCurrency: 'GHS' | 'USD', amountFiat: string): Promise<TQuoteAnswer> => {
    const response = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie,
      payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency, amountFiat },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const order = async (cookie: string, quoteId: string) => {
    const created = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie,
      payload: { type: 'buy', quoteId, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().order.id as number;
    // What the order page and Order Details read.
    return (await t.request({ method: 'GET', url: `/api/orders/${id}`, cookie })).json().order;
  };
  return { quote, order };
}

describe('a GHS buy at 16.5 cedis per dollar', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;

  beforeAll(async () => {
    ({ t, fake, methodId } = await orderApp((f) => {
      f.ghs.erApi = 16.5;
    }));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('shows the fee of a GHS 100 buy computed in cedis: GHS 2.44, not USD 0.15 converted (GHS 2.48)', async () => {
    const { quote } = helpers(t, methodId);
    const customer = await t.signUp();
    const q = await quote(customer.cookie, 'GHS', '100');
    expect(q).toMatchObject({
      ghsRate: '16.500000',
      amountFiat: '100.00',
      amountUsd: '6.06',
      amountGhs: '100.00',
      unitPriceUsd: '93514.97300000',
      unitPriceFiat: '1542997.05',
      amountCrypto: '0.00006480',
    });
    // (93514.973 - 91234.12) x 16.5 x 0.0000648 = 2.4386880...
    expect(q.feeFiat).toBe('2.44');
    // The dollar figures stay dollars: 2280.853 x 0.0000648 = 0.1478...
    expect(q.feeUsd).toBe('0.15');

    // A USD quote's fee in its own currency is the dollar fee.
    const usd = await quote(customer.cookie, 'USD', '10');
    expect(usd.amountCrypto).toBe('0.00010693');
    expect(usd.feeUsd).toBe('0.24');
    expect(usd.feeFiat).toBe('0.24');
  });

  it("gives the order the quote's unit price in the order's currency, not cedis over coins (GHS 1,543,209.88)", async () => {
    const { quote, order } = helpers(t, methodId);
    const customer = await t.signUp();
    const q = await quote(customer.cookie, 'GHS', '100');
    const placed = await order(customer.cookie, q.id);
    expect(placed).toMatchObject({
      unitPriceUsd: '93514.97300000',
      ghsRate: '16.500000',
      amountFiat: '100.00',
      amountCrypto: '0.00006480',
    });
    expect(placed.unitPriceFiat).toBe('1542997.05');
    expect(placed.unitPriceFiat).toBe(q.unitPriceFiat);

    const inDollars = await quote(customer.cookie, 'USD', '10');
    const placedInDollars = await order(customer.cookie, inDollars.id);
    expect(placedInDollars.unitPriceFiat).toBe('93514.97');
    expect(placedInDollars.unitPriceFiat).toBe(inDollars.unitPriceFiat);
  });
});

/** Issue 26 point 10: coins from the unrounded cedis. A quote of the fake providers at `rate` cedis per dollar. */
function quoteAt(rate: number) {
  const state: { t?: TTestApp; fake?: TFakePriceServer } = {};
  beforeAll(async () => {
    const { t, fake } = await orderApp((f) => {
      f.ghs.erApi = rate;
    });
    Object.assign(state, { t, fake });
  });
  afterAll(async () => {
    await state.t?.close();
    await state.fake?.close();
  });
  return async (payload: Record<string, string>): Promise<TQuoteAnswer> => {
    const t = state.t!;
    const customer = await t.signUp();
    const response = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: customer.cookie,
      payload: { fiatCurrency: 'GHS', ...payload },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
}

describe('a GHS 10.16 USDT sell at 16.5 (issue 26 point 10)', () => {
  const quote = quoteAt(16.5);

  it('asks for the coins price and fee explain (0.631420), not 0.69 % more from USD 0.62 (0.635771)', async () => {
    // USDT 1.0002 USD, sell price 1.0002 x 0.975 = 0.975195; 10.16 / (0.975195 x 16.5) = 0.6314199..., up to 6 decimals.
    const q = await quote({ coinSymbol: 'usdt', side: 'sell', amountFiat: '10.16' });
    expect(q).toMatchObject({ unitPriceUsd: '0.97519500', amountGhs: '10.16', amountUsd: '0.62', amountCrypto: '0.63142000' });
  });
});

describe('a GHS 100 BTC buy at 15.5 (issue 26 point 10)', () => {
  const quote = quoteAt(15.5);

  it('gives the coins of GHS 100 less part of a satoshi (0.00006899), not GHS 0.03 short from USD 6.45 (0.00006897)', async () => {
    // 100 / (93514.973 x 15.5) = 0.0000689902..., down to 8 decimals.
    const q = await quote({ coinSymbol: 'btc', side: 'buy', amountFiat: '100' });
    expect(q).toMatchObject({ ghsRate: '15.500000', amountGhs: '100.00', amountUsd: '6.45', amountCrypto: '0.00006899' });
    expect(toDecimal(100).minus(toDecimal(q.amountCrypto).times(q.unitPriceFiat)).lt('0.01')).toBe(true);
  });
});

describe('a rate with more decimals than an order keeps (the fallback provider: 11.64619458)', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;

  beforeAll(async () => {
    ({ t, fake, methodId } = await orderApp((f) => f.set('er-api', { kind: 'down' })));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('is locked at 6 decimals before any amount is computed, so the order repeats the quote to the pesewa', async () => {
    const { quote, order } = helpers(t, methodId);
    const customer = await t.signUp();
    // Tier 2 (docs/decisions/016): the $1000 order is within its daily limit.
    await t.database.db.update(users).set({ kycStatus: 'verified', tier: 2 }).where(eq(users.id, customer.id));

    // $1000 at 11.64619458 would be GHS 11646.19; at the locked 11.646195 (what the order keeps) 11646.20.
    const usd = await quote(customer.cookie, 'USD', '1000');
    expect(usd.ghsRate).toBe('11.646195');
    expect(usd.amountGhs).toBe('11646.20');
    const placedUsd = await order(customer.cookie, usd.id);
    expect(placedUsd.amountGhs).toBe('11646.20');

    // 93514.973 x 11.64619458 = 1089093.57...; x 11.646195 = 1089093.61
    const ghs = await quote(customer.cookie, 'GHS', '500');
    expect(ghs.unitPriceFiat).toBe('1089093.61');
    const placedGhs = await order(customer.cookie, ghs.id);
    expect(placedGhs.unitPriceFiat).toBe('1089093.61');
    expect(placedGhs.amountGhs).toBe(ghs.amountGhs);
  });
});
