import { createServer, type AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_EMAIL_MSG, type TTestEmailResult } from '#shared/contracts/setup.js';
import { auditLog, emailLog } from '#server/db/schema/app.js';
import { createTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { startSmtpPeer, type TSmtpPeer } from '#test/helpers/smtp-peer.js';
import { isNonPublicAddress, checkSmtpHost } from '#server/lib/email/smtp-host.js';
import { smtpFailureOf } from './service.js';

const URL = '/api/admin/settings/test-email';

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("Settings' Send test email (issue 16), to a local SMTP peer (SMTP_ALLOW_PRIVATE=true)", () => {
  let t: TTestApp;
  let admin: string;
  let peer: TSmtpPeer;

  beforeAll(async () => {
    t = await createTestApp({ SMTP_ALLOW_PRIVATE: 'true' });
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    peer = await startSmtpPeer({ user: 'mailer', pass: 'mail-pass' });
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  const send = async (cookie = admin) => t.request({ method: 'POST', url: URL, cookie });
  const saveSettings = async (payload: Record<string, unknown>) => {
    const saved = await t.request({ method: 'PUT', url: '/api/admin/settings', cookie: admin, payload });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  it('is the super admin’s only: other staff get 403, a customer 403, nobody signed in 401', async () => {
    for (const role of ['manager', 'support', 'compliance'] as const) {
      const { cookie } = await t.createStaff(role);
      expect((await send(cookie)).statusCode, role).toBe(403);
    }
    expect((await send((await t.signUp()).cookie)).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: URL })).statusCode).toBe(401);
  });

  it('says where the email would go when there is no notification address, and sends nothing', async () => {
    const before = await t.database.db.select({ id: emailLog.id }).from(emailLog);
    const response = await send();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      outcome: 'noRecipient',
      to: null,
      message: TEST_EMAIL_MSG.noRecipient,
      failure: null,
      detail: null,
    } satisfies TTestEmailResult);
    expect(await t.database.db.select({ id: emailLog.id }).from(emailLog)).toHaveLength(before.length);
  });

  it('asks for the SMTP settings while they are incomplete', async () => {
    await saveSettings({ notificationEmail: 'alerts@cedicrypto.test', smtpHost: '127.0.0.1', smtpPort: peer.port, smtpUser: 'mailer' });
    const response = await send();
    expect(response.json()).toMatchObject({
      outcome: 'notConfigured',
      to: 'alerts@cedicrypto.test',
      message: TEST_EMAIL_MSG.notConfigured,
    });
  });

  it('sends the test email to the notification address through the local SMTP peer, logged as sent and audited', async () => {
    await saveSettings({ smtpSecure: false, smtpPassword: 'mail-pass' });
    const response = await send();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      outcome: 'sent',
      to: 'alerts@cedicrypto.test',
      message: 'Test email sent to alerts@cedicrypto.test. Check that inbox (and its spam folder).',
      failure: null,
      detail: null,
    } satisfies TTestEmailResult);
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]?.to).toEqual(['alerts@cedicrypto.test']);
    expect(peer.received[0]?.user).toBe('mailer');
    expect(peer.received[0]?.data).toContain('Subject: CediCrypto test email');
    const [logged] = await t.database.db.select().from(emailLog).orderBy(desc(emailLog.id)).limit(1);
    expect(logged).toMatchObject({ to: 'alerts@cedicrypto.test', subject: 'CediCrypto test email', status: 'sent', lastError: null });
    // The background sender does not send it a second time (it delivers what else was waiting).
    await t.app.emailSender.runOnce();
    expect(peer.received.filter((mail) => mail.data.includes('Subject: CediCrypto test email'))).toHaveLength(1);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.test_email'));
    expect(audit.at(-1)).toMatchObject({
      actorEmail: SUPER_ADMIN.email,
      after: { outcome: 'sent', to: 'alerts@cedicrypto.test', failure: null },
    });
  });

  it('shows a refused login in words, with the server’s own answer, and logs the email as failed (not retried)', async () => {
    await saveSettings({ smtpPassword: 'wrong-pass' });
    const result = (await send()).json() as TTestEmailResult;
    expect(result).toMatchObject({ outcome: 'failed', failure: 'auth', message: TEST_EMAIL_MSG.failed.auth });
    expect(result.detail).toContain('Invalid username or password');
    const [logged] = await t.database.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.subject, 'CediCrypto test email'), eq(emailLog.status, 'failed')));
    expect(logged?.lastError).toContain('Invalid username or password');
  });

  it('tells a closed port and a plain server behind SSL/TLS apart', async () => {
    await saveSettings({ smtpPassword: 'mail-pass', smtpPort: await closedPort() });
    expect((await send()).json()).toMatchObject({ outcome: 'failed', failure: 'refused', message: TEST_EMAIL_MSG.failed.refused });
    await saveSettings({ smtpPort: peer.port, smtpSecure: true });
    expect((await send()).json()).toMatchObject({ outcome: 'failed', failure: 'tls', message: TEST_EMAIL_MSG.failed.tls });
  });
});

