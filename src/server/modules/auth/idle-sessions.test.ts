import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_REQUEST_HEADER, IDLE_MSG } from '#shared/session-activity.js';
import { firstOrThrow } from '#server/db/rows.js';
import { sessions } from '#server/db/schema/auth.js';
import { cookieFrom, createTestApp, SUPER_ADMIN, TEST_ORIGIN, uniqueName, type TTestApp } from '#test/helpers/test-app.js';

const background = { [BACKGROUND_REQUEST_HEADER]: '1' };

describe('idle sessions: only a person\u2019s requests count (docs/decisions/020)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const markOf = async (userId: string) =>
    firstOrThrow(await t.database.db.select({ at: sessions.lastActiveAt }).from(sessions).where(eq(sessions.userId, userId))).at.getTime();
  const setMark = (userId: string, interval: string) =>
    t.database.db
      .update(sessions)
      .set({ lastActiveAt: sql.raw(`now() - interval '${interval}'`) })
      .where(eq(sessions.userId, userId));

  it('a background request on a staff session leaves the idle mark; the session still ends at 30 minutes', async () => {
    const staff = await t.createStaff('support');
    await setMark(staff.id, '29 minutes');
    const before = await markOf(staff.id);
    // The unread-chat poll, the dashboard's and the order queue's refreshes: all answered, none moves the mark.
    for (const url of ['/api/admin/chat/unread', '/api/admin/dashboard', '/api/admin/orders', '/api/session']) {
      const response = await t.request({ method: 'GET', url, cookie: staff.cookie, headers: background });
      expect(response.statusCode, url).toBe(200);
    }
    expect(await markOf(staff.id)).toBe(before);
    await setMark(staff.id, '30 minutes 1 second');
    const late = await t.request({ method: 'GET', url: '/api/admin/orders', cookie: staff.cookie, headers: background });
    expect(late.statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, staff.id))).toHaveLength(0);
  });

  it('a person\u2019s request moves the staff idle mark', async () => {
    const staff = await t.createStaff('support');
    await setMark(staff.id, '29 minutes');
    const before = Date.now();
    expect((await t.request({ method: 'GET', url: '/api/admin/orders', cookie: staff.cookie })).statusCode).toBe(200);
    expect(await markOf(staff.id)).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('customer sessions end after the Settings\u2019 idle hours (12 by default); background requests do not count', async () => {
    const customer = await t.signUp();
    await setMark(customer.id, '11 hours 59 minutes');
    const before = await markOf(customer.id);
    expect((await t.request({ method: 'GET', url: '/api/orders', cookie: customer.cookie, headers: background })).statusCode).toBe(200);
    expect(await markOf(customer.id)).toBe(before);
    await setMark(customer.id, '12 hours 1 minute');
    expect((await t.request({ method: 'GET', url: '/api/orders', cookie: customer.cookie })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/session', cookie: customer.cookie })).json().user).toBeNull();

    // A person's request moves a customer's mark (at most every ten minutes).
    const other = await t.signUp();
    await setMark(other.id, '11 hours');
    const at = Date.now();
    expect((await t.request({ method: 'GET', url: '/api/orders', cookie: other.cookie })).statusCode).toBe(200);
    expect(await markOf(other.id)).toBeGreaterThanOrEqual(at - 1_000);

    // The super admin sets 2 hours in Settings: 3 idle hours end the session.
    const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    const put = (customerIdleHours: unknown) =>
      t.request({ method: 'PUT', url: '/api/admin/settings', cookie: admin, payload: { customerIdleHours } });
    expect((await put(0)).json().error).toMatchObject({ code: 'VALIDATION', fields: { customerIdleHours: IDLE_MSG.customerIdleHours } });
    const saved = await put(2);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().customerIdleHours).toBe(2);
    try {
      await setMark(other.id, '3 hours');
      expect((await t.request({ method: 'GET', url: '/api/orders', cookie: other.cookie })).statusCode).toBe(401);
    } finally {
      expect((await put(12)).statusCode).toBe(200);
    }
  });

  it('answers Cache-Control: no-store on API answers, signed in or refused', async () => {
    const customer = await t.signUp();
    const staff = await t.createStaff('manager');
    const calls: [string, string | undefined][] = [
      ['/api/session', customer.cookie],
      ['/api/orders', customer.cookie],
      ['/api/admin/users', staff.cookie],
      ['/api/admin/settings', staff.cookie],
      ['/api/orders', undefined],
      ['/api/no-such-route', customer.cookie],
    ];
    for (const [url, cookie] of calls) {
      const answer = await t.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
      expect(answer.headers['cache-control'], url).toContain('no-store');
    }
    // Public market data keeps its own revalidation rule.
    expect((await t.request({ method: 'GET', url: '/api/market' })).headers['cache-control']).toBe('no-cache');
  });
});

describe('__Host- session cookies in production', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', AUTH_SECRET: 'production-test-secret-0123456789abcdef' });
  });
  afterAll(() => t.close());

  it('signs up, reads the session, signs in and out with a __Host- cookie (Secure, Path=/, no Domain)', async () => {
    const username = uniqueName('host');
    const password = 'Customer-Passw0rd!';
    const signup = await t.request({
      method: 'POST',
      url: '/api/account/signup',
      payload: { username, fullName: 'Ama Mensah', email: `${username}@example.com`, password },
    });
    // Sign-up signs nobody in (docs/decisions/024): the session comes from the password sign-in.
    expect(signup.statusCode, signup.body).toBe(202);
    expect(signup.headers['set-cookie']).toBeUndefined();
    const login = await t.login(`${username}@example.com`, password, 'customer');
    expect(login.statusCode, login.body).toBe(200);
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-better-auth\.session_token=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; Path=\//i);
    expect(setCookie).not.toMatch(/Domain=/i);
    const loginCookie = cookieFrom(login);
    expect((await t.request({ method: 'GET', url: '/api/session', cookie: loginCookie })).json().user.username).toBe(username);
    // The same token without the prefix is not a session here.
    const plain = loginCookie.replace(/^__Host-/, '');
    expect((await t.request({ method: 'GET', url: '/api/session', cookie: plain })).json().user).toBeNull();

    const logout = await t.request({ method: 'POST', url: '/api/session/logout', cookie: loginCookie, payload: {} });
    expect(logout.statusCode, logout.body).toBe(200);
    expect(String(logout.headers['set-cookie'])).toMatch(/__Host-better-auth\.session_token=;/);
    expect((await t.request({ method: 'GET', url: '/api/session', cookie: loginCookie })).json().user).toBeNull();
  });
});

