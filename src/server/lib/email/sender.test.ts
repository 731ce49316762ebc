import { eq, inArray, sql } from 'drizzle-orm';
import { LEASE_SECONDS, leaseUntil, SEALED_SECRETS_MAX_AGE_HOURS } from '#server/lib/outbox.js';
import { WAIT } from '#test/helpers/timeouts.js';
import { eraseStaleSealedSecrets } from '#server/lib/sealed-secrets.js';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailLog, settings } from '#server/db/schema/app.js';
import { encryptSecret } from '#server/lib/secrets.js';
import { queueEmail } from './outbox.js';
import { EmailSender } from './sender.js';
import { renderPasswordResetEmail, renderWelcomeEmail } from './templates.js';
import { maskEmailBody } from './secrets.js';
import { buildResetUrl } from '#server/modules/auth/better-auth.js';
import { openTestDatabase } from '#test/helpers/test-app.js';
import { decodeQuotedPrintable, startSmtpPeer } from '#test/helpers/smtp-peer.js';
import type { TDatabase } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';

function captureLogger() {
  const lines: { level: number; msg: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

describe('email sender', () => {
  let database: TDatabase;
  const secret = 'unit-test-server-secret-0123456789abcdef';
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  /** The settings point at `peer`, signing in as mailer with the password 'mail-pass'. */
  const useSmtpPeer = (peer: { port: number }) =>
    database.db
      .update(settings)
      .set({
        smtpHost: '127.0.0.1',
        smtpPort: peer.port,
        smtpSecure: false,
        smtpUser: 'mailer',
        smtpPassEncrypted: encryptSecret('mail-pass', secret),
      })
      .where(eq(settings.id, 1));

  it('skips delivery with the product message while SMTP settings are incomplete', async () => {
    const { log, lines } = captureLogger();
    const id = await queueEmail(database.db, 'kofi@example.com', renderWelcomeEmail({ fullName: 'Kofi', appUrl: 'http://x' }));
    const sender = new EmailSender({ db: database.db, log, serverSecret: secret, from: 'a@b.c', intervalMs: 1000 });
    await sender.runOnce();
    const row = firstOrThrow(await database.db.select().from(emailLog).where(eq(emailLog.id, id)));
    expect(row.status).toBe('skipped');
    expect(lines.map((l) => l.msg)).toContain('SMTP settings are not fully configured. Skipping actual email send.');
  });

  it('delivers to a real SMTP peer once configured, once per email', async () => {
    const peer = await startSmtpPeer({ user: 'mailer', pass: 'mail-pass' });
    try {
      await useSmtpPeer(peer);
      const id = await queueEmail(database.db, 'ama@example.com', renderWelcomeEmail({ fullName: 'Ama <b>', appUrl: 'http://x' }));
      const { log } = captureLogger();
      const sender = new EmailSender({ db: database.db, log, serverSecret: secret, from: 'no-reply@cedicrypto.test', intervalMs: 1000 });
      // Two runs at once must not send the same email twice.
      await Promise.all([sender.runOnce(), sender.runOnce()]);
      await sender.runOnce();
      expect(peer.received).toHaveLength(1);
      const [mail] = peer.received;
      expect(mail?.to).toEqual(['ama@example.com']);
      expect(mail?.user).toBe('mailer');
      expect(mail?.data).toContain('Subject: Welcome to CediCrypto');
      expect(mail?.data).toContain('Ama &lt;b&gt;');
      const row = firstOrThrow(await database.db.select().from(emailLog).where(eq(emailLog.id, id)));
      expect(row.status).toBe('sent');
      expect(row.deliveredAt).not.toBeNull();
    } finally {
      await peer.close();
    }
  });

  it('delivers the real link of a password reset from its sealed copy, and keeps no token at rest before or after (issue 26)', async () => {
    const peer = await startSmtpPeer({ user: 'mailer', pass: 'mail-pass' });
    try {
      await useSmtpPeer(peer);
      const token = 'Reset_Token-0123456789abcdefXYZ';
      const id = await queueEmail(
        database.db,
        'efua@example.com',
        renderPasswordResetEmail({ fullName: 'Efua', resetUrl: buildResetUrl('http://x', token) }),
        secret,
      );
      // Queued: the body is masked and the token only sealed (docs/decisions/021).
      const queued = firstOrThrow(await database.db.select().from(emailLog).where(eq(emailLog.id, id)));
      expect(JSON.stringify(queued)).not.toContain(token);
      expect(queued.secretsSealed).not.toBeNull();
      const { log } = captureLogger();
      await new EmailSender({ db: database.db, log, serverSecret: secret, from: 'no-reply@cedicrypto.test', intervalMs: 1000 }).runOnce();
      const delivered = peer.received.find((mail) => mail.to.includes('efua@example.com'));
      const html = decodeQuotedPrintable(delivered!.data);
      expect(html).toContain(`href="http://x/#/reset-password?token=${token}"`);
      expect(html).not.toContain('<!--');
      const row = firstOrThrow(await database.db.select().from(emailLog).where(eq(emailLog.id, id)));
      expect(row.status).toBe('sent');
      expect(maskEmailBody(row.body).body).not.toContain(token);
      // Delivered: nothing of the token is kept, not even sealed.
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row.secretsSealed).toBeNull();
      expect(maskEmailBody(row.body).maskedSecrets).toBe(2);
    } finally {
      await peer.close();
    }
  });

  it('drains a backlog in one run over at most `concurrency` pooled connections, the most urgent first (issue 31)', async () => {
    const peer = await startSmtpPeer({ user: 'mailer', pass: 'mail-pass' });
    try {
      await useSmtpPeer(peer);
      // Nothing of the earlier tests in the way: this test delivers only what it queues.
      await database.db.update(emailLog).set({ status: 'skipped' }).where(eq(emailLog.status, 'pending'));
      for (let i = 0; i < 40; i += 1) {
        await queueEmail(database.db, `notice-${i}@backlog.test`, renderWelcomeEmail({ fullName: `Customer ${i}`, appUrl: 'http://x' }));
      }
      for (let i = 0; i < 5; i += 1) {
        await queueEmail(database.db, `staff-${i}@backlog.test`, {
          priority: 'staff',
          subject: `New buy order #${i}`,
          body: '<p>An order.</p>',
        });
      }
      const reset = renderPasswordResetEmail({ fullName: 'Esi', resetUrl: buildResetUrl('http://x', 'Backlog_Token-0123456789') });
      await queueEmail(database.db, 'esi@backlog.test', reset, secret);

      const sender = new EmailSender({
        db: database.db,
        log: captureLogger().log,
        serverSecret: secret,
        from: 'a@b.c',
        intervalMs: 1000,
        concurrency: 2,
      });
      await sender.runOnce();

      // All 46 in one run (a run used to deliver one batch of 10), on at most 2 connections.
      const order = peer.received.map((mail) => mail.to[0]);
      expect(order).toHaveLength(46);
      expect(peer.connections).toBeLessThanOrEqual(2);
      // Queued last, the reset goes out first (two are under way at once); the staff's summaries last.
      expect(order.indexOf('esi@backlog.test')).toBeLessThan(2);
      for (let i = 0; i < 5; i += 1) expect(order.indexOf(`staff-${i}@backlog.test`)).toBeGreaterThanOrEqual(40 - 2);
      const rows = await database.db.select().from(emailLog).where(eq(emailLog.status, 'pending'));
      expect(rows).toHaveLength(0);
    } finally {
      await peer.close();
    }
  });

  it('records a failure and retries later when the SMTP server refuses', async () => {
    const peer = await startSmtpPeer({ user: 'mailer', pass: 'other-pass' });
    try {
      await useSmtpPeer(peer);
      const id = await queueEmail(database.db, 'yaw@example.com', renderWelcomeEmail({ fullName: 'Yaw', appUrl: 'http://x' }));
      const { log, lines } = captureLogger();
      const sender = new EmailSender({ db: database.db, log, serverSecret: secret, from: 'no-reply@cedicrypto.test', intervalMs: 1000 });
      await sender.runOnce();
      const row = firstOrThrow(await database.db.select().from(emailLog).where(eq(emailLog.id, id)));
      expect(row.status).toBe('pending');
      expect(row.attempts).toBe(1);
      expect(row.lastError).toBeTruthy();
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      expect(lines.some((l) => l.msg === 'email delivery failed')).toBe(true);
    } finally {
      await peer.close();
    }
  });

  it('keeps a batch leased while a slow mail server holds it, so another process does not send it again', async () => {
    // The first message is held by the server until the test lets it go; the lease is 1 s, so
    // without renewals another process's run would take the email again a second later.
    let letGo = () => {};
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    let arrived = 0;
    const peer = await startSmtpPeer({ user: 'mailer', pass: 'mail-pass' }, () => (++arrived === 1 ? gate : Promise.resolve()));
    try {
      await useSmtpPeer(peer);
      const id = await queueEmail(database.db, 'kwesi@example.com', renderWelcomeEmail({ fullName: 'Kwesi', appUrl: 'http://x' }));
      const options = {
        db: database.db,
        log: captureLogger().log,
        serverSecret: secret,
        from: 'no-reply@cedicrypto.test',
        intervalMs: 1000,
      };
      const slow = new EmailSender({ ...options, leaseSeconds: 1 }).runOnce();
      await vi.waitFor(() => expect(arrived).toBe(1), WAIT);
      const leased = firstOrThrow(await database.db.select().from(emailLog).where(eq(emailLog.id, id)));
      // The first lease is over by the database's clock, and the row is still leased (not put back
      // to wait for a retry).
      await vi.waitFor(async () => {
        const result = (await database.db.execute(
          sql`SELECT now() > ${leased.nextAttemptAt.toISOString()}::timestamptz AS lapsed, next_attempt_at > now() AND last_error IS NULL AS held
              FROM ${emailLog} WHERE id = ${id}`,
        )) as unknown as { rows: { lapsed: boolean; held: boolean }[] };
        expect(result.rows[0]).toEqual({ lapsed: true, held: true });
      }, WAIT);
      await new EmailSender({ ...options, leaseSeconds: 1 }).runOnce();
      expect(arrived).toBe(1);
      letGo();
      await slow;
      expect(peer.received.filter((mail) => mail.to.includes('kwesi@example.com'))).toHaveLength(1);
      const row = firstOrThrow(await database.db.select().from(emailLog).where(eq(emailLog.id, id)));
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      letGo();
      await peer.close();
    }
  });

  it('takes an email again once the lease of a process that died with it is over', async () => {
    const peer = await startSmtpPeer({ user: 'mailer', pass: 'mail-pass' });
    try {
      await useSmtpPeer(peer);
      const id = await queueEmail(database.db, 'abena@example.com', renderWelcomeEmail({ fullName: 'Abena', appUrl: 'http://x' }));
      // Leased as a run does, by a process that then died: nobody renews it.
      await database.db
        .update(emailLog)
        .set({ attempts: sql`${emailLog.attempts} + 1`, nextAttemptAt: leaseUntil(1) })
        .where(eq(emailLog.id, id));
      const sender = new EmailSender({ db: database.db, log: captureLogger().log, serverSecret: secret, from: 'a@b.c', intervalMs: 1000 });
      await vi.waitFor(async () => {
        await sender.runOnce();
        expect(peer.received.filter((mail) => mail.to.includes('abena@example.com'))).toHaveLength(1);
      }, WAIT);
      expect(firstOrThrow(await database.db.select().from(emailLog).where(eq(emailLog.id, id)))).toMatchObject({
        status: 'sent',
        attempts: 2,
      });
      // A minute at most, not the five minutes a dead process's emails waited before (bench/README.md).
      expect(LEASE_SECONDS).toBeLessThanOrEqual(60);
    } finally {
      await peer.close();
    }
  });

  it('erases the sealed token of an email still undelivered after a day, once its link has expired (docs/decisions/021)', async () => {
    const id = await queueEmail(
      database.db,
      'kwame@example.com',
      renderPasswordResetEmail({ fullName: 'Kwame', resetUrl: buildResetUrl('http://x', 'Stale_Token-0123456789') }),
      secret,
    );
    const fresh = await queueEmail(
      database.db,
      'kwame@example.com',
      renderPasswordResetEmail({ fullName: 'Kwame', resetUrl: buildResetUrl('http://x', 'Fresh_Token-0123456789') }),
      secret,
    );
    await database.db
      .update(emailLog)
      .set({ sentAt: new Date(Date.now() - (SEALED_SECRETS_MAX_AGE_HOURS + 1) * 3_600_000) })
      .where(eq(emailLog.id, id));
    expect(await eraseStaleSealedSecrets(database.db)).toBeGreaterThanOrEqual(1);
    const rows = await database.db
      .select()
      .from(emailLog)
      .where(inArray(emailLog.id, [id, fresh]));
    expect(rows.find((row) => row.id === id)?.secretsSealed).toBeNull();
    expect(rows.find((row) => row.id === fresh)?.secretsSealed).not.toBeNull();
  });
});