describe('Send test email refuses a private or local SMTP host unless SMTP_ALLOW_PRIVATE (issue 26)', () => {
  let t: TTestApp;
  let admin: string;
  let peer: TSmtpPeer;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    peer = await startSmtpPeer({ user: 'mailer', pass: 'mail-pass' });
    const saved = await t.request({
      method: 'PUT',
      url: '/api/admin/settings',
      cookie: admin,
      payload: {
        notificationEmail: 'alerts@cedicrypto.test',
        smtpHost: '127.0.0.1',
        smtpPort: peer.port,
        smtpSecure: false,
        smtpUser: 'mailer',
        smtpPassword: 'mail-pass',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  const sendTo = async (smtpHost: string) => {
    const saved = await t.request({ method: 'PUT', url: '/api/admin/settings', cookie: admin, payload: { smtpHost } });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await t.request({ method: 'POST', url: URL, cookie: admin });
    expect(response.statusCode).toBe(200);
    return response.json() as TTestEmailResult;
  };

  it.each(['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]'])(
    'refuses %s with the message, without connecting or writing the Email Log, and audits it',
    async (host) => {
      const logged = await t.database.db.select({ id: emailLog.id }).from(emailLog);
      expect(await sendTo(host)).toEqual({
        outcome: 'nonPublicHost',
        to: 'alerts@cedicrypto.test',
        message: TEST_EMAIL_MSG.nonPublicHost,
        failure: null,
        detail: null,
      } satisfies TTestEmailResult);
      expect(peer.connections).toBe(0);
      expect(peer.received).toHaveLength(0);
      expect(await t.database.db.select({ id: emailLog.id }).from(emailLog)).toHaveLength(logged.length);
      const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.test_email'));
      expect(audit.at(-1)?.after).toEqual({ outcome: 'nonPublicHost', to: 'alerts@cedicrypto.test', failure: null });
    },
  );

  it('with SMTP_ALLOW_PRIVATE=true the same settings send it', async () => {
    const allowed = await createTestApp({ SMTP_ALLOW_PRIVATE: 'true' });
    try {
      const cookie = await allowed.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
      const save = await allowed.request({
        method: 'PUT',
        url: '/api/admin/settings',
        cookie,
        payload: {
          notificationEmail: 'alerts@cedicrypto.test',
          smtpHost: '127.0.0.1',
          smtpPort: peer.port,
          smtpSecure: false,
          smtpUser: 'mailer',
          smtpPassword: 'mail-pass',
        },
      });
      expect(save.statusCode, save.body).toBe(200);
      const result = (await allowed.request({ method: 'POST', url: URL, cookie })).json() as TTestEmailResult;
      expect(result.outcome).toBe('sent');
      expect(peer.received).toHaveLength(1);
    } finally {
      await allowed.close();
    }
  });
});

describe('which SMTP hosts are not public', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    'not-an-address',
  ])('%s is not public', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '193.168.1.1', '2a00:1450:4009:81f::2005', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isNonPublicAddress(address)).toBe(false);
    },
  );

  it('resolves a name to every address and refuses it if one is not public; an IP literal is kept as it is', async () => {
    expect(await checkSmtpHost('localhost')).toEqual({ isPublic: false });
    expect(await checkSmtpHost('[::1]')).toEqual({ isPublic: false });
    expect(await checkSmtpHost('8.8.8.8')).toEqual({ isPublic: true, address: '8.8.8.8', servername: undefined });
    expect(await checkSmtpHost('[2a00:1450:4009:81f::2005]')).toEqual({
      isPublic: true,
      address: '2a00:1450:4009:81f::2005',
      servername: undefined,
    });
  });
});

describe('smtpFailureOf', () => {
  it.each([
    [Object.assign(new Error('Invalid login: 535 Authentication failed'), { code: 'EAUTH' }), 'auth'],
    [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' }), 'refused'],
    [Object.assign(new Error('getaddrinfo ENOTFOUND smtp.example.invalid'), { code: 'EDNS' }), 'hostNotFound'],
    [Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' }), 'timeout'],
    [Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' }), 'timeout'],
    [Object.assign(new Error('ssl3_get_record:wrong version number'), { code: 'ESOCKET' }), 'tls'],
    [Object.assign(new Error('Recipient command failed: 550 5.1.1 unknown'), { code: 'EENVELOPE' }), 'rejected'],
    ['something odd', 'other'],
  ])('reads %s as %s', (error, failure) => {
    expect(smtpFailureOf(error)).toBe(failure);
  });
});
