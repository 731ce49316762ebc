import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseMigratedUpTo } from '#test/helpers/migrations.js';
import { maskedAtRest } from '#server/lib/email/secrets.js';
import type { TDatabase } from './client.js';

/**
 * Migration 0015 (issue 26, docs/decisions/021): the email and SMS logs keep only masked copies of
 * the link tokens and codes of messages already delivered (or failed, or skipped); a pending one
 * keeps its own until the sender delivers and masks it.
 */
describe('migration 0015 (secrets at rest in the email and SMS logs)', () => {
  let database: TDatabase;
  let opened: Awaited<ReturnType<typeof openDatabaseMigratedUpTo>>;

  beforeAll(async () => {
    opened = await openDatabaseMigratedUpTo('0013_identity_holds_staff_removal');
    database = opened.database;
  });
  afterAll(async () => {
    await opened.close();
  });

  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  const marked = (token: string) =>
    `<a href="https://x.test/#/reset-password?token=<!--secret-->${token}<!--/secret-->">Reset</a><br />https://x.test/#/reset-password?token=<!--secret-->${token}<!--/secret-->`;
  const unmarked = (token: string) =>
    `<a href="https://x.test/#/admin/set-password?token=${token}">Set</a> https://x.test/#/admin/set-password?token=${token}<p>`;
  const sms = (code: string) => `CediCrypto: your phone verification code is <!--secret-->${code}<!--/secret-->. It expires in 10 minutes.`;

  it('masks the tokens and codes of delivered messages as the sender does, and leaves pending ones and other text alone', async () => {
    await database.db.execute(sql`
      INSERT INTO email_log (id, "to", subject, body, status) VALUES
        (1, 'a@example.com', 'Reset', ${marked('sentToken123')}, 'sent'),
        (2, 'b@example.com', 'Invite', ${unmarked('oldInviteToken456')}, 'failed'),
        (3, 'c@example.com', 'Reset', ${marked('pendingToken789')}, 'pending'),
        (4, 'd@example.com', 'Welcome', '<p>Welcome, Ama! <!-- not a secret --></p>', 'sent')`);
    await database.db.execute(sql`
      INSERT INTO sms_log (id, "to", kind, body, status) VALUES
        (1, '+233241110001', 'phone_code', ${sms('318406')}, 'sent'),
        (2, '+233241110002', 'phone_code', ${sms('555123')}, 'pending'),
        (3, '+233241110003', 'order_status', 'CediCrypto: your order #12 is completed.', 'skipped')`);
    await opened.migrateRest();

    const emails = await rowsOf(sql`SELECT id, body, secrets_sealed FROM email_log ORDER BY id`);
    expect(emails.map((row) => row.body)).toEqual([
      maskedAtRest(marked('sentToken123')),
      maskedAtRest(unmarked('oldInviteToken456')),
      marked('pendingToken789'),
      '<p>Welcome, Ama! <!-- not a secret --></p>',
    ]);
    expect(String(emails[0]?.body)).toContain('token=<!--secret-->••••••••<!--/secret-->');
    expect(String(emails[1]?.body)).toContain('set-password?token=••••••••"');
    expect(JSON.stringify(emails)).not.toMatch(/sentToken123|oldInviteToken456/);
    expect(emails.every((row) => row.secrets_sealed === null)).toBe(true);

    const texts = await rowsOf(sql`SELECT id, body FROM sms_log ORDER BY id`);
    expect(texts.map((row) => row.body)).toEqual([maskedAtRest(sms('318406')), sms('555123'), 'CediCrypto: your order #12 is completed.']);
    expect(String(texts[0]?.body)).not.toContain('318406');
  });
});