describe('slow bodies', () => {
  let t: TTestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ BODY_TIMEOUT_MS: '300' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => t.close());

  it('closes a connection whose body trickles in after its headers, with a 408', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    // The server drops the connection with bytes of ours unread: the system may answer a write
    // after that with a reset (ECONNRESET, EPIPE), which is the close this test waits for.
    const socketErrors: string[] = [];
    socket.on('error', (error: NodeJS.ErrnoException) => socketErrors.push(error.code ?? error.message));
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(200), portal: 'customer' });
    socket.write(
      `POST /api/session/login HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // One byte every 50 ms: the body would take over 10 s; the server gives it 300 ms.
    let sent = 0;
    const trickle = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
    }, 50);
    try {
      await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    } finally {
      clearInterval(trickle);
    }
    // Closed before the body was all sent (it would take over 10 s), whatever the machine's speed.
    expect(sent).toBeLessThan(body.length);
    expect(
      socketErrors.every((code) => code === 'ECONNRESET' || code === 'EPIPE'),
      socketErrors.join(),
    ).toBe(true);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(received).toContain('REQUEST_TIMEOUT');
  });

  it('a body that arrives in time is answered as usual', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/session/login`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1', portal: 'customer' }),
    });
    expect(response.status).toBe(401);
  });
});
