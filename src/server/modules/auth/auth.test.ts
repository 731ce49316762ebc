import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLog } from '#server/db/schema/app.js';
import { sessions, users, verifications } from '#server/db/schema/auth.js';
import { createAccount } from '#server/db/seed.js';
import { MSG } from '#shared/messages.js';
import { deliverableBody, unsealBody } from '#server/lib/email/secrets.js';
import { emailsTo, linkToken, VERIFY_EMAIL_SUBJECT } from '#test/helpers/email-links.js';
import { VERIFY_MSG } from '#shared/contracts/email-verification.js';
import { cookieFrom, createTestApp, SUPER_ADMIN, testConfig, uniqueName, type TTestApp } from '#test/helpers/test-app.js';
import { firstOrThrow } from '#server/db/rows.js';

describe('accounts', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function latestEmailTo(email: string) {
    return firstOrThrow(
      await t.database.db
        .select()
        .from(emailLog)
        .where(eq(emailLog.to, email))
        .orderBy(sql`${emailLog.id} desc`)
        .limit(1),
    );
  }

  it('signs up a customer without signing them in; the emailed link confirms the address, signs in, and the welcome email follows', async () => {
    const username = uniqueName('kofi');
    const response = await t.request({
      method: 'POST',
      url: '/api/account/signup',
      payload: {
        username,
        fullName: "Kofi Ama-Owusu O'Neil",
        email: `${username}@Example.com`,
        password: 'Str0ng-Passw0rd',
        phone: '0241234567',
      },
    });
    expect(response.statusCode).toBe(202);
    const email = `${username}@example.com`;
    expect(response.json()).toEqual({ email, message: VERIFY_MSG.checkEmail(email) });
    expect(response.headers['set-cookie']).toBeUndefined();
    const [mail] = await emailsTo(t.database.db, email, VERIFY_EMAIL_SUBJECT);
    expect(mail?.status).toBe('pending');
    // The link's token is stored sealed only (docs/decisions/021).
    expect(mail!.body).not.toContain(linkToken(mail!, '/verify-email'));

    const verified = await t.request({
      method: 'POST',
      url: '/api/account/verify-email',
      payload: { token: linkToken(mail!, '/verify-email') },
    });
    expect(verified.statusCode).toBe(200);
    const { user } = verified.json();
    expect(user).toMatchObject({
      username,
      fullName: "Kofi Ama-Owusu O'Neil",
      email,
      phone: '0241234567',
      kycStatus: 'unverified',
      tradingVolumeUsd: '0.00',
      isBanned: false,
      role: null,
      emailVerified: true,
    });
    expect(verified.headers['set-cookie']).toContain('HttpOnly');
    const session = await t.request({ method: 'GET', url: '/api/session', cookie: cookieFrom(verified) });
    expect(session.json().user.id).toBe(user.id);
    const welcome = await latestEmailTo(email);
    expect(welcome.subject).toBe('Welcome to CediCrypto');
  });

  it('validates signup with the product messages, per field', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/account/signup',
      payload: { username: '', fullName: 'R2D2', email: 'nope', password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION');
    expect(error.fields.username).toBe('Username is required.');
    expect(error.fields.fullName).toBe('Full name can only contain letters, spaces, hyphens, or apostrophes.');
    expect(error.fields.email).toBe('A valid email is required.');
    expect(error.fields.password).toBe('Password must be at least 12 characters.');
  });

  it('refuses unknown fields such as role on signup', async () => {
    const username = uniqueName('sneaky');
    const response = await t.request({
      method: 'POST',
      url: '/api/account/signup',
      payload: { username, fullName: 'Sneaky Person', email: `${username}@example.com`, password: 'Passw0rd-long', role: 'super_admin' },
    });
    expect(response.statusCode).toBe(400);
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, `${username}@example.com`));
    expect(rows).toHaveLength(0);
  });

  it('says a username is taken, whatever its case', async () => {
    const first = await t.signUp();
    const available = await t.request({ method: 'GET', url: `/api/account/username-available?username=${first.username.toUpperCase()}` });
    expect(available.json()).toEqual({ available: false });
    const response = await t.request({
      method: 'POST',
      url: '/api/account/signup',
      payload: {
        username: first.username.toUpperCase(),
        fullName: 'Other Person',
        email: `${uniqueName()}@example.com`,
        password: 'Passw0rd-long',
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(`Username "${first.username.toUpperCase()}" is already taken. Please choose another one.`);
  });

  it('refuses usernames that read as staff, at signup and in the availability check, with the reason', async () => {
    const reason = 'This username looks like a CediCrypto staff account (admin, support, ...). Please choose another one.';
    for (const username of ['admin_1', 'adm1n', 'cedi.crypto', 'support_team', 'Kwame_Support', 'r00t']) {
      const available = await t.request({ method: 'GET', url: `/api/account/username-available?username=${encodeURIComponent(username)}` });
      expect(available.json(), username).toEqual({ available: false, reason });
      const response = await t.request({
        method: 'POST',
        url: '/api/account/signup',
        payload: { username, fullName: 'Ama Mensah', email: `${uniqueName('staffish')}@example.com`, password: 'Passw0rd-long' },
      });
      expect(response.statusCode, username).toBe(400);
      expect(response.json().error, username).toEqual({ code: 'VALIDATION', message: reason, fields: { username: reason } });
    }
    const free = uniqueName('badminton');
    expect((await t.request({ method: 'GET', url: `/api/account/username-available?username=${free}` })).json()).toEqual({
      available: true,
    });
    expect((await t.signUp({ username: free })).username).toBe(free);
  });

  it('refuses a full name that mixes scripts, and takes one written in any single script', async () => {
    const message = 'Write your full name in one alphabet: do not mix, for example, Latin and Cyrillic letters.';
    for (const fullName of ['\u0410ma Mensah', 'Kofi \u039Ffori', 'Иван Petrov']) {
      const username = uniqueName('mixed');
      const response = await t.request({
        method: 'POST',
        url: '/api/account/signup',
        payload: { username, fullName, email: `${username}@example.com`, password: 'Passw0rd-long' },
      });
      expect(response.statusCode, fullName).toBe(400);
      expect(response.json().error, fullName).toEqual({ code: 'VALIDATION', message, fields: { fullName: message } });
    }
    for (const fullName of ['Иван Петров', 'Γιώργος Παπαδόπουλος', 'Ẹkọ Adé', '山田 たろう']) {
      expect((await t.signUp({ fullName })).id, fullName).toBeTruthy();
    }
  });

  it('leaves existing accounts with such names as they are: they still sign in', async () => {
    const username = `support_${uniqueName('old')}`;
    const email = `${username}@example.com`;
    await createAccount(t.database.db, { email, password: 'Passw0rd-long', fullName: '\u0410ma Mensah', username });
    const cookie = await t.loginCookie(email, 'Passw0rd-long');
    expect((await t.request({ method: 'GET', url: '/api/session', cookie })).json().user).toMatchObject({
      username,
      fullName: '\u0410ma Mensah',
    });
    const available = await t.request({ method: 'GET', url: `/api/account/username-available?username=${username}` });
    expect(available.json().available).toBe(false);
  });

  it('lets exactly one of two simultaneous signups with one username through', async () => {
    const username = uniqueName('race');
    const attempt = (n: number) =>
      t.request({
        method: 'POST',
        url: '/api/account/signup',
        payload: { username, fullName: 'Race Person', email: `${username}-${n}@example.com`, password: 'Passw0rd-long' },
      });
    const results = await Promise.all([attempt(1), attempt(2), attempt(3)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([202, 409, 409]);
    const rows = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
    expect(rows).toHaveLength(1);
  });

  it('signs in and out', async () => {
    const customer = await t.signUp();
    const cookie = await t.loginCookie(customer.email, customer.password);
    expect((await t.request({ method: 'GET', url: '/api/session', cookie })).json().user.email).toBe(customer.email);
    const out = await t.request({ method: 'POST', url: '/api/session/logout', cookie });
    expect(out.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/session', cookie })).json().user).toBeNull();
  });

  it('answers a wrong password with "Invalid credentials."', async () => {
    const customer = await t.signUp();
    const response = await t.login(customer.email, 'wrong-password');
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials.' });
    const unknown = await t.login('nobody@example.com', 'whatever-password');
    expect(unknown.json().error.message).toBe('Invalid credentials.');
  });

  it('refuses staff at the customer login and leaves no session behind', async () => {
    const before = await t.database.db.select().from(sessions);
    const response = await t.login(SUPER_ADMIN.email, SUPER_ADMIN.password, 'customer');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'ADMIN_LOGIN_REQUIRED', message: 'Admin accounts must use the admin login.' });
    expect(response.headers['set-cookie']).toBeUndefined();
    const after = await t.database.db.select().from(sessions);
    expect(after.length).toBe(before.length);
    const admin = await t.login(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    expect(admin.statusCode).toBe(200);
    expect(admin.json().user.role).toBe('super_admin');
  });

  it('refuses customers at the admin login', async () => {
    const customer = await t.signUp();
    const response = await t.login(customer.email, customer.password, 'admin');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'NOT_ADMIN', message: 'This account does not have admin privileges.' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a banned user and ends their sessions', async () => {
    const customer = await t.signUp();
    const cookie = customer.cookie;
    await t.database.db.update(users).set({ banned: true }).where(eq(users.id, customer.id));
    const session = await t.request({ method: 'GET', url: '/api/session', cookie });
    expect(session.json().user).toBeNull();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, customer.id))).toHaveLength(0);
    const response = await t.login(customer.email, customer.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('BANNED');
  });

  it('resets a password with the emailed hash-route link, once, within the hour', async () => {
    const customer = await t.signUp();
    const forgot = await t.request({ method: 'POST', url: '/api/account/forgot-password', payload: { email: customer.email } });
    expect(forgot.json()).toEqual({ message: `If an account with ${customer.email} exists, a reset link has been sent.` });
    const email = await latestEmailTo(customer.email);
    expect(email.subject).toBe('Reset your CediCrypto password');
    // The link as delivered (the sender unseals the token, docs/decisions/021): the hash route of
    // this app, with a URL-safe token. The stored body has only the mask.
    expect(email.body).toContain('#/reset-password?token=<!--secret-->••••••••<!--/secret-->');
    const link = /http:\/\/localhost:3000\/#\/reset-password\?token=([A-Za-z0-9_-]+)"/.exec(
      deliverableBody(unsealBody(email, testConfig().authSecret)),
    );
    expect(link).not.toBeNull();
    const [, token = ''] = link ?? [];
    expect(linkToken(email, '/reset-password')).toBe(token);

    // D: tokens are stored hashed, never in clear.
    const stored = await t.database.db.select().from(verifications);
    expect(stored.some((v) => v.identifier.includes(token) || v.value.includes(token))).toBe(false);

    const reset = await t.request({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { token, password: 'Brand-new-Passw0rd' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.login(customer.email, customer.password)).statusCode).toBe(401);
    expect((await t.login(customer.email, 'Brand-new-Passw0rd')).statusCode).toBe(200);
    // The old session ended with the reset.
    expect((await t.request({ method: 'GET', url: '/api/session', cookie: customer.cookie })).json().user).toBeNull();

    const again = await t.request({ method: 'POST', url: '/api/account/reset-password', payload: { token, password: 'Another-Passw0rd' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_TOKEN');
  });

  it('a successful reset makes every other outstanding reset link of that account invalid, and only of that account', async () => {
    const customer = await t.signUp();
    const other = await t.signUp();
    for (const email of [customer.email, customer.email, other.email]) {
      expect((await t.request({ method: 'POST', url: '/api/account/forgot-password', payload: { email } })).statusCode).toBe(200);
    }
    const [first, second] = (await emailsTo(t.database.db, customer.email, 'Reset your CediCrypto password')).map((m) =>
      linkToken(m, '/reset-password'),
    );
    const [others] = (await emailsTo(t.database.db, other.email, 'Reset your CediCrypto password')).map((m) =>
      linkToken(m, '/reset-password'),
    );

    expect(
      (await t.request({ method: 'POST', url: '/api/account/reset-password', payload: { token: second, password: 'Brand-new-Passw0rd' } }))
        .statusCode,
    ).toBe(200);
    const stale = await t.request({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { token: first, password: 'Attacker-Passw0rd' },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toEqual({ code: 'INVALID_TOKEN', message: MSG.resetInvalid });
    expect((await t.login(customer.email, 'Brand-new-Passw0rd')).statusCode).toBe(200);
    // Another person's link is theirs to use.
    expect(
      (await t.request({ method: 'POST', url: '/api/account/reset-password', payload: { token: others, password: 'Other-new-Passw0rd' } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a reset token older than one hour', async () => {
    const customer = await t.signUp();
    await t.request({ method: 'POST', url: '/api/account/forgot-password', payload: { email: customer.email } });
    const email = await latestEmailTo(customer.email);
    const token = linkToken(email, '/reset-password');
    // Move every live token 61 minutes into the past.
    await t.database.db.update(verifications).set({ expiresAt: sql`now() - interval '1 minute'` });
    const reset = await t.request({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { token, password: 'Brand-new-Passw0rd' },
    });
    expect(reset.statusCode).toBe(400);
    expect((await t.login(customer.email, customer.password)).statusCode).toBe(200);
  });

  it('checks a reset link as its page opens, without using it up: a live one passes, a used, expired or unknown one is refused alike', async () => {
    const customer = await t.signUp();
    await t.request({ method: 'POST', url: '/api/account/forgot-password', payload: { email: customer.email } });
    const token = linkToken(await latestEmailTo(customer.email), '/reset-password');
    const check = (value: string) => t.request({ method: 'POST', url: '/api/account/reset-password/check', payload: { token: value } });

    // Asked twice (a reload), the link still works after.
    expect((await check(token)).json()).toEqual({ ok: true });
    expect((await check(token)).statusCode).toBe(200);
    const reset = await t.request({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { token, password: 'Brand-new-Passw0rd' },
    });
    expect(reset.statusCode).toBe(200);

    // Used: the same words as a failed reset, and nothing about the account.
    const used = await check(token);
    expect(used.statusCode).toBe(400);
    expect(used.json().error).toEqual({ code: 'INVALID_TOKEN', message: MSG.resetInvalid });
    expect((await check('no-such-token')).json().error).toEqual({ code: 'INVALID_TOKEN', message: MSG.resetInvalid });

    // Expired.
    await t.request({ method: 'POST', url: '/api/account/forgot-password', payload: { email: customer.email } });
    const later = linkToken(await latestEmailTo(customer.email), '/reset-password');
    expect((await check(later)).statusCode).toBe(200);
    await t.database.db.update(verifications).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect((await check(later)).json().error).toEqual({ code: 'INVALID_TOKEN', message: MSG.resetInvalid });
  });

  it('gives the same forgot-password answer for an unknown email, and sends nothing', async () => {
    const before = firstOrThrow(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(emailLog));
    const response = await t.request({ method: 'POST', url: '/api/account/forgot-password', payload: { email: 'ghost@example.com' } });
    expect(response.json()).toEqual({ message: 'If an account with ghost@example.com exists, a reset link has been sent.' });
    const after = firstOrThrow(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(emailLog));
    expect(after.n).toBe(before.n);
  });

  it('refuses a cross-site POST (Origin or Sec-Fetch-Site)', async () => {
    const customer = await t.signUp();
    const evil = await t.app.inject({
      method: 'POST',
      url: '/api/session/logout',
      headers: { origin: 'https://evil.example', cookie: customer.cookie },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error.code).toBe('CROSS_SITE');
    const fetchSite = await t.app.inject({
      method: 'POST',
      url: '/api/session/logout',
      headers: { 'sec-fetch-site': 'cross-site', cookie: customer.cookie },
    });
    expect(fetchSite.statusCode).toBe(403);
    // The session survived both attempts.
    expect((await t.request({ method: 'GET', url: '/api/session', cookie: customer.cookie })).json().user).not.toBeNull();
  });

  it('keeps better-auth admin endpoints unreachable from outside', async () => {
    const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/admin/set-role',
      cookie: admin,
      payload: { userId: 'x', role: 'super_admin' },
    });
    expect(response.statusCode).toBe(404);
    const session = await t.request({ method: 'GET', url: '/api/auth/get-session', cookie: admin });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe(SUPER_ADMIN.email);
  });

  // Found by the fuzz test: a bodiless sign-out reached better-auth as text/plain (its own 415
  // body, and an error on the console).
  it('passes a bodiless better-auth sign-out through, and answers its errors in the error shape', async () => {
    const customer = await t.signUp();
    const signOut = await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie: customer.cookie });
    expect(signOut.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/session', cookie: customer.cookie })).json().user).toBeNull();
    const anonymous = await t.request({ method: 'POST', url: '/api/auth/sign-out' });
    expect(anonymous.statusCode).toBeLessThan(500);
    if (anonymous.statusCode >= 400)
      expect(anonymous.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe('session lookup', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The signed-in user /api/session reports for this cookie, or null. */
  const me = async (cookie: string) =>
    (await t.request({ method: 'GET', url: '/api/session', cookie })).json().user as { email: string } | null;

  async function signedInCustomer() {
    const customer = await t.signUp();
    const cookie = await t.loginCookie(customer.email, customer.password);
    const session = firstOrThrow(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.token, tokenOf(cookie))),
    );
    return { customer, cookie, session };
  }

  /** The value of a `name=value; attributes` cookie, decoded. */
  function cookieValue(cookie: string): string {
    const [pair = ''] = cookie.split(';');
    const [, value = ''] = pair.split('=');
    return decodeURIComponent(value);
  }

  function tokenOf(cookie: string): string {
    const value = cookieValue(cookie);
    return value.slice(0, value.lastIndexOf('.'));
  }

  it('accepts the cookie better-auth signs, and nothing altered', async () => {
    const { customer, cookie } = await signedInCustomer();
    expect((await me(cookie))?.email).toBe(customer.email);

    const name = cookie.split('=')[0];
    const token = tokenOf(cookie);
    const signature = cookieValue(cookie).slice(token.length + 1);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const forged = [
      `${name}=${encodeURIComponent(`${token}.${flipped}`)}`, // wrong signature
      `${name}=${encodeURIComponent(token)}`, // no signature
      `${name}=${encodeURIComponent(`${token}x.${signature}`)}`, // another token, same signature
      `${name}=${encodeURIComponent(`${token}.${signature.slice(0, -1)}`)}`, // truncated
    ];
    for (const bad of forged) expect(await me(bad)).toBeNull();
  });

  it('refuses a session that has expired, and deletes it', async () => {
    const { cookie, session } = await signedInCustomer();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id));
    expect(await me(cookie)).toBeNull();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
  });

  it('extends a session once a day of its week has passed, as better-auth does', async () => {
    const { cookie, session } = await signedInCustomer();
    const weekMs = 7 * 24 * 60 * 60 * 1000;
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now() + weekMs - 60_000);
    // Signed in 25 hours ago: due for its daily extension.
    const dueAt = new Date(Date.now() + weekMs - 25 * 60 * 60 * 1000);
    await t.database.db.update(sessions).set({ expiresAt: dueAt }).where(eq(sessions.id, session.id));
    expect(await me(cookie)).not.toBeNull();
    const extended = firstOrThrow(await t.database.db.select().from(sessions).where(eq(sessions.id, session.id)));
    expect(extended.expiresAt.getTime()).toBeGreaterThan(Date.now() + weekMs - 60_000);

    // Signed in 2 hours ago: not yet due, and left as it is.
    const recentAt = new Date(Date.now() + weekMs - 2 * 60 * 60 * 1000);
    await t.database.db.update(sessions).set({ expiresAt: recentAt }).where(eq(sessions.id, session.id));
    expect(await me(cookie)).not.toBeNull();
    const kept = firstOrThrow(await t.database.db.select().from(sessions).where(eq(sessions.id, session.id)));
    expect(kept.expiresAt.getTime()).toBe(recentAt.getTime());
  });

  it('ends at once when the session row is deleted (signed out elsewhere)', async () => {
    const { cookie, session } = await signedInCustomer();
    await t.database.db.delete(sessions).where(eq(sessions.id, session.id));
    expect(await me(cookie)).toBeNull();
  });
});

describe('session lookup behind https', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'https://exchange.example' });
  });
  afterAll(() => t.close());

  it('reads the __Secure- session cookie better-auth sets when APP_URL is https', async () => {
    const origin = 'https://exchange.example';
    const username = uniqueName('ama');
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/account/signup',
      headers: { origin },
      payload: { username, fullName: 'Ama Serwaa', email: `${username}@example.com`, password: 'Str0ng-Passw0rd' },
    });
    expect(signup.statusCode).toBe(202);
    const [mail] = await emailsTo(t.database.db, `${username}@example.com`, VERIFY_EMAIL_SUBJECT);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/account/verify-email',
      headers: { origin },
      payload: { token: linkToken(mail!, '/verify-email') },
    });
    const cookie = cookieFrom(verified);
    expect(cookie).toMatch(/^__Secure-better-auth\.session_token=/);
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { origin, cookie } });
    expect(session.json().user.username).toBe(username);
    // The same token under the plain name is not the cookie this server reads.
    const plain = cookie.replace(/^__Secure-/, '');
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: { origin, cookie: plain } })).json().user).toBeNull();
  });
});

