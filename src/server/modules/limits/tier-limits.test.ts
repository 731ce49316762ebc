import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { orders } from '#server/db/schema/orders.js';
import { firstOrThrow } from '#server/db/rows.js';
import { createLocalStorage } from '#server/lib/storage.js';
import type { TActor } from '#server/plugins/access.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createOrderTestApp, type TTestApp } from '#test/helpers/test-app.js';
import type { TOrderDeps } from '#server/modules/orders/deps.js';
import { cancelOwnOrder } from '#server/modules/orders/lifecycle.js';
import { placeOrder } from '#server/modules/orders/place-order.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const DAY = 24 * 60 * 60_000;

/*
 * The limits of the verification tiers (docs/decisions/016): the GHS of a Tier 1 or 2 customer's
 * orders of today and of this calendar month (Africa/Accra = UTC), not cancelled or expired, plus
 * the new order, stay within the tier's daily and monthly limits, under 50 simultaneous orders.
 * Earlier orders are placed on the order clock (TOrderDeps.now) on earlier days and months.
 *
 * The 50-at-once tests prove the row lock only where transactions run side by side: PGlite runs
 * one transaction at a time, so here they show the sums and the messages; the proof that the
 * lock (place-order.ts) keeps simultaneous orders within the limit is the same file run on
 * PostgreSQL, as CI does (`npm run test:api` with DATABASE_URL set to PostgreSQL 15).
 */
