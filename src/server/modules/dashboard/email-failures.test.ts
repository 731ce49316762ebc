import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WAIT } from '#test/helpers/timeouts.js';
import type { TSetupStatus } from '#shared/contracts/setup.js';
import { emailLog } from '#server/db/schema/app.js';
import { firstOrThrow } from '#server/db/rows.js';
import { createTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { startSmtpPeer, type TSmtpPeer } from '#test/helpers/smtp-peer.js';

const RESET_SUBJECT = 'Reset your CediCrypto password';

/*
 * Issue 27 point 7 (docs/decisions/033): the dashboard warns when emails of the last 24 hours did
 * not go out, with their count, and the Email Log lists them (status=undelivered). Delivered
 * through a real local SMTP peer that refuses the password.
 */
describe('the dashboard warns of emails not delivered', () => {
  let t: TTestApp;
  let admin: string;
  let peer: TSmtpPeer;

  const status = async () => {
    const response = await t.request({ method: 'GET', url: '/api/admin/setup-status', cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as TSetupStatus).emailFailures;
  };
  const undeliveredIds = async (cookie = admin) => {
    const response = await t.request({ method: 'GET', url: '/api/admin/emails?status=undelivered', cookie });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { emails: { id: number }[] }).emails.map((email) => email.id);
  };
  const saveSettings = async (payload: Record<string, unknown>) => {
    const saved = await t.request({ method: 'PUT', url: '/api/admin/settings', cookie: admin, payload });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  /** Every email due has been tried (none left pending without an attempt). */
  const deliveryRunsSettled = async () => {
    await t.app.emailSender.runOnce();
    await vi.waitFor(async () => {
      const { n } = firstOrThrow(
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(emailLog)
          .where(and(eq(emailLog.status, 'pending'), isNull(emailLog.lastError), lte(emailLog.nextAttemptAt, new Date()))),
      );
      if (n > 0) await t.app.emailSender.runOnce();
      expect(n).toBe(0);
    }, WAIT);
  };

  beforeAll(async () => {
    t = await createTestApp({ SMTP_ALLOW_PRIVATE: 'true' });
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    peer = await startSmtpPeer({ user: 'mailer', pass: 'mail-pass' });
    // The peer refuses this password: every delivery fails.
    await saveSettings({
      notificationEmail: 'alerts@cedicrypto.test',
      smtpHost: '127.0.0.1',
      smtpPort: peer.port,
      smtpSecure: false,
      smtpUser: 'mailer',
      smtpPassword: 'wrong-pass',
    });
    await deliveryRunsSettled();
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  it('counts an email the SMTP server refused, lists it in the Email Log, and stops counting it after 24 hours', async () => {
    const before = await status();
    expect(before.windowHours).toBe(24);
    const lastId = firstOrThrow(await t.database.db.select({ id: sql<number>`coalesce(max(${emailLog.id}), 0)::int` }).from(emailLog)).id;

    // A password reset email: queued, tried against the peer, refused (it waits for another try).
    const asked = await t.request({ method: 'POST', url: '/api/account/forgot-password', payload: { email: SUPER_ADMIN.email } });
    expect(asked.statusCode, asked.body).toBe(200);
    await deliveryRunsSettled();
    const [reset] = await t.database.db
      .select()
      .from(emailLog)
      .where(and(gt(emailLog.id, lastId), eq(emailLog.subject, RESET_SUBJECT)));
    expect(reset).toMatchObject({ status: 'pending', attempts: 1 });
    expect(reset!.lastError).toBeTruthy();
    expect(peer.received).toHaveLength(0);

    expect(await status()).toEqual({ count: before.count + 1, windowHours: 24 });
    expect(await undeliveredIds()).toContain(reset!.id);

    // A test email refused too: failed for good, counted.
    const test = await t.request({ method: 'POST', url: '/api/admin/settings/test-email', cookie: admin });
    expect(test.json()).toMatchObject({ outcome: 'failed', failure: 'auth' });
    expect((await status()).count).toBe(before.count + 2);

    // Queued more than 24 hours ago: no longer counted, still in the log's list.
    await t.database.db
      .update(emailLog)
      .set({ sentAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(emailLog.id, reset!.id));
    expect((await status()).count).toBe(before.count + 1);
    expect(await undeliveredIds()).toContain(reset!.id);
  });

  it('neither counts nor lists an email that went out', async () => {
    await saveSettings({ smtpPassword: 'mail-pass' });
    const before = await status();
    const test = await t.request({ method: 'POST', url: '/api/admin/settings/test-email', cookie: admin });
    expect(test.json()).toMatchObject({ outcome: 'sent' });
    expect(peer.received.length).toBeGreaterThan(0);
    const [sent] = await t.database.db.select().from(emailLog).where(eq(emailLog.status, 'sent'));
    expect(await status()).toEqual(before);
    const all = (await t.request({ method: 'GET', url: '/api/admin/emails', cookie: admin })).json() as { emails: { id: number }[] };
    expect(all.emails.map((email) => email.id)).toContain(sent!.id);
    expect(await undeliveredIds()).not.toContain(sent!.id);
  });

  it('is the super admin’s, as the checklist and the Email Log are: other staff are refused', async () => {
    const manager = await t.createStaff('manager');
    expect((await t.request({ method: 'GET', url: '/api/admin/setup-status', cookie: manager.cookie })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/emails?status=undelivered', cookie: manager.cookie })).statusCode).toBe(403);
    const unknown = await t.request({ method: 'GET', url: '/api/admin/emails?status=bounced', cookie: admin });
    expect(unknown.statusCode).toBe(400);
  });
});
