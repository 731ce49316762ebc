import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { rateLimitCounters } from '#server/db/schema/limits.js';
import { orders, quotes } from '#server/db/schema/orders.js';
import { MEMORY_WINDOW_MS, RateLimitStore } from '#server/lib/rate-limit-store.js';
import { pruneUnusedQuotes, UNUSED_QUOTE_RETENTION_MS } from '#server/modules/orders/quotes.js';
import { LOGIN_SLOWDOWN, RATE_LIMITS } from '#server/plugins/rate-limit.js';
import { users } from '#server/db/schema/auth.js';
import { emailsTo } from '#test/helpers/email-links.js';
import { MSG } from '#shared/messages.js';
import { cookieFrom, createTestApp, testConfig, TEST_ORIGIN, type TTestApp } from '#test/helpers/test-app.js';

const FAILED_SIGN_INS_SUBJECT = 'Failed sign-ins to your CediCrypto account';

describe('rate-limit store', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts in a fixed window that starts again once over, by the injected clock', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const store = new RateLimitStore(t.database.db, () => now);
    const key = `test:${randomUUID()}`;
    expect(await store.hit(key, 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 15_000;
    expect(await store.hit(key, 60_000)).toEqual({ count: 2, resetInMs: 45_000 });
    expect(await store.peek(key)).toEqual({ count: 2, resetInMs: 45_000 });
    now += 45_000;
    expect(await store.peek(key)).toEqual({ count: 0, resetInMs: 0 });
    expect(await store.hit(key, 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    await store.clear(key);
    expect(await store.peek(key)).toEqual({ count: 0, resetInMs: 0 });
  });

  it('counts fifty simultaneous hits exactly once each', async () => {
    const store = new RateLimitStore(t.database.db);
    const key = `test:${randomUUID()}`;
    const counts = await Promise.all(Array.from({ length: 50 }, () => store.hit(key, 60_000).then((r) => r.count)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('in memory (one PGlite process) counts route limits up to a minute without a row, and longer ones in the database', async () => {
    const ROUTE = { mayRestart: true };
    let now = Date.parse('2026-11-23T10:00:00Z');
    const store = new RateLimitStore(t.database.db, () => now, { inMemory: true });
    const short = `test:${randomUUID()}`;
    const long = `test:${randomUUID()}`;
    const counts = await Promise.all(Array.from({ length: 50 }, () => store.hit(short, MEMORY_WINDOW_MS, ROUTE).then((r) => r.count)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await store.hit(long, MEMORY_WINDOW_MS + 1, ROUTE)).toEqual({ count: 1, resetInMs: MEMORY_WINDOW_MS + 1 });
    const keys = (await t.database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key);
    expect(keys).toContain(long);
    expect(keys).not.toContain(short);

    now += 20_000;
    expect(await store.peek(short)).toEqual({ count: 50, resetInMs: 40_000 });
    expect(await store.hit(short, MEMORY_WINDOW_MS, ROUTE)).toEqual({ count: 51, resetInMs: 40_000 });
    now += 40_000;
    expect(await store.peek(short)).toEqual({ count: 0, resetInMs: 0 });
    expect(await store.hit(short, MEMORY_WINDOW_MS, ROUTE)).toEqual({ count: 1, resetInMs: MEMORY_WINDOW_MS });
    await store.clear(short);
    expect(await store.peek(short)).toEqual({ count: 0, resetInMs: 0 });
    await store.hit(short, 1_000, ROUTE);
    // A service's count (a sign-in gate) is in the database even when short.
    const gate = `test:${randomUUID()}`;
    await store.hit(gate, 1_000);
    expect((await t.database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key)).toContain(gate);
    now += 5_000;
    expect(await store.prune()).toBeGreaterThanOrEqual(1);
    expect(await store.peek(short)).toEqual({ count: 0, resetInMs: 0 });
  });

  it('prunes only counters whose window is over', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const store = new RateLimitStore(t.database.db, () => now);
    const old = `test:${randomUUID()}`;
    const live = `test:${randomUUID()}`;
    await store.hit(old, 1_000);
    await store.hit(live, 600_000);
    now += 5_000;
    expect(await store.prune(1)).toBeGreaterThanOrEqual(1);
    const keys = (await t.database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key);
    expect(keys).not.toContain(old);
    expect(keys).toContain(live);
  });
});

describe('request limits', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => t.close());

  it('answers 429 in the error shape with Retry-After once a route allowance is used, per address', async () => {
    const check = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/api/account/username-available?username=someone${randomUUID().slice(0, 4)}`, remoteAddress });
    const { max, windowSeconds } = RATE_LIMITS.usernameCheckPerIp;
    for (let i = 0; i < max; i += 1) expect((await check('198.51.100.20')).statusCode).toBe(200);
    const refused = await check('198.51.100.20');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: MSG.tooManyAttempts } });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    // Another address has its own allowance.
    expect((await check('198.51.100.21')).statusCode).toBe(200);
  });

  it('limits signed-in routes per person, and says how long to wait', async () => {
    const customer = await t.signUp();
    const other = await t.signUp();
    const upload = (cookie: string) =>
      t.request({ method: 'POST', url: '/api/kyc', cookie, headers: { 'content-type': 'application/json' }, payload: '{}' });
    for (let i = 0; i < RATE_LIMITS.kycUploadsPerUser.max; i += 1) expect((await upload(customer.cookie)).statusCode).not.toBe(429);
    const refused = await upload(customer.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(MSG.tooManyAttemptsFor(60));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await upload(other.cookie)).statusCode).not.toBe(429);
  });

  it('locks one address out of one account, not the account: the right password from another address signs in', async () => {
    const customer = await t.signUp();
    const { max, windowSeconds } = RATE_LIMITS.loginFailuresPerAccountAndIp;
    for (let i = 0; i < max; i += 1)
      expect((await t.login(customer.email, 'wrong-password', 'customer', '203.0.113.7')).statusCode).toBe(401);
    // That address waits out the window for that account, even with the right password.
    const refused = await t.login(customer.email.toUpperCase(), customer.password, 'customer', '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(windowSeconds - 60);
    // The owner, elsewhere, is not locked out (issue 26: anyone could lock any account).
    expect((await t.login(customer.email, customer.password, 'customer', '192.0.2.99')).statusCode).toBe(200);
  });

  /** Fails `count` sign-ins of `email` from addresses that each stay under their own limit. */
  async function failFromManyAddresses(email: string, count: number, subnet: number) {
    const perAddress = RATE_LIMITS.loginFailuresPerAccountAndIp.max;
    for (let i = 0; i < count; i += 1) {
      const response = await t.login(email, 'wrong-password', 'customer', `10.${subnet}.${Math.floor(i / perAddress)}.1`);
      expect(response.statusCode).toBe(401);
    }
  }

  /** Time passing for the slowed account: its gate opens (the counter's window is over). */
  const openGate = (email: string) =>
    t.database.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, `login-gate:${email.toLowerCase()}`));

  it('slows an account failed from many addresses with a growing, capped Retry-After, never a lock', async () => {
    const customer = await t.signUp();
    const allowed = RATE_LIMITS.loginFailuresPerAccount.max;
    await failFromManyAddresses(customer.email, allowed, 1);
    const waits: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      // One attempt passes the open gate (and fails); the next, from anywhere, is told to wait.
      expect((await t.login(customer.email, 'wrong-password', 'customer', `10.2.${round}.1`)).statusCode).toBe(401);
      const slowed = await t.login(customer.email, customer.password, 'customer', `10.3.${round}.1`);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().error.code).toBe('RATE_LIMITED');
      waits.push(Number(slowed.headers['retry-after']));
      await openGate(customer.email);
    }
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    expect(waits[3]).toBeGreaterThan(waits[0]!);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(LOGIN_SLOWDOWN.capSeconds);
    expect(waits[0]).toBeLessThanOrEqual(60);
    // Once the short wait is over, the right password signs in from a new address.
    expect((await t.login(customer.email, customer.password, 'customer', '10.4.0.1')).statusCode).toBe(200);
    // The owner was told about the attempts once for the burst, not once per attempt.
    expect(await emailsTo(t.database.db, customer.email, FAILED_SIGN_INS_SUBJECT)).toHaveLength(1);
  });

  it('lets a staff owner with the password and an authenticator code in while the account is slowed', async () => {
    const owner = await t.signUp();
    await t.enrolTwoFactor(owner.email, owner.password, owner.cookie);
    await t.database.db.update(users).set({ role: 'super_admin' }).where(eq(users.id, owner.id));
    await failFromManyAddresses(owner.email, RATE_LIMITS.loginFailuresPerAccount.max + 1, 5);
    // The gate the last failure claimed stays closed for this test (the delay is a second here).
    await t.database.db
      .update(rateLimitCounters)
      .set({ resetAt: new Date(Date.now() + 10 * 60_000) })
      .where(eq(rateLimitCounters.key, `login-gate:${owner.email.toLowerCase()}`));
    const attempt = (password: string, code?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/session/login',
        headers: { origin: TEST_ORIGIN },
        payload: { email: owner.email, password, portal: 'admin', ...(code ? { code } : {}) },
        remoteAddress: '10.6.0.1',
      });
    // The authenticator the enrolment used (its codes are used once; this form takes no backup code).
    const code = await t.authenticatorCode(owner.email);
    // Without the code, or with a wrong password or code, the same short refusal: nothing learnt.
    expect((await attempt(owner.password)).statusCode).toBe(429);
    expect((await attempt(owner.password, code === '000000' ? '111111' : '000000')).statusCode).toBe(429);
    expect((await attempt('wrong-password', code)).statusCode).toBe(429);
    const signedIn = await attempt(owner.password, code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ twoFactorRequired: false, user: { role: 'super_admin' } });
    const session = await t.request({ method: 'GET', url: '/api/session', cookie: cookieFrom(signedIn) });
    expect(session.json().user.email).toBe(owner.email);
    // Once the gate is open, the code sent with the password completes the sign-in in that request,
    // and an empty code is no code (the form's field left blank).
    await openGate(owner.email);
    expect((await attempt(owner.password, await t.authenticatorCode(owner.email))).json()).toMatchObject({
      twoFactorRequired: false,
      user: { role: 'super_admin' },
    });
    await openGate(owner.email);
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/session/login',
      headers: { origin: TEST_ORIGIN },
      payload: { email: owner.email, password: owner.password, portal: 'admin', code: '' },
      remoteAddress: '10.6.0.2',
    });
    expect(blank.json()).toEqual({ user: null, twoFactorRequired: true });
  }, 120_000); // may wait up to a 30-second step for an unused authenticator code

  it('lets a successful sign-in start the count of its address again', async () => {
    const customer = await t.signUp();
    const { max } = RATE_LIMITS.loginFailuresPerAccountAndIp;
    for (let i = 0; i < max - 1; i += 1) await t.login(customer.email, 'wrong-password', 'customer', '203.0.113.50');
    expect((await t.login(customer.email, customer.password, 'customer', '203.0.113.50')).statusCode).toBe(200);
    for (let i = 0; i < max - 1; i += 1)
      expect((await t.login(customer.email, 'wrong-password', 'customer', '203.0.113.50')).statusCode).toBe(401);
  });

  it('sends a few reset emails an hour to one address, whoever asks', async () => {
    const customer = await t.signUp();
    const ask = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/forgot-password',
        remoteAddress,
        headers: { origin: TEST_ORIGIN },
        payload: { email: customer.email },
      });
    for (let i = 0; i < RATE_LIMITS.forgotPasswordPerEmail.max; i += 1) expect((await ask(`203.0.113.${60 + i}`)).statusCode).toBe(200);
    const refused = await ask('203.0.113.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('counts in the database on PostgreSQL, so a second server process on it shares the allowance; PGlite counts a minute in memory', async () => {
    const second = await buildApp(testConfig({ RATE_LIMIT_SCALE: '1' }), { database: t.database, logger: false });
    await second.ready();
    try {
      const check = (app: typeof second) =>
        app.inject({ method: 'GET', url: '/api/account/username-available?username=shared1', remoteAddress: '198.51.100.30' });
      const { max, windowSeconds } = RATE_LIMITS.usernameCheckPerIp;
      expect(windowSeconds * 1000).toBeLessThanOrEqual(MEMORY_WINDOW_MS);
      for (let i = 0; i < max; i += 1) expect((await check(i % 2 === 0 ? t.app : second)).statusCode).toBe(200);
      if (t.database.kind === 'postgres') {
        expect((await check(second)).statusCode).toBe(429);
        expect((await check(t.app)).statusCode).toBe(429);
      } else {
        // PGlite serves one process (server.lock): each app here counted its own half, in memory, and no row was written.
        expect((await check(second)).statusCode).toBe(200);
        const rows = await t.database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
        expect(rows.filter((row) => row.key.includes('username-available'))).toEqual([]);
      }
    } finally {
      await second.close();
    }
  });
});

describe('housekeeping', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('deletes expired unused quotes, and keeps the quotes orders were placed on', async () => {
    const customer = await t.signUp();
    const expired = new Date(Date.now() - UNUSED_QUOTE_RETENTION_MS - 60_000);
    const quote = (id: string, expiresAt: Date) => ({
      id,
      userId: customer.id,
      coinSymbol: 'btc',
      side: 'buy' as const,
      fiatCurrency: 'USD' as const,
      amountFiat: '10.00',
      amountUsd: '10.00',
      amountCrypto: '0.00010000',
      unitPriceUsd: '100000',
      baseUsd: '97500',
      ghsRate: '15.5',
      feePercentage: '2.50',
      feeUsd: '0.25',
      expiresAt,
    });
    const [unused, used, recent] = [randomUUID(), randomUUID(), randomUUID()];
    const paymentTxId = `MOMO${randomUUID().replaceAll('-', '')}`;
    await t.database.db.insert(quotes).values([quote(unused, expired), quote(used, expired), quote(recent, new Date(Date.now() - 60_000))]);
    await t.database.db.insert(orders).values({
      status: 'payment_submitted',
      userId: customer.id,
      quoteId: used,
      type: 'buy',
      coinSymbol: 'btc',
      amountCrypto: '0.00010000',
      amountFiat: '10.00',
      fiatCurrency: 'USD',
      amountUsd: '10.00',
      unitPriceUsd: '100000',
      ghsRate: '15.5',
      paymentMethod: 'MTN MoMo',
      paymentTxId,
      paymentTxKey: paymentTxId.toLowerCase(),
    });
    expect(await pruneUnusedQuotes(t.database.db, new Date(), 1)).toBeGreaterThanOrEqual(1);
    const left = (await t.database.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.userId, customer.id))).map((r) => r.id);
    expect(left.sort()).toEqual([used, recent].sort());
  });

  it('runs both prunes from the background job', async () => {
    const key = `test:${randomUUID()}`;
    await t.database.db.insert(rateLimitCounters).values({ key, count: 3, resetAt: new Date(Date.now() - 1000) });
    await t.app.housekeeping.runOnce();
    const [row] = await t.database.db
      .select()
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = ${key}`);
    expect(row).toBeUndefined();
  });
});
