import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/auth.js';
import { createChallenge, solveChallenge } from '#server/lib/proof-of-work.js';
import { VERIFY_MSG, type TChallengeSolution, type TSignupChallenge } from '#shared/contracts/email-verification.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { emailsTo, linkToken, VERIFY_EMAIL_SUBJECT } from '#test/helpers/email-links.js';
import { createOrderTestApp, createTestApp, SUPER_ADMIN, testConfig, uniqueName, type TTestApp } from '#test/helpers/test-app.js';

/*
 * Email verification before the first order (issue 26 point 5), a sign-up that does not say an
 * address has an account (point 7), and sign-up limits with a proof-of-work check (point 7):
 * docs/decisions/024.
 */

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ATTEMPT_SUBJECT = 'Someone tried to create a CediCrypto account with your email';

function signupBody(overrides: Record<string, unknown> = {}) {
  const username = uniqueName('verif');
  return { username, fullName: 'Esi Boateng', email: `${username}@example.com`, password: 'Str0ng-Passw0rd', ...overrides };
}

describe('sign-up answers the same for an address that has an account', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('same status, body and headers for a new and an existing address; the owner is emailed, no account is made', async () => {
    const owner = await t.signUp();
    const fresh = signupBody({ email: `${uniqueName('new')}@example.com` });
    const copy = signupBody({ email: owner.email.toUpperCase() });
    const started = [performance.now()];
    const newAnswer = await t.request({ method: 'POST', url: '/api/account/signup', payload: fresh });
    started.push(performance.now());
    const copyAnswer = await t.request({ method: 'POST', url: '/api/account/signup', payload: copy });
    started.push(performance.now());

    expect(copyAnswer.statusCode).toBe(newAnswer.statusCode);
    expect(newAnswer.statusCode).toBe(202);
    // The bodies differ only by the address each one typed.
    expect(copyAnswer.json()).toEqual({ email: owner.email, message: VERIFY_MSG.checkEmail(owner.email) });
    expect(newAnswer.json()).toEqual({ email: fresh.email, message: VERIFY_MSG.checkEmail(fresh.email as string) });
    const headerNames = (r: typeof newAnswer) =>
      Object.keys(r.headers)
        .filter((name) => !['date', 'content-length', 'x-request-id'].includes(name))
        .sort();
    expect(headerNames(copyAnswer)).toEqual(headerNames(newAnswer));
    expect(copyAnswer.headers['set-cookie']).toBeUndefined();
    // Both hashed a password: neither answer is a shortcut (timings printed for the record).
    console.info(
      `sign-up: new address ${(started[1]! - started[0]!).toFixed(0)} ms, existing ${(started[2]! - started[1]!).toFixed(0)} ms`,
    );

    // The owner learns of it; nobody else does, and the username typed was not taken.
    const [attempt] = await emailsTo(t.database.db, owner.email, ATTEMPT_SUBJECT);
    expect(attempt).toBeDefined();
    expect(attempt!.body).toContain('#/forgot-password');
    expect(await emailsTo(t.database.db, owner.email, VERIFY_EMAIL_SUBJECT)).toHaveLength(1);
    const rows = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${owner.email}`);
    expect(rows).toHaveLength(1);
    const copyUser = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, (copy.username as string).toLowerCase()));
    expect(copyUser).toHaveLength(0);
    // The owner's password still signs in.
    expect((await t.login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('a confirmation link works once: used again, it confirms nothing more and signs nobody in; a forged one is refused', async () => {
    const body = signupBody();
    await t.request({ method: 'POST', url: '/api/account/signup', payload: body });
    const [mail] = await emailsTo(t.database.db, body.email as string, VERIFY_EMAIL_SUBJECT);
    const token = linkToken(mail!, '/verify-email');
    const first = await t.request({ method: 'POST', url: '/api/account/verify-email', payload: { token } });
    expect(first.json().user.emailVerified).toBe(true);
    const again = await t.request({ method: 'POST', url: '/api/account/verify-email', payload: { token } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ user: null });
    expect(again.headers['set-cookie']).toBeUndefined();
    const forged = await t.request({ method: 'POST', url: '/api/account/verify-email', payload: { token: `${token.slice(0, -4)}AAAA` } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toEqual({ code: 'INVALID_TOKEN', message: VERIFY_MSG.linkInvalid });
  });

  it('staff addresses are verified: the seeded super admin and an invited staff member', async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, SUPER_ADMIN.email));
    expect(admin?.emailVerified).toBe(true);
    const staff = await t.createStaff('support');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, staff.id));
    expect(row?.emailVerified).toBe(true);
  });
});

describe('orders wait for a confirmed address', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('refuses an unverified customer’s order with EMAIL_NOT_VERIFIED, then places it after the link', async () => {
    const body = signupBody();
    await t.request({ method: 'POST', url: '/api/account/signup', payload: body });
    // Signing in with the password works before the address is confirmed.
    const cookie = await t.loginCookie(body.email as string, body.password as string);
    const session = await t.request({ method: 'GET', url: '/api/session', cookie });
    expect(session.json().user.emailVerified).toBe(false);
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie,
      payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'USD', amountFiat: '15' },
    });
    expect(quote.statusCode).toBe(201);
    const order = () =>
      t.request({
        method: 'POST',
        url: '/api/orders',
        cookie,
        payload: { type: 'buy', quoteId: quote.json().id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
      });
    const refused = await order();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: VERIFY_MSG.orderRefused(body.email as string) });

    const [mail] = await emailsTo(t.database.db, body.email as string, VERIFY_EMAIL_SUBJECT);
    // Opened in the browser that is signed in: the same session, now verified.
    const verified = await t.request({
      method: 'POST',
      url: '/api/account/verify-email',
      cookie,
      payload: { token: linkToken(mail!, '/verify-email') },
    });
    expect(verified.json().user).toMatchObject({ email: body.email, emailVerified: true });
    expect((await order()).statusCode).toBe(201);
  });
});

describe('Resend the link', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => t.close());

  it('sends a new link to the signed-in person’s address, three times in 15 minutes; refuses it signed out or once verified', async () => {
    const body = signupBody();
    await t.request({ method: 'POST', url: '/api/account/signup', payload: body });
    const cookie = await t.loginCookie(body.email as string, body.password as string);
    const resend = () => t.request({ method: 'POST', url: '/api/account/verification-email', cookie });
    for (let i = 0; i < 3; i += 1) {
      const sent = await resend();
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ message: VERIFY_MSG.resent(body.email as string) });
    }
    expect(await emailsTo(t.database.db, body.email as string, VERIFY_EMAIL_SUBJECT)).toHaveLength(4);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await emailsTo(t.database.db, body.email as string, VERIFY_EMAIL_SUBJECT)).toHaveLength(4);

    const signedOut = await t.request({ method: 'POST', url: '/api/account/verification-email' });
    expect(signedOut.statusCode).toBe(401);

    // The latest link works (each is valid on its own).
    const mails = await emailsTo(t.database.db, body.email as string, VERIFY_EMAIL_SUBJECT);
    const verified = await t.request({
      method: 'POST',
      url: '/api/account/verify-email',
      payload: { token: linkToken(mails.at(-1)!, '/verify-email') },
    });
    expect(verified.json().user.emailVerified).toBe(true);
    // A confirmed address needs no new link.
    const confirmed = await t.signUp();
    const again = await t.request({ method: 'POST', url: '/api/account/verification-email', cookie: confirmed.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'EMAIL_ALREADY_VERIFIED', message: VERIFY_MSG.alreadyVerified });
  });
});

describe('sign-up limits and the proof-of-work check', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => t.close());

  const signUp = (payload: Record<string, unknown>, remoteAddress = '198.51.100.7') =>
    t.app.inject({ method: 'POST', url: '/api/account/signup', headers: { origin: testConfig().appOrigin }, remoteAddress, payload });
  const challenge = async (): Promise<TSignupChallenge> => {
    const response = await t.request({ method: 'GET', url: '/api/account/signup-challenge' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json();
  };
  const solved = async (): Promise<TChallengeSolution> => solveChallenge(await challenge())!;

  it('after 3 sign-ups of one address asks for the check, whatever the network; a solved one passes once', async () => {
    const email = `${uniqueName('limit')}@example.com`;
    for (let i = 0; i < 3; i += 1) {
      const answer = await signUp(signupBody({ email }), `203.0.113.${10 + i}`);
      expect(answer.statusCode).toBe(202);
    }
    const refused = await signUp(signupBody({ email }), '192.0.2.50');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'CHALLENGE_REQUIRED', message: VERIFY_MSG.challengeRequired });

    const proof = await solved();
    expect((await signUp(signupBody({ email, proof }), '192.0.2.50')).statusCode).toBe(202);
    // The same solution a second time.
    const reused = await signUp(signupBody({ email, proof }), '192.0.2.50');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toEqual({ code: 'CHALLENGE_INVALID', message: VERIFY_MSG.challengeInvalid });
  });

  it('after 10 sign-ups from one /24 asks for the check; another /24 is not affected; IPv6 counts per /64', async () => {
    for (let i = 0; i < 10; i += 1) expect((await signUp(signupBody(), `198.51.100.${20 + i}`)).statusCode).toBe(202);
    expect((await signUp(signupBody(), '198.51.100.200')).json().error.code).toBe('CHALLENGE_REQUIRED');
    expect((await signUp(signupBody(), '198.51.101.1')).statusCode).toBe(202);

    for (let i = 0; i < 10; i += 1) expect((await signUp(signupBody(), `2001:db8:1:2::${(i + 1).toString(16)}`)).statusCode).toBe(202);
    expect((await signUp(signupBody(), '2001:db8:1:2:ffff::1')).json().error.code).toBe('CHALLENGE_REQUIRED');
    expect((await signUp(signupBody(), '2001:db8:1:3::1')).statusCode).toBe(202);
  });

  it('refuses a wrong number, a forged signature and an expired challenge', async () => {
    const email = `${uniqueName('bad')}@example.com`;
    for (let i = 0; i < 3; i += 1) await signUp(signupBody({ email }), `203.0.113.${100 + i}`);
    const good = await solved();
    const wrongNumber = { ...good, number: (good.number + 1) % 100_001 };
    const forged = { ...good, signature: 'f'.repeat(64) };
    const old = createChallenge(testConfig().authSecret, Date.now() - 11 * 60 * 1000, 50);
    const expired = solveChallenge(old)!;
    for (const proof of [wrongNumber, forged, expired]) {
      const answer = await signUp(signupBody({ email, proof }), '203.0.113.200');
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('CHALLENGE_INVALID');
    }
    // None of them used the good solution up.
    expect((await signUp(signupBody({ email, proof: good }), '203.0.113.200')).statusCode).toBe(202);
  });
});
