import { eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SIGN_IN_ACTIONS } from '#shared/contracts/admin.js';
import { auditLog } from '#server/db/schema/app.js';
import { users, verifications } from '#server/db/schema/auth.js';
import { firstOrThrow } from '#server/db/rows.js';
import { cookieFrom, createTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';

/*
 * Issue 27 point 7 (docs/decisions/033): every staff sign-in attempt, success or failure, is one
 * audit entry with who (or the address tried), the IP, the user agent and the outcome; a
 * customer's sign-in on the customer page is none. At RATE_LIMIT_SCALE 1, so that the real
 * limits lock an account; each case comes from its own address.
 */
describe('staff sign-ins in the audit log', () => {
  let t: TTestApp;
  let admin: string;
  let staff: Awaited<ReturnType<TTestApp['createStaff']>>;
  let customer: Awaited<ReturnType<TTestApp['signUp']>>;
  let address = 10;
  const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AuditTest/1.0';

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    staff = await t.createStaff('support');
    customer = await t.signUp({ fullName: 'Kofi Boateng' });
  });
  afterAll(() => t.close());

  /** The id of the newest entry: what a case writes is what comes after it. */
  const mark = async () =>
    firstOrThrow(await t.database.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog)).id;
  const signInEntriesSince = (id: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, id))
      .then((rows) => rows.filter((row) => row.action.startsWith('staff.sign_in')));

  const nextAddress = () => `198.51.100.${(address += 1)}`;
  const passwordStep = (remoteAddress: string, payload: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/session/login',
      remoteAddress,
      headers: { origin: 'http://localhost:3000', 'user-agent': USER_AGENT },
      payload,
    });
  const codeStep = (remoteAddress: string, cookie: string, code: string, portal = 'admin') =>
    t.app.inject({
      method: 'POST',
      url: '/api/session/two-factor',
      remoteAddress,
      headers: { origin: 'http://localhost:3000', 'user-agent': USER_AGENT, cookie },
      payload: { code, portal },
    });
  /** The password step of `staff` on the admin page, answered with "now the code". */
  const startTwoFactor = async (remoteAddress: string) => {
    const response = await passwordStep(remoteAddress, { email: staff.email, password: staff.password, portal: 'admin' });
    expect(response.json(), response.body).toMatchObject({ twoFactorRequired: true });
    return cookieFrom(response);
  };

  it('a staff sign-in (password, then code) is one entry: who, IP, user agent, outcome', async () => {
    const before = await mark();
    const ip = nextAddress();
    const cookie = await startTwoFactor(ip);
    expect(await signInEntriesSince(before)).toEqual([]);
    const signedIn = await codeStep(ip, cookie, t.secondFactorCode(staff.email));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const entries = await signInEntriesSince(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: STAFF_SIGN_IN_ACTIONS.succeeded,
      actorId: staff.id,
      actorEmail: staff.email,
      targetType: 'user',
      targetId: staff.id,
      ip,
      after: { outcome: 'success', portal: 'admin', userAgent: USER_AGENT },
    });
    // The Audit Log's Action filter finds it.
    const listed = await t.request({ method: 'GET', url: `/api/admin/audit?action=staff.sign_in&actor=${staff.email}`, cookie: admin });
    expect(listed.json().entries.map((e: { id: number }) => e.id)).toContain(entries[0]?.id);
  });

  it('a wrong password is one entry naming the account, never the password', async () => {
    const before = await mark();
    const ip = nextAddress();
    const response = await passwordStep(ip, { email: staff.email, password: 'Wrong-Passw0rd-123', portal: 'admin' });
    expect(response.statusCode).toBe(401);
    const entries = await signInEntriesSince(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: STAFF_SIGN_IN_ACTIONS.failed,
      actorId: staff.id,
      ip,
      after: { outcome: 'wrong_password', portal: 'admin', userAgent: USER_AGENT },
    });
    expect(JSON.stringify(entries[0])).not.toContain('Wrong-Passw0rd-123');
  });

  it('an address no account has, tried on the admin page, is one entry with the address tried', async () => {
    const before = await mark();
    const ip = nextAddress();
    const response = await passwordStep(ip, { email: 'Nobody.Here@Example.com', password: 'Guess-Passw0rd-1', portal: 'admin' });
    expect(response.statusCode).toBe(401);
    const entries = await signInEntriesSince(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: STAFF_SIGN_IN_ACTIONS.failed,
      actorId: null,
      actorEmail: 'nobody.here@example.com',
      targetId: null,
      after: { outcome: 'unknown_account', email: 'nobody.here@example.com' },
    });
    expect(JSON.stringify(entries[0])).not.toContain('Guess-Passw0rd-1');
  });

  it('a wrong code, a code used already and an expired code step are one entry each', async () => {
    // Wrong code.
    let before = await mark();
    let ip = nextAddress();
    let cookie = await startTwoFactor(ip);
    const wrong = await codeStep(ip, cookie, '000000');
    expect(wrong.statusCode).toBe(401);
    let entries = await signInEntriesSince(before);
    expect(entries.map((e) => [e.action, e.actorId, (e.after as { outcome: string }).outcome])).toEqual([
      [STAFF_SIGN_IN_ACTIONS.failed, staff.id, 'wrong_code'],
    ]);

    // A code used already: signed in with it, then the same code again.
    const code = await t.authenticatorCode(staff.email); // a backup code replayed is only a wrong code
    expect((await codeStep(ip, cookie, code)).statusCode).toBe(200);
    before = await mark();
    ip = nextAddress();
    cookie = await startTwoFactor(ip);
    const replayed = await codeStep(ip, cookie, code);
    expect(replayed.json().error.code).toBe('CODE_REUSED');
    entries = await signInEntriesSince(before);
    expect(entries.map((e) => [e.actorId, (e.after as { outcome: string }).outcome])).toEqual([[staff.id, 'code_reused']]);

    // The sign-in's two-factor step expired before the code came.
    before = await mark();
    ip = nextAddress();
    cookie = await startTwoFactor(ip);
    await t.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 60_000) });
    const late = await codeStep(ip, cookie, t.secondFactorCode(staff.email));
    expect(late.json().error.code).toBe('SIGN_IN_EXPIRED');
    entries = await signInEntriesSince(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: STAFF_SIGN_IN_ACTIONS.failed, after: { outcome: 'expired', portal: 'admin' } });
  }, 120_000); // may wait up to a 30-second step for an unused authenticator code

  it('a suspended account is one entry', async () => {
    const other = await t.createStaff('compliance');
    await t.database.db.update(users).set({ banned: true }).where(eq(users.id, other.id));
    const before = await mark();
    const response = await passwordStep(nextAddress(), { email: other.email, password: other.password, portal: 'admin' });
    expect(response.json().error.code).toBe('BANNED');
    const entries = await signInEntriesSince(before);
    expect(entries.map((e) => [e.actorId, (e.after as { outcome: string }).outcome])).toEqual([[other.id, 'disabled']]);
  });

  it('a locked account is one entry however many refused attempts follow', async () => {
    const other = await t.createStaff('manager');
    const ip = nextAddress();
    // RATE_LIMITS.loginFailuresPerAccountAndIp: 10 failures from one address, then refused.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await passwordStep(ip, { email: other.email, password: `Wrong-Passw0rd-${attempt}`, portal: 'admin' });
      expect(response.statusCode).toBe(401);
    }
    const before = await mark();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await passwordStep(ip, { email: other.email, password: other.password, portal: 'admin' });
      expect(response.statusCode).toBe(429);
    }
    const entries = await signInEntriesSince(before);
    expect(entries.map((e) => [e.actorId, (e.after as { outcome: string }).outcome])).toEqual([[other.id, 'locked']]);
  });

  it('staff on the customer page and a customer on the admin page are one entry each', async () => {
    let before = await mark();
    const staffThere = await passwordStep(nextAddress(), { email: staff.email, password: staff.password, portal: 'customer' });
    expect(staffThere.json().error.code).toBe('ADMIN_LOGIN_REQUIRED');
    expect((await signInEntriesSince(before)).map((e) => [e.actorId, (e.after as { outcome: string }).outcome])).toEqual([
      [staff.id, 'wrong_portal'],
    ]);
    before = await mark();
    const customerThere = await passwordStep(nextAddress(), { email: customer.email, password: customer.password, portal: 'admin' });
    expect(customerThere.json().error.code).toBe('NOT_ADMIN');
    expect((await signInEntriesSince(before)).map((e) => [e.actorId, (e.after as { outcome: string }).outcome])).toEqual([
      [customer.id, 'wrong_portal'],
    ]);
  });

  it('a customer signing in on the customer page, right or wrong, writes nothing', async () => {
    const before = await mark();
    const wrong = await passwordStep(nextAddress(), { email: customer.email, password: 'Wrong-Passw0rd-9', portal: 'customer' });
    expect(wrong.statusCode).toBe(401);
    const right = await passwordStep(nextAddress(), { email: customer.email, password: customer.password, portal: 'customer' });
    expect(right.statusCode, right.body).toBe(200);
    const unknown = await passwordStep(nextAddress(), { email: 'someone.else@example.com', password: 'Guess-1234567', portal: 'customer' });
    expect(unknown.statusCode).toBe(401);
    expect(await t.database.db.select().from(auditLog).where(gt(auditLog.id, before))).toEqual([]);
  });
});