describe('login rate limit', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  it('limits each client IP on its own, ignoring a spoofed X-Forwarded-For', async () => {
    const customer = await t.signUp();
    const attacker = '203.0.113.7';
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/session/login',
        remoteAddress: attacker,
        headers: { origin: 'http://localhost:3000', 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: customer.email, password: 'wrong-password', portal: 'customer' },
      });
      codes.push(response.statusCode);
    }
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    expect(codes.slice(3)).toEqual([429, 429]);
    const limited = await t.login(customer.email, customer.password, 'customer', attacker);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('Too many attempts. Please wait a minute and try again.');

    const someoneElse = await t.login(customer.email, customer.password, 'customer', '192.0.2.44');
    expect(someoneElse.statusCode).toBe(200);
  });
});

describe('behind a trusted proxy', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '2', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('uses the X-Forwarded-For the proxy sets', async () => {
    const customer = await t.signUp();
    const viaProxy = (clientIp: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/session/login',
        remoteAddress: '127.0.0.1',
        headers: { origin: 'http://localhost:3000', 'x-forwarded-for': clientIp },
        payload: { email: customer.email, password, portal: 'customer' },
      });
    await viaProxy('203.0.113.9', 'wrong-password');
    await viaProxy('203.0.113.9', 'wrong-password');
    expect((await viaProxy('203.0.113.9', customer.password)).statusCode).toBe(429);
    expect((await viaProxy('203.0.113.10', customer.password)).statusCode).toBe(200);
  });
});
