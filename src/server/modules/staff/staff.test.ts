import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_STATE_HEADER } from '#shared/account-state.js';
import { STAFF_MSG } from '#shared/contracts/staff.js';
import { auditLog, emailLog } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { staffInvitations } from '#server/db/schema/staff.js';
import { chatMessages, conversations } from '#server/db/schema/chat.js';
import { emailsTo, linkToken } from '#test/helpers/email-links.js';
import { createTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { firstOrThrow } from '#server/db/rows.js';

const NEW_PASSWORD = 'Invited-Passw0rd!';

describe('admin management', () => {
  let t: TTestApp;
  let admin: string;
  let superAdminId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    superAdminId = firstOrThrow(await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'super_admin'))).id;
  });
  afterAll(() => t.close());

  async function invite(role = 'support', email = `invited${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`) {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/admins',
      cookie: admin,
      payload: { fullName: 'Kwame Mensah', email, role },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = firstOrThrow(
      await t.database.db.select().from(emailLog).where(eq(emailLog.to, email)).orderBy(desc(emailLog.id)).limit(1),
    );
    const token = linkToken(mail, '/admin/set-password');
    return { admin: response.json().admin, email, token, mail };
  }

  it('creates an admin with an invitation email whose link sets the password once', async () => {
    const { admin: created, email, token, mail } = await invite('support');
    expect(created).toMatchObject({ fullName: 'Kwame Mensah', email, role: 'support', status: 'invited' });
    expect(mail.subject).toBe('You have been invited to the CediCrypto back-office');
    expect(mail.body).toContain('http://localhost:3000/#/admin/set-password?token=');
    // Only the token's hash is stored.
    const stored = await t.database.db.select().from(staffInvitations).where(eq(staffInvitations.userId, created.id));
    expect(JSON.stringify(stored)).not.toContain(token);
    // Nobody can sign in before the password is set.
    expect((await t.login(email, NEW_PASSWORD, 'admin')).statusCode).toBe(401);

    const set = await t.request({ method: 'POST', url: '/api/account/set-password', payload: { token, password: NEW_PASSWORD } });
    expect(set.statusCode, set.body).toBe(200);
    const login = await t.login(email, NEW_PASSWORD, 'admin');
    expect(login.statusCode).toBe(200);

    // Used: said as such (the person signs in), not as an unknown link.
    const again = await t.request({ method: 'POST', url: '/api/account/set-password', payload: { token, password: 'Another-Passw0rd!' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'INVITATION_ALREADY_ACCEPTED', message: STAFF_MSG.invitationUsed });
    expect((await t.login(email, 'Another-Passw0rd!', 'admin')).statusCode).toBe(401);

    const list = await t.request({ method: 'GET', url: '/api/admin/admins', cookie: admin });
    expect(list.json().admins.find((a: { id: string }) => a.id === created.id).status).toBe('active');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, created.id)));
    // Their sign-ins are entries of their own (staff.sign_in*, docs/decisions/033).
    expect(
      audits
        .map((a) => a.action)
        .filter((action) => !action.startsWith('staff.sign_in'))
        .sort(),
    ).toEqual(['admin.create', 'admin.password_set']);
  });

  it('refuses an expired invitation link, and a resent one replaces the old link', async () => {
    const { admin: created, token } = await invite('compliance');
    await t.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.userId, created.id));
    const expired = await t.request({ method: 'POST', url: '/api/account/set-password', payload: { token, password: NEW_PASSWORD } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(STAFF_MSG.invitationInvalid);

    expect((await t.request({ method: 'POST', url: `/api/admin/admins/${created.id}/invitation`, cookie: admin })).statusCode).toBe(200);
    const mail = firstOrThrow(
      await t.database.db.select().from(emailLog).where(eq(emailLog.to, created.email)).orderBy(desc(emailLog.id)).limit(1),
    );
    const fresh = linkToken(mail, '/admin/set-password');
    expect(fresh).not.toBe(token);
    expect(
      (await t.request({ method: 'POST', url: '/api/account/set-password', payload: { token: fresh, password: NEW_PASSWORD } })).statusCode,
    ).toBe(200);
    // Once the password is set there is nothing to resend.
    const resend = await t.request({ method: 'POST', url: `/api/admin/admins/${created.id}/invitation`, cookie: admin });
    expect(resend.statusCode).toBe(409);
    expect(resend.json().error.code).toBe('INVITATION_ALREADY_ACCEPTED');
  });

  it('setting a password from the invitation makes outstanding reset links invalid, and a reset makes the invitation invalid', async () => {
    const resetLinks = async (email: string) =>
      (await emailsTo(t.database.db, email, 'Reset your CediCrypto password')).map((m) => linkToken(m, '/reset-password'));
    const forgot = (email: string) => t.request({ method: 'POST', url: '/api/account/forgot-password', payload: { email } });

    const viaInvitation = await invite('support');
    expect((await forgot(viaInvitation.email)).statusCode).toBe(200);
    const [reset] = await resetLinks(viaInvitation.email);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/account/set-password',
          payload: { token: viaInvitation.token, password: NEW_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    const stale = await t.request({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { token: reset, password: 'Attacker-Passw0rd!' },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('INVALID_TOKEN');
    expect((await t.login(viaInvitation.email, NEW_PASSWORD, 'admin')).statusCode).toBe(200);

    const viaReset = await invite('compliance');
    expect((await forgot(viaReset.email)).statusCode).toBe(200);
    const [link] = await resetLinks(viaReset.email);
    expect(
      (await t.request({ method: 'POST', url: '/api/account/reset-password', payload: { token: link, password: NEW_PASSWORD } }))
        .statusCode,
    ).toBe(200);
    const invitation = await t.request({
      method: 'POST',
      url: '/api/account/set-password',
      payload: { token: viaReset.token, password: 'Attacker-Passw0rd!' },
    });
    expect(invitation.statusCode).toBe(400);
    expect(invitation.json().error.message).toBe(STAFF_MSG.invitationInvalid);
    expect((await t.login(viaReset.email, NEW_PASSWORD, 'admin')).statusCode).toBe(200);
  });

  it('tells the set-password page whether its link can still be used: valid, used, or invalid', async () => {
    const check = (token: string) => t.request({ method: 'POST', url: '/api/account/invitation/check', payload: { token } });
    const { admin: created, email, token } = await invite('support');
    // Asking does not use the link.
    for (let i = 0; i < 2; i += 1) {
      const valid = await check(token);
      expect(valid.statusCode, valid.body).toBe(200);
      expect(valid.json()).toEqual({ ok: true });
    }
    expect(
      (await t.request({ method: 'POST', url: '/api/account/set-password', payload: { token, password: NEW_PASSWORD } })).statusCode,
    ).toBe(200);
    const used = await check(token);
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toEqual({
      code: 'INVITATION_ALREADY_ACCEPTED',
      message: 'This invitation has already been used. Sign in, or ask a super admin for a new invitation.',
    });
    expect((await t.login(email, NEW_PASSWORD, 'admin')).statusCode).toBe(200);

    const unknown = await check('not-a-real-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual({ code: 'INVALID_TOKEN', message: STAFF_MSG.invitationInvalid });

    // Expired, and replaced by a newer invitation: invalid, not used.
    const stale = await invite('compliance');
    await t.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.userId, stale.admin.id));
    expect((await check(stale.token)).json().error.code).toBe('INVALID_TOKEN');
    const replaced = await invite('manager');
    expect((await t.request({ method: 'POST', url: `/api/admin/admins/${replaced.admin.id}/invitation`, cookie: admin })).statusCode).toBe(
      200,
    );
    expect((await check(replaced.token)).json().error.code).toBe('INVALID_TOKEN');
    // The token never reaches an audit entry.
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(JSON.stringify(audits)).not.toContain(token);
  });

  it('two simultaneous uses of one link: exactly one sets the password', async () => {
    const { email, token } = await invite('manager');
    const results = await Promise.all(
      ['First-Passw0rd!', 'Second-Passw0rd!'].map((password) =>
        t.request({ method: 'POST', url: '/api/account/set-password', payload: { token, password } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const logins = await Promise.all(['First-Passw0rd!', 'Second-Passw0rd!'].map((password) => t.login(email, password, 'admin')));
    expect(logins.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses a duplicate email, a super_admin role and unknown fields', async () => {
    const duplicate = await t.request({
      method: 'POST',
      url: '/api/admin/admins',
      cookie: admin,
      payload: { fullName: 'Ama Owusu', email: SUPER_ADMIN.email.toUpperCase(), role: 'manager' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe(STAFF_MSG.emailTaken);
    const superRole = await t.request({
      method: 'POST',
      url: '/api/admin/admins',
      cookie: admin,
      payload: { fullName: 'Ama Owusu', email: 'ama@example.com', role: 'super_admin' },
    });
    expect(superRole.statusCode).toBe(400);
    const extra = await t.request({
      method: 'POST',
      url: '/api/admin/admins',
      cookie: admin,
      payload: { fullName: 'Ama Owusu', email: 'ama@example.com', role: 'manager', password: 'x' },
    });
    expect(extra.statusCode).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'ama@example.com'))).toHaveLength(0);
  });

  it('invites another Super Admin only with the inviter’s second factor, audited; never by promotion (issue 27 point 3)', async () => {
    const invite = (code?: string) =>
      t.request({
        method: 'POST',
        url: '/api/admin/admins',
        cookie: admin,
        payload: { fullName: 'Kofi Asante', email: 'kofi.super@example.com', role: 'super_admin', ...(code ? { code } : {}) },
      });
    const withoutCode = await invite();
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json().error.fields).toEqual({ code: STAFF_MSG.superAdminCodeRequired });
    const wrongCode = await invite('000000');
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(await t.database.db.select().from(users).where(eq(users.email, 'kofi.super@example.com'))).toHaveLength(0);

    const created = await invite(t.secondFactorCode(SUPER_ADMIN.email));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().admin).toMatchObject({ role: 'super_admin', email: 'kofi.super@example.com' });
    const entry = firstOrThrow(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'admin.create'), eq(auditLog.targetId, created.json().admin.id))),
    );
    expect(entry.after).toMatchObject({ role: 'super_admin', secondFactor: true });

    // An existing admin is not promoted to Super Admin; a manager cannot invite one.
    const staff = await t.createStaff('manager');
    const promote = await t.request({
      method: 'PATCH',
      url: `/api/admin/admins/${staff.id}`,
      cookie: admin,
      payload: { role: 'super_admin' },
    });
    expect(promote.statusCode).toBe(400);
    const byManager = await t.request({
      method: 'POST',
      url: '/api/admin/admins',
      cookie: staff.cookie,
      payload: { fullName: 'Esi Mensah', email: 'esi.super@example.com', role: 'super_admin', code: t.secondFactorCode(staff.email) },
    });
    expect(byManager.statusCode).toBe(403);
  });

  it('edits only the role, which takes effect on the next request', async () => {
    const staff = await t.createStaff('support');
    expect((await t.request({ method: 'GET', url: '/api/admin/chat/conversations', cookie: staff.cookie })).statusCode).toBe(200);
    const rename = await t.request({
      method: 'PATCH',
      url: `/api/admin/admins/${staff.id}`,
      cookie: admin,
      payload: { role: 'compliance', fullName: 'Someone Else' },
    });
    expect(rename.statusCode).toBe(400);
    const changed = await t.request({
      method: 'PATCH',
      url: `/api/admin/admins/${staff.id}`,
      cookie: admin,
      payload: { role: 'compliance' },
    });
    expect(changed.json().admin).toMatchObject({ role: 'compliance', fullName: 'Staff support' });
    // Compliance reads orders but does not decide them (docs/decisions/017): the new role holds at once.
    expect((await t.request({ method: 'GET', url: '/api/admin/chat/conversations', cookie: staff.cookie })).statusCode).toBe(403);
    const entry = firstOrThrow(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'admin.role_change'), eq(auditLog.targetId, staff.id))),
    );
    expect(entry).toMatchObject({ before: { role: 'support' }, after: { role: 'compliance' } });

    const superAdminRole = await t.request({
      method: 'PATCH',
      url: `/api/admin/admins/${superAdminId}`,
      cookie: admin,
      payload: { role: 'support' },
    });
    expect(superAdminRole.statusCode).toBe(403);
    // A customer is not an admin: no role through this route.
    const customer = await t.signUp();
    const promote = await t.request({
      method: 'PATCH',
      url: `/api/admin/admins/${customer.id}`,
      cookie: admin,
      payload: { role: 'manager' },
    });
    expect(promote.statusCode).toBe(404);
    const stored = firstOrThrow(await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, customer.id)));
    expect(stored.role).toBe('customer');
  });

  it('tells an open tab of the changed admin, with every answer, the account state to compare with its session', async () => {
    const staff = await t.createStaff('support');
    const before = await t.request({ method: 'GET', url: '/api/admin/orders', cookie: staff.cookie });
    expect(before.headers[ACCOUNT_STATE_HEADER]).toBe(`${staff.id}:support:2fa`);
    await t.request({ method: 'PATCH', url: `/api/admin/admins/${staff.id}`, cookie: admin, payload: { role: 'manager' } });
    // A page both roles have: the answer is fine, and says the role changed.
    const after = await t.request({ method: 'GET', url: '/api/admin/dashboard', cookie: staff.cookie });
    expect(after.statusCode).toBe(200);
    expect(after.headers[ACCOUNT_STATE_HEADER]).toBe(`${staff.id}:manager:2fa`);
    // A refusal says it too.
    const refused = await t.request({ method: 'GET', url: '/api/admin/chat/unread', cookie: staff.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers[ACCOUNT_STATE_HEADER]).toBe(`${staff.id}:manager:2fa`);
    // Nothing for anonymous callers, nor on public routes.
    expect((await t.request({ method: 'GET', url: '/api/admin/dashboard' })).headers[ACCOUNT_STATE_HEADER]).toBeUndefined();
    expect((await t.request({ method: 'GET', url: '/api/market', cookie: staff.cookie })).headers[ACCOUNT_STATE_HEADER]).toBeUndefined();
    const customer = await t.signUp();
    expect((await t.request({ method: 'GET', url: '/api/orders', cookie: customer.cookie })).headers[ACCOUNT_STATE_HEADER]).toBe(
      `${customer.id}:customer:no-2fa`,
    );
  });

  it('never deletes the super admin, nor oneself; deleting an admin ends their session', async () => {
    const refused = await t.request({ method: 'DELETE', url: `/api/admin/admins/${superAdminId}`, cookie: admin });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(STAFF_MSG.cannotDeleteSuperAdmin);
    // Another role cannot even reach the route.
    const manager = await t.createStaff('manager');
    expect((await t.request({ method: 'DELETE', url: `/api/admin/admins/${superAdminId}`, cookie: manager.cookie })).statusCode).toBe(403);
    expect(await t.database.db.select().from(users).where(eq(users.id, superAdminId))).toHaveLength(1);

    const staff = await t.createStaff('support');
    const deleted = await t.request({ method: 'DELETE', url: `/api/admin/admins/${staff.id}`, cookie: admin });
    expect(deleted.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/admin/orders', cookie: staff.cookie })).statusCode).toBe(401);
    expect((await t.login(staff.email, staff.password, 'admin')).statusCode).toBe(401);
    const entry = firstOrThrow(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'admin.delete'), eq(auditLog.targetId, staff.id))),
    );
    expect(entry.before).toMatchObject({ email: staff.email, role: 'support' });
  });

  it('removing a staff member keeps who did what: the row stays (name, role) and what they did still names them; the email is free again', async () => {
    const staff = await t.createStaff('support');
    const customer = await t.signUp();
    const conversation = firstOrThrow(await t.database.db.insert(conversations).values({ userId: customer.id }).returning());
    const reply = firstOrThrow(
      await t.database.db
        .insert(chatMessages)
        .values({ conversationId: conversation.id, sender: 'admin', senderId: staff.id, text: 'Your order is on its way.' })
        .returning(),
    );
    const before = firstOrThrow(await t.database.db.select().from(users).where(eq(users.id, staff.id)));

    expect((await t.request({ method: 'DELETE', url: `/api/admin/admins/${staff.id}`, cookie: admin })).statusCode).toBe(200);

    // Records keep their author (a hard delete set these to null through ON DELETE SET NULL).
    expect(firstOrThrow(await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, reply.id))).senderId).toBe(staff.id);
    const kept = firstOrThrow(await t.database.db.select().from(users).where(eq(users.id, staff.id)));
    expect(kept).toMatchObject({ fullName: before.fullName, role: 'support', banned: true });
    expect(kept.removedAt).toBeInstanceOf(Date);
    expect(kept.email).not.toBe(before.email);
    // Gone from Admin Management, cannot sign in, cannot be removed twice.
    const list = await t.request({ method: 'GET', url: '/api/admin/admins', cookie: admin });
    expect(list.json().admins.map((member: { id: string }) => member.id)).not.toContain(staff.id);
    expect((await t.login(staff.email, staff.password, 'admin')).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: `/api/admin/admins/${staff.id}`, cookie: admin })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'PATCH', url: `/api/admin/admins/${staff.id}`, cookie: admin, payload: { role: 'manager' } })).statusCode,
    ).toBe(404);
    // The address can be invited again, as a new account.
    const again = await invite('manager', staff.email);
    expect(again.admin.id).not.toBe(staff.id);
  });
});
