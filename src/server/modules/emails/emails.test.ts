import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailLog } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { emailsTo, linkToken } from '#test/helpers/email-links.js';
import { createTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { firstOrThrow } from '#server/db/rows.js';

const RESET_SUBJECT = 'Reset your CediCrypto password';
const INVITATION_SUBJECT = 'You have been invited to the CediCrypto back-office';
const REASON = 'The customer never received the email; phone call ticket 4411.';

/** decisions/013 D15 (docs/decisions/011): the Email Log shows bodies with the tokens of reset and invitation links masked. */
describe('email log secrets', () => {
  let t: TTestApp;
  let superAdmin: string;
  let superAdminId: string;
  let manager: { cookie: string };
  let customer: { email: string; password: string };
  let reset: { id: number; token: string };
  let invitation: { id: number; token: string };
  let welcomeId: number;

  beforeAll(async () => {
    t = await createTestApp();
    superAdmin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    superAdminId = firstOrThrow(await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, SUPER_ADMIN.email))).id;
    manager = await t.createStaff('manager');
    customer = await t.signUp();
    await t.request({ method: 'POST', url: '/api/account/forgot-password', payload: { email: customer.email } });
    const resetMail = firstOrThrow(await emailsTo(t.database.db, customer.email, RESET_SUBJECT));
    reset = { id: resetMail.id, token: linkToken(resetMail, '/reset-password') };
    welcomeId = firstOrThrow(await emailsTo(t.database.db, customer.email, 'Welcome to CediCrypto')).id;
    const invitedEmail = `invited${Date.now()}@example.com`;
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/admins',
      cookie: superAdmin,
      payload: { fullName: 'Esi Invited', email: invitedEmail, role: 'support' },
    });
    expect(created.statusCode).toBe(201);
    const invitationMail = firstOrThrow(await emailsTo(t.database.db, invitedEmail, INVITATION_SUBJECT));
    invitation = { id: invitationMail.id, token: linkToken(invitationMail, '/admin/set-password') };
  });
  afterAll(() => t.close());

  const detail = (id: number, cookie = superAdmin) => t.request({ method: 'GET', url: `/api/admin/emails/${id}`, cookie });
  const reveal = (id: number, payload: Record<string, unknown>, cookie = superAdmin) =>
    t.request({ method: 'POST', url: `/api/admin/emails/${id}/reveal`, cookie, payload });
  const auditsOf = (action: string, id: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetType, 'email'), eq(auditLog.targetId, String(id))))
      .orderBy(desc(auditLog.id));

  it('masks the tokens of reset and invitation links in the list and in the detail, even for the super admin', async () => {
    const list = await t.request({ method: 'GET', url: '/api/admin/emails', cookie: superAdmin });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(reset.token);
    expect(list.body).not.toContain(invitation.token);

    for (const [mail, route] of [
      [reset, '/reset-password'],
      [invitation, '/admin/set-password'],
    ] as const) {
      const response = await detail(mail.id);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(mail.token);
      expect(response.body).not.toContain(encodeURIComponent(mail.token));
      const { body, maskedSecrets } = response.json();
      // The link and its copy as text, both masked; the rest of the email as sent.
      expect(maskedSecrets).toBe(2);
      expect(body).toContain(`http://localhost:3000/#${route}?token=••••••••`);
      expect(body).not.toContain('<!--');
      expect(body).toContain('CediCrypto, Accra, Ghana.');
    }
    // An email without a secret is shown whole.
    const welcome = (await detail(welcomeId)).json();
    expect(welcome.maskedSecrets).toBe(0);
    expect(welcome.body).toContain('http://localhost:3000/#/dashboard');
  });

  it('a masked link does not work as a reset link', async () => {
    const { body } = (await detail(reset.id)).json();
    const masked = linkToken(body, '/reset-password');
    const attempt = await t.request({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { token: masked, password: 'Attacker-Passw0rd!' },
    });
    expect(attempt.statusCode).toBe(400);
    expect((await t.login(customer.email, customer.password)).statusCode).toBe(200);
  });

  it('audits every view of an email body, with who, when and from where', async () => {
    const before = (await auditsOf('email.view', welcomeId)).length;
    await detail(welcomeId);
    await detail(welcomeId);
    const entries = await auditsOf('email.view', welcomeId);
    expect(entries).toHaveLength(before + 2);
    expect(entries[0]).toMatchObject({
      actorId: superAdminId,
      actorEmail: SUPER_ADMIN.email,
      ip: '127.0.0.1',
      after: { to: customer.email, subject: 'Welcome to CediCrypto' },
    });
    // The list shows no body, and is not a view of one.
    await t.request({ method: 'GET', url: '/api/admin/emails', cookie: superAdmin });
    expect(await auditsOf('email.view', welcomeId)).toHaveLength(before + 2);
  });

  it('refuses a reveal to other roles, and without a reason of 10 to 500 characters', async () => {
    // The manager has no Email Log at all, and no reveal either.
    expect((await detail(reset.id, manager.cookie)).statusCode).toBe(403);
    const byManager = await reveal(reset.id, { reason: REASON }, manager.cookie);
    expect(byManager.statusCode).toBe(403);
    expect(byManager.body).not.toContain(reset.token);
    expect((await reveal(reset.id, { reason: REASON }, (await t.signUp()).cookie)).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `/api/admin/emails/${reset.id}/reveal`, payload: { reason: REASON } })).statusCode).toBe(
      401,
    );

    for (const payload of [
      {},
      { reason: '' },
      { reason: '   too short   ' },
      { reason: 'x'.repeat(501) },
      { reason: 42 },
      { reason: REASON, extra: true },
    ]) {
      const refused = await reveal(reset.id, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.body).not.toContain(reset.token);
    }
    const refused = await reveal(reset.id, {});
    expect(refused.json().error).toMatchObject({ code: 'VALIDATION', message: 'Give a reason of 10 to 500 characters.' });
    expect(await auditsOf('email.reveal', reset.id)).toHaveLength(0);
    expect((await reveal(999_999_999, { reason: REASON })).statusCode).toBe(404);
  });

  it('reveals the real link to the super admin once, audited with the reason; the next view is masked again', async () => {
    const revealed = await reveal(invitation.id, { reason: `  ${REASON}  ` });
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.headers['cache-control']).toBe('no-store');
    const { body, maskedSecrets } = revealed.json();
    expect(maskedSecrets).toBe(0);
    expect(linkToken(body, '/admin/set-password')).toBe(invitation.token);
    expect(body).not.toContain('<!--');

    const [entry] = await auditsOf('email.reveal', invitation.id);
    expect(entry).toMatchObject({ actorId: superAdminId, ip: '127.0.0.1', after: { reason: REASON, subject: INVITATION_SUBJECT } });

    expect((await detail(invitation.id)).body).not.toContain(invitation.token);
    // The revealed link is the real one.
    const set = await t.request({
      method: 'POST',
      url: '/api/account/set-password',
      payload: { token: linkToken(body, '/admin/set-password'), password: 'Invited-Passw0rd!' },
    });
    expect(set.statusCode).toBe(200);
  });

  it('masks the links of emails logged before the templates marked their tokens', async () => {
    const { id } = firstOrThrow(
      await t.database.db
        .insert(emailLog)
        .values({
          to: 'old@example.com',
          subject: RESET_SUBJECT,
          body: '<a href="http://localhost:3000/#/reset-password?token=LegacyToken_123-abc">Reset password</a> http://localhost:3000/#/admin/set-password?token=Other%2Btoken',
        })
        .returning({ id: emailLog.id }),
    );
    const shown = (await detail(id)).json();
    expect(shown.maskedSecrets).toBe(2);
    expect(shown.body).not.toContain('LegacyToken_123-abc');
    expect(shown.body).not.toContain('Other%2Btoken');
  });
});
