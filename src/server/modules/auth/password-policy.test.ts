import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MSG } from '#shared/contracts/two-factor.js';
import { MSG } from '#shared/messages.js';
import { auditLog } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { createAccount } from '#server/db/seed.js';
import { isCommonPassword } from '#server/lib/password-policy.js';
import { emailsTo, linkToken } from '#test/helpers/email-links.js';
import { cookieFrom, createTestApp, uniqueName, type TTestApp } from '#test/helpers/test-app.js';

/**
 * The password policy of issue 26 (docs/decisions/023-password-policy.md): 12 characters for a
 * new password, none from the shipped common list, older weaker passwords asked to change, and
 * change password for everyone (the second factor for staff, other sessions ended, the owner told).
 */
describe('password policy and change password', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function changePassword(cookie: string, payload: Record<string, unknown>) {
    return t.request({ method: 'POST', url: '/api/account/password', cookie, payload });
  }

  it('refuses a new password shorter than 12 characters on sign-up, in the product words', async () => {
    const username = uniqueName('short');
    const response = await t.request({
      method: 'POST',
      url: '/api/account/signup',
      payload: { username, fullName: 'Ama Mensah', email: `${username}@example.com`, password: 'Abcdef1234!' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.password).toBe('Password must be at least 12 characters.');
  });

  it('refuses a password from the common list on sign-up and on reset, whatever its case', async () => {
    expect(await isCommonPassword('qwerty123456')).toBe(true);
    const username = uniqueName('common');
    const signup = await t.request({
      method: 'POST',
      url: '/api/account/signup',
      payload: { username, fullName: 'Ama Mensah', email: `${username}@example.com`, password: 'QWERTY123456' },
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().error).toMatchObject({ code: 'VALIDATION', fields: { password: MSG.passwordCommon } });

    const customer = await t.signUp();
    await t.request({ method: 'POST', url: '/api/account/forgot-password', payload: { email: customer.email } });
    const [reset] = await emailsTo(t.database.db, customer.email, 'Reset your CediCrypto password');
    const token = linkToken(reset!, '/reset-password');
    const refused = await t.request({ method: 'POST', url: '/api/account/reset-password', payload: { token, password: 'qwerty123456' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.password).toBe(MSG.passwordCommon);
    // The link was not spent by the refusal: a good password still works with it.
    const done = await t.request({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { token, password: 'Kente-cloth-at-dawn-7' },
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('keeps an older short password working, asks its owner to change it, and stops asking once changed', async () => {
    const username = uniqueName('legacy');
    const email = `${username}@example.com`;
    await createAccount(t.database.db, { email, password: 'Old-pass1', fullName: 'Yaw Boateng', username });
    const signIn = await t.login(email, 'Old-pass1');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.passwordChangeRequested).toBe(true);
    const cookie = cookieFrom(signIn);
    expect((await t.request({ method: 'GET', url: '/api/session', cookie })).json().user.passwordChangeRequested).toBe(true);

    const changed = await changePassword(cookie, { currentPassword: 'Old-pass1', newPassword: 'Harmattan-morning-42' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user.passwordChangeRequested).toBe(false);
    expect((await t.login(email, 'Old-pass1')).statusCode).toBe(401);
    const again = await t.login(email, 'Harmattan-morning-42');
    expect(again.json().user.passwordChangeRequested).toBe(false);
  });

  it('changes a customer password: the current one is checked, other sessions end, the owner is emailed', async () => {
    const customer = await t.signUp();
    const otherDevice = await t.loginCookie(customer.email, customer.password);

    const wrong = await changePassword(customer.cookie, { currentPassword: 'not-my-password', newPassword: 'Volta-river-sunrise-9' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.fields.currentPassword).toBe(MSG.currentPasswordWrong);
    const same = await changePassword(customer.cookie, { currentPassword: customer.password, newPassword: customer.password });
    expect(same.json().error.fields.newPassword).toBe(MSG.newPasswordSameAsOld);
    const common = await changePassword(customer.cookie, { currentPassword: customer.password, newPassword: 'qwerty123456' });
    expect(common.json().error.fields.newPassword).toBe(MSG.passwordCommon);

    const changed = await changePassword(customer.cookie, { currentPassword: customer.password, newPassword: 'Volta-river-sunrise-9' });
    expect(changed.statusCode, changed.body).toBe(200);
    const newCookie = cookieFrom(changed);
    expect((await t.request({ method: 'GET', url: '/api/session', cookie: newCookie })).json().user.id).toBe(customer.id);
    // Every other session, the old cookie of this browser included, is over.
    expect((await t.request({ method: 'GET', url: '/api/session', cookie: otherDevice })).json().user).toBeNull();
    expect((await t.request({ method: 'GET', url: '/api/session', cookie: customer.cookie })).json().user).toBeNull();

    const [email] = await emailsTo(t.database.db, customer.email, 'Your CediCrypto password was changed');
    expect(email?.body).toContain('Every other session of your account was signed out.');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, customer.id));
    expect(audit.map((entry) => entry.action)).toContain('account.password_change');
  });

  it('asks staff for a code from the authenticator app, once', async () => {
    const username = uniqueName('support');
    const email = `${username}@staff.example.com`;
    const password = 'Staff-Passw0rd!';
    await createAccount(t.database.db, { email, password, fullName: 'Esi Staff', username, role: 'support' });
    const first = await t.login(email, password, 'admin');
    const { cookie } = await t.enrolTwoFactor(email, password, cookieFrom(first));

    const noCode = await changePassword(cookie, { currentPassword: password, newPassword: 'Staff-new-Passw0rd-2' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.fields.code).toBe(MSG.authenticatorCodeRequired);
    const badCode = await changePassword(cookie, { currentPassword: password, newPassword: 'Staff-new-Passw0rd-2', code: '000000' });
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json().error.fields.code).toBe(TWO_FACTOR_MSG.invalidCode);

    // A code of the authenticator the enrolment used, not the one it confirmed with.
    const code = await t.authenticatorCode(email);
    const changed = await changePassword(cookie, { currentPassword: password, newPassword: 'Staff-new-Passw0rd-2', code });
    expect(changed.statusCode, changed.body).toBe(200);
    const replay = await changePassword(cookieFrom(changed), {
      currentPassword: 'Staff-new-Passw0rd-2',
      newPassword: 'Staff-newer-Passw0rd-3',
      code,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('CODE_REUSED');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordChangeRequested).toBe(false);
  }, 120_000); // may wait up to a 30-second step for an unused authenticator code

  it('refuses change password without a session', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: 'whatever-it-is', newPassword: 'Volta-river-sunrise-9' },
    });
    expect(response.statusCode).toBe(401);
  });
});