describe('tier limits', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let deps: TOrderDeps;

  /** Small limits so that few orders reach them (the defaults are checked on their own below). */
  const LIMITS = {
    tier1DailyLimitGhs: '1000',
    tier1MonthlyLimitGhs: '3000',
    tier2DailyLimitGhs: '2000',
    tier2MonthlyLimitGhs: '6000',
  };

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    deps = {
      db: t.database.db,
      market: t.app.market,
      appUrl: 'http://localhost:3000',
      quoteTtlSeconds: 120,
      log: t.app.log,
      onEmailQueued: () => {},
      storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), 'tier-limits-'))),
    };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const setLimits = (values: Partial<typeof settings.$inferInsert>) => t.database.db.update(settings).set(values).where(eq(settings.id, 1));
  const quote = async (cookie: string, amountFiat: string, options: { side?: 'buy' | 'sell'; fiatCurrency?: 'GHS' | 'USD' } = {}) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie,
      payload: { coinSymbol: 'btc', side: options.side ?? 'buy', fiatCurrency: options.fiatCurrency ?? 'GHS', amountFiat },
    });
    if (response.statusCode !== 201) throw new Error(`quote failed: ${response.body}`);
    return response.json() as { id: string; amountGhs: string; amountUsd: string };
  };
  let phones = 0;
  /** A customer at `tier`, with a verified phone of their own (one account per verified number). */
  async function customerAt(tier: 0 | 1 | 2) {
    const customer = await t.signUp();
    const phone = `+23324${String(++phones).padStart(7, '0')}`;
    await t.database.db
      .update(users)
      .set(tier === 0 ? { phone, phoneVerifiedAt: new Date() } : { kycStatus: 'verified', tier, phone, phoneVerifiedAt: new Date() })
      .where(eq(users.id, customer.id));
    const user = firstOrThrow(await t.database.db.select().from(users).where(eq(users.id, customer.id)));
    const actor: TActor = { id: customer.id, email: user.email, role: null, user };
    return { ...customer, actor };
  }
  /** An order placed through the service on the order clock at `at`; its result or its refusal. */
  const placeAt = (actor: TActor, quoteId: string, at: Date) =>
    placeOrder(
      { ...deps, now: () => at },
      actor,
      { type: 'buy', quoteId, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
      undefined,
    );
  /** A sell order of the quote `quoteId`, paid out to mobile money, placed at `at`. */
  const sellAt = (actor: TActor, quoteId: string, at: Date) =>
    placeOrder(
      { ...deps, now: () => at },
      actor,
      { type: 'sell', quoteId, payout: { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0241234567' } },
      undefined,
    );
  /** The refusal message of a promise that must fail. */
  const refusalOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (reason: unknown) => reason as Error,
    );
    if (!error) throw new Error('expected a refusal');
    return error.message;
  };
  /** 50 quotes of `amountFiat` (GHS, or `fiatCurrency`) placed at once at `at`: how many passed, and the messages of the others. */
  async function fifty(customer: Awaited<ReturnType<typeof customerAt>>, amountFiat: string, at: Date, fiatCurrency?: 'GHS' | 'USD') {
    const quoteIds: string[] = [];
    for (let i = 0; i < 50; i += 1) quoteIds.push((await quote(customer.cookie, amountFiat, { fiatCurrency })).id);
    const results = await Promise.allSettled(quoteIds.map((id) => placeAt(customer.actor, id, at)));
    const passed = results.filter((r) => r.status === 'fulfilled').length;
    const messages = new Set(results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : [])));
    return { passed, messages };
  }
  const sumToday = async (userId: string, at: Date) => {
    const rows = await t.database.db.select().from(orders).where(eq(orders.userId, userId));
    const start = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
    return rows
      .filter((r) => r.createdAt.getTime() >= start && r.status !== 'cancelled' && r.status !== 'expired')
      .reduce((sum, r) => sum + Number(r.amountGhs), 0);
  };

  // A fixed day in the middle of a month, whatever today is: the 20th, 12:00 in Accra (UTC).
  const now = new Date(Date.UTC(2031, 2, 20, 12, 0, 0));

  describe.each([
    { tier: 1 as const, daily: 1000, monthly: 3000 },
    { tier: 2 as const, daily: 2000, monthly: 6000 },
  ])('Tier $tier', ({ tier, daily, monthly }) => {
    beforeAll(() => setLimits(LIMITS));

    it(`lets exactly the orders within the daily limit of GHS ${daily} through out of 50 at once`, async () => {
      const customer = await customerAt(tier);
      // Yesterday's order and an expired one of today do not count against today.
      await placeAt(customer.actor, (await quote(customer.cookie, String(daily))).id, new Date(now.getTime() - DAY));
      const expired = await placeAt(customer.actor, (await quote(customer.cookie, '100')).id, new Date(now.getTime() - 60 * 60_000));
      await t.database.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, expired.order.id));
      // Earlier today: 100 used, so (daily - 100) / 100 of 50 orders of 100 pass.
      await placeAt(customer.actor, (await quote(customer.cookie, '100')).id, new Date(now.getTime() - 30 * 60_000));

      const { passed, messages } = await fifty(customer, '100', now);
      expect(passed).toBe(daily / 100 - 1);
      const hint = tier === 1 ? ' Verify your address and source of funds (Tier 2) for higher limits.' : '';
      expect([...messages]).toEqual([
        `This order is over your Tier ${tier} daily limit of GHS ${daily.toLocaleString('en-US')}.00. You have GHS 0.00 left today.${hint}`,
      ]);
      expect(await sumToday(customer.id, now)).toBe(daily);
      // The next day starts at midnight in Accra (UTC): one more order passes.
      const tomorrow = new Date(Date.UTC(2031, 2, 21, 0, 0, 0));
      await expect(placeAt(customer.actor, (await quote(customer.cookie, '100')).id, tomorrow)).resolves.toBeTruthy();
    });

    it(`lets exactly the orders within the monthly limit of GHS ${monthly} through out of 50 at once`, async () => {
      const customer = await customerAt(tier);
      // Last month does not count; this month's earlier days do: monthly - 300 used before today.
      await placeAt(customer.actor, (await quote(customer.cookie, String(daily))).id, new Date(Date.UTC(2031, 1, 28, 23, 59, 0)));
      let used = 0;
      for (let day = 1; used < monthly - 300; day += 1) {
        const amount = Math.min(daily, monthly - 300 - used);
        await placeAt(customer.actor, (await quote(customer.cookie, String(amount))).id, new Date(Date.UTC(2031, 2, day, 9, 0, 0)));
        used += amount;
      }
      const limit = await t.request({ method: 'GET', url: '/api/orders/limit', cookie: customer.cookie });
      expect(limit.json()).toMatchObject({ tier, isLimited: false, dailyLimitGhs: `${daily}.00`, monthlyLimitGhs: `${monthly}.00` });

      const { passed, messages } = await fifty(customer, '100', now);
      expect(passed).toBe(3);
      const hint = tier === 1 ? ' Verify your address and source of funds (Tier 2) for higher limits.' : '';
      expect([...messages]).toEqual([
        `This order is over your Tier ${tier} monthly limit of GHS ${monthly.toLocaleString('en-US')}.00. You have GHS 0.00 left this month.${hint}`,
      ]);
      const monthRows = (await t.database.db.select().from(orders).where(eq(orders.userId, customer.id))).filter(
        (r) => r.createdAt.getTime() >= Date.UTC(2031, 2, 1),
      );
      expect(monthRows.reduce((sum, r) => sum + Number(r.amountGhs), 0)).toBe(monthly);
      // A new calendar month starts again.
      await expect(
        placeAt(customer.actor, (await quote(customer.cookie, '100')).id, new Date(Date.UTC(2031, 3, 1, 0, 0, 0))),
      ).resolves.toBeTruthy();
    });
  });

  describe('what counts against the limit (Tier 1, daily GHS 1,000)', () => {
    beforeAll(() => setLimits(LIMITS));
    const over = (left: string) =>
      `This order is over your Tier 1 daily limit of GHS 1,000.00. You have GHS ${left} left today. Verify your address and source of funds (Tier 2) for higher limits.`;

    it('counts a sell as a buy', async () => {
      const customer = await customerAt(1);
      await sellAt(customer.actor, (await quote(customer.cookie, '700', { side: 'sell' })).id, now);
      expect(await refusalOf(placeAt(customer.actor, (await quote(customer.cookie, '300.01')).id, now))).toBe(over('300.00'));
      // And a buy counts against a sell.
      await placeAt(customer.actor, (await quote(customer.cookie, '300')).id, now);
      expect(await refusalOf(sellAt(customer.actor, (await quote(customer.cookie, '10', { side: 'sell' })).id, now))).toBe(over('0.00'));
    });

    it('counts an order quoted in USD at its GHS amount', async () => {
      const customer = await customerAt(1);
      const usd = await quote(customer.cookie, '20', { fiatCurrency: 'USD' });
      // 20 USD is far more than GHS 20: the GHS amount at the quote's rate is what counts.
      expect(Number(usd.amountGhs)).toBeGreaterThan(100);
      const placed = await placeAt(customer.actor, usd.id, now);
      expect(placed.order.amountGhs).toBe(usd.amountGhs);
      expect(await sumToday(customer.id, now)).toBe(Number(usd.amountGhs));
      const left = (1000 - Number(usd.amountGhs)).toFixed(2);
      const tooMuch = (Number(left) + 0.01).toFixed(2);
      expect(await refusalOf(placeAt(customer.actor, (await quote(customer.cookie, tooMuch)).id, now))).toBe(
        over(Number(left).toLocaleString('en-US', { minimumFractionDigits: 2 })),
      );
      await expect(placeAt(customer.actor, (await quote(customer.cookie, left)).id, now)).resolves.toBeTruthy();
    });

    it('frees what a cancelled order held: cancel and place it again', async () => {
      const customer = await customerAt(1);
      const first = await placeAt(customer.actor, (await quote(customer.cookie, '1000')).id, now);
      expect(await refusalOf(placeAt(customer.actor, (await quote(customer.cookie, '1000')).id, now))).toBe(over('0.00'));
      await cancelOwnOrder({ ...deps, now: () => now }, customer.actor, first.order.id);
      await expect(placeAt(customer.actor, (await quote(customer.cookie, '1000')).id, now)).resolves.toBeTruthy();
      expect(await sumToday(customer.id, now)).toBe(1000);
    });

    it('refuses at order time a quote taken before other orders used the limit', async () => {
      const customer = await customerAt(1);
      // Within the limit when quoted (nothing used yet)...
      const early = await quote(customer.cookie, '600');
      // ...but other orders are placed before it.
      await placeAt(customer.actor, (await quote(customer.cookie, '600')).id, now);
      expect(await refusalOf(placeAt(customer.actor, early.id, now))).toBe(over('400.00'));
      expect(await sumToday(customer.id, now)).toBe(600);
    });
  });

  describe('Tier 0: the USD limit of the settings', () => {
    it('lets exactly the orders within $20 through out of 50 at once, with the message of docs/product.md', async () => {
      await setLimits({ tier0LimitUsd: '20' });
      const customer = await customerAt(0);
      // 50 orders of $3: six make $18, a seventh would make $21.
      const { passed, messages } = await fifty(customer, '3', now, 'USD');
      expect(passed).toBe(6);
      expect([...messages]).toEqual(['This transaction exceeds your $20 trading limit. Please complete KYC.']);
      const limit = await t.request({ method: 'GET', url: '/api/orders/limit', cookie: customer.cookie });
      expect(limit.json()).toMatchObject({ tier: 0, limitUsd: '20.00', usedUsd: '18.00', remainingUsd: '2.00' });
    });

    it('states the limit of the setting in the refusal: $50', async () => {
      await setLimits({ tier0LimitUsd: '50' });
      try {
        const customer = await customerAt(0);
        await placeAt(customer.actor, (await quote(customer.cookie, '45', { fiatCurrency: 'USD' })).id, now);
        const refused = await t.request({
          method: 'POST',
          url: '/api/orders',
          cookie: customer.cookie,
          payload: {
            type: 'buy',
            quoteId: (await quote(customer.cookie, '6', { fiatCurrency: 'USD' })).id,
            walletAddress: BTC_ADDRESS,
            paymentMethodId: methodId,
          },
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.message).toBe('This transaction exceeds your $50 trading limit. Please complete KYC.');
        // A limit with cents says them.
        await setLimits({ tier0LimitUsd: '50.5' });
        const cents = await refusalOf(placeAt(customer.actor, (await quote(customer.cookie, '6', { fiatCurrency: 'USD' })).id, now));
        expect(cents).toBe('This transaction exceeds your $50.50 trading limit. Please complete KYC.');
      } finally {
        await setLimits({ tier0LimitUsd: '20' });
      }
    });
  });

  it('refuses a quote alone over what is left (a verified customer no longer gets GHS 999,999,999,999), with the amount left', async () => {
    await setLimits({
      tier1DailyLimitGhs: '5000',
      tier1MonthlyLimitGhs: '50000',
      tier2DailyLimitGhs: '100000',
      tier2MonthlyLimitGhs: '1000000',
    });
    const customer = await customerAt(1);
    const huge = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: customer.cookie,
      payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'GHS', amountFiat: '999999999999' },
    });
    expect(huge.statusCode).toBe(403);
    expect(huge.json().error.message).toBe(
      'This order is over your Tier 1 daily limit of GHS 5,000.00. You have GHS 5,000.00 left today. Verify your address and source of funds (Tier 2) for higher limits.',
    );
    expect(huge.json().error.fields.amountFiat).toBe(huge.json().error.message);
    // Within the limit: a quote, and the order through the API.
    const ok = await quote(customer.cookie, '4000');
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: customer.cookie,
      payload: { type: 'buy', quoteId: ok.id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
    });
    expect(placed.statusCode).toBe(201);
    const over = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: customer.cookie,
      payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'GHS', amountFiat: '1000.01' },
    });
    expect(over.json().error.message).toContain('You have GHS 1,000.00 left today.');
    const limit = await t.request({ method: 'GET', url: '/api/orders/limit', cookie: customer.cookie });
    expect(limit.json()).toMatchObject({
      tier: 1,
      isLimited: false,
      dailyLimitGhs: '5000.00',
      monthlyLimitGhs: '50000.00',
      usedTodayGhs: '4000.00',
      usedThisMonthGhs: '4000.00',
      leftTodayGhs: '1000.00',
      leftThisMonthGhs: '46000.00',
      nextTier: { tier: 2, needs: ['address_proof', 'source_of_funds'] },
    });
  });

  it('shows staff on Order Details the tier and the GHS left today and this month when they look; not to customers', async () => {
    await setLimits({
      tier1DailyLimitGhs: '5000',
      tier1MonthlyLimitGhs: '50000',
      tier2DailyLimitGhs: '100000',
      tier2MonthlyLimitGhs: '1000000',
    });
    const support = await t.createStaff('support');
    const customer = await customerAt(2);
    const placeNow = async (amountGhs: string) => {
      const placed = await t.request({
        method: 'POST',
        url: '/api/orders',
        cookie: customer.cookie,
        payload: {
          type: 'buy',
          quoteId: (await quote(customer.cookie, amountGhs)).id,
          walletAddress: BTC_ADDRESS,
          paymentMethodId: methodId,
        },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json().order.id as number;
    };
    const id = await placeNow('60000');
    const view = async () => (await t.request({ method: 'GET', url: `/api/admin/orders/${id}`, cookie: support.cookie })).json();
    expect((await view()).customer).toEqual({
      kycStatus: 'verified',
      remainingLimitUsd: null,
      tier: 2,
      leftTodayGhs: '40000.00',
      leftThisMonthGhs: '940000.00',
    });
    // At the time of viewing: a later order of the customer shows on the earlier order too.
    await placeNow('15000.50');
    expect((await view()).customer).toMatchObject({ leftTodayGhs: '24999.50', leftThisMonthGhs: '924999.50' });
    // A customer, even the order's own, cannot read staff Order Details.
    const refused = await t.request({ method: 'GET', url: `/api/admin/orders/${id}`, cookie: customer.cookie });
    expect(refused.statusCode).toBe(403);
  });

  it('takes the $20 limit of Tier 0 from the settings, and tells a new customer what Tier 1 needs', async () => {
    const customer = await t.signUp();
    const before = await t.request({ method: 'GET', url: '/api/orders/limit', cookie: customer.cookie });
    expect(before.json()).toMatchObject({
      tier: 0,
      isLimited: true,
      limitUsd: '20.00',
      phoneVerified: false,
      dailyLimitGhs: null,
      leftTodayGhs: null,
      nextTier: { tier: 1, needs: ['phone', 'identity'] },
    });
    await setLimits({ tier0LimitUsd: '30' });
    try {
      const q = await t.request({
        method: 'POST',
        url: '/api/quotes',
        cookie: customer.cookie,
        payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'USD', amountFiat: '25' },
      });
      const placed = await t.request({
        method: 'POST',
        url: '/api/orders',
        cookie: customer.cookie,
        payload: { type: 'buy', quoteId: q.json().id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
      });
      expect(placed.statusCode).toBe(201);
      const limit = await t.request({ method: 'GET', url: '/api/orders/limit', cookie: customer.cookie });
      expect(limit.json()).toMatchObject({ limitUsd: '30.00', usedUsd: '25.00', remainingUsd: '5.00' });
    } finally {
      await setLimits({ tier0LimitUsd: '20' });
    }
  });
});
