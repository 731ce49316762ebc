import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.js';
import type { TDatabase } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { smsLog } from '#server/db/schema/compliance.js';
import { ProviderError } from '#server/lib/prices/http.js';
import { startFakeArkeselServer, type TFakeArkeselServer } from '#test/helpers/fake-arkesel-server.js';
import { openTestDatabase } from '#test/helpers/test-app.js';
import { UNREACHED_TIMEOUT_MS } from '#test/helpers/timeouts.js';
import { sendArkeselSms } from './arkesel.js';
import { queueSms } from './outbox.js';

/** The server secret that seals the codes of the SMS log (docs/decisions/021). */
const SECRET = 'sms-test-secret-sms-test-secret-0123456789';
import { createLogSmsProvider, createSmsProvider, SMS_LOG_IN_PRODUCTION } from './provider.js';
import { SmsSender } from './sender.js';
import { maskSmsBody, renderOrderStatusSms, renderPhoneCodeSms } from './templates.js';

/** SMS_PROVIDER=log's settings, as config.ts makes them. */
const LOG_SMS = {
  provider: 'log',
  senderId: 'CediCrypto',
  arkesel: { apiKey: '', baseUrl: '' },
  timeoutMs: 1000,
  sendIntervalMs: 1000,
} as const;

function captureLogger() {
  const lines: { level: number; msg: string; sms?: { to: string; body: string } }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

describe('the Arkesel SMS client (against a local fake of its API v2)', () => {
  let fake: TFakeArkeselServer;
  beforeAll(async () => {
    fake = await startFakeArkeselServer();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const options = (overrides: { timeoutMs?: number; apiKey?: string } = {}) => ({
    baseUrl: fake.url,
    apiKey: overrides.apiKey ?? fake.apiKey,
    timeoutMs: overrides.timeoutMs ?? UNREACHED_TIMEOUT_MS,
  });

  it('posts sender, message and the number without + with the api-key header, and answers the message id', async () => {
    const id = await sendArkeselSms(options(), { sender: 'CediCrypto', to: '+233241234567', message: 'Hello' });
    const request = firstOrThrow(fake.requests);
    expect(request.headers['api-key']).toBe(fake.apiKey);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({ sender: 'CediCrypto', message: 'Hello', recipients: ['233241234567'] });
    expect(id).toBe(firstOrThrow(fake.sent).id);
  });

  it('turns a refusal, a number it does not take, a wrong answer and a timeout into ProviderErrors', async () => {
    await expect(sendArkeselSms(options({ apiKey: 'wrong' }), { sender: 'CediCrypto', to: '+233241234567', message: 'x' })).rejects.toThrow(
      /arkesel: HTTP 401: Invalid API key/,
    );
    fake.set({ kind: 'refuse', status: 402, message: 'Insufficient balance' });
    await expect(sendArkeselSms(options(), { sender: 'CediCrypto', to: '+233241234567', message: 'x' })).rejects.toMatchObject({
      kind: 'http',
      message: 'arkesel: HTTP 402: Insufficient balance',
    });
    fake.set({ kind: 'ok' });
    // The refusal does not name the number: its text goes to the server log (issue 26).
    await expect(sendArkeselSms(options(), { sender: 'CediCrypto', to: '+233123', message: 'x' })).rejects.toMatchObject({
      kind: 'http',
      message: 'arkesel: refused the recipient number as invalid',
    });
    fake.set({ kind: 'invalid' });
    await expect(sendArkeselSms(options(), { sender: 'CediCrypto', to: '+233241234567', message: 'x' })).rejects.toMatchObject({
      kind: 'http',
    });
    fake.set({ kind: 'hang' });
    // The fake never answers, so only the given 200 ms timeout ends the call (its message names it).
    await expect(
      sendArkeselSms(options({ timeoutMs: 200 }), { sender: 'CediCrypto', to: '+233241234567', message: 'x' }),
    ).rejects.toMatchObject({ kind: 'timeout', message: expect.stringMatching(/no answer within 200 ms$/) });
    await expect(
      sendArkeselSms(
        { baseUrl: 'http://127.0.0.1:1', apiKey: 'k', timeoutMs: UNREACHED_TIMEOUT_MS },
        { sender: 'S', to: '+233241234567', message: 'x' },
      ),
    ).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('SMS outbox', () => {
  let database: TDatabase;
  let fake: TFakeArkeselServer;
  beforeAll(async () => {
    database = await openTestDatabase();
    fake = await startFakeArkeselServer();
  });
  afterAll(async () => {
    await fake.close();
    await database.close();
  });
  beforeEach(async () => {
    fake.reset();
    // Each test delivers only what it queued.
    await database.db.update(smsLog).set({ status: 'skipped' }).where(eq(smsLog.status, 'pending'));
  });

  const arkeselSender = (log = captureLogger().log) =>
    new SmsSender({
      db: database.db,
      log,
      intervalMs: 1000,
      serverSecret: SECRET,
      provider: createSmsProvider(
        {
          provider: 'arkesel',
          senderId: 'CediCrypto',
          arkesel: { apiKey: fake.apiKey, baseUrl: fake.url },
          timeoutMs: UNREACHED_TIMEOUT_MS,
          sendIntervalMs: 1000,
        },
        log,
        'production',
      ),
    });
  const rowOf = async (id: number) => firstOrThrow(await database.db.select().from(smsLog).where(eq(smsLog.id, id)));

  it('delivers a queued SMS once through Arkesel, the code unmarked, and keeps the message id', async () => {
    const id = await queueSms(
      database.db,
      { userId: null, to: '+233241234567', kind: 'phone_code', body: renderPhoneCodeSms('042917') },
      SECRET,
    );
    const sender = arkeselSender();
    // Two runs at once must not send the same SMS twice.
    await Promise.all([sender.runOnce(), sender.runOnce()]);
    await sender.runOnce();
    expect(fake.sent).toHaveLength(1);
    const sent = firstOrThrow(fake.sent);
    expect(sent.to).toBe('233241234567');
    expect(sent.sender).toBe('CediCrypto');
    expect(sent.message).toContain('code is 042917.');
    expect(sent.message).not.toContain('<!--');
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', provider: 'arkesel', providerMessageId: sent.id, attempts: 1, lastError: null });
    // Once delivered, the log keeps the text masked and nothing sealed (docs/decisions/021).
    expect(row.body).not.toContain('042917');
    expect(row.secretsSealed).toBeNull();
    expect(row.deliveredAt).not.toBeNull();
  });

  it('sends a phone code before the order SMS queued ahead of it, and drains the backlog in one run (issue 31)', async () => {
    for (let i = 0; i < 30; i += 1) {
      await queueSms(database.db, { userId: null, to: `+23320${String(1000000 + i)}`, kind: 'order_status', body: `Order #${i}` });
    }
    await queueSms(database.db, { userId: null, to: '+233241112222', kind: 'phone_code', body: renderPhoneCodeSms('551234') }, SECRET);
    await new SmsSender({
      db: database.db,
      log: captureLogger().log,
      intervalMs: 1000,
      serverSecret: SECRET,
      concurrency: 1,
      provider: createSmsProvider(
        { ...LOG_SMS, provider: 'arkesel', arkesel: { apiKey: fake.apiKey, baseUrl: fake.url } },
        captureLogger().log,
        'production',
      ),
    }).runOnce();
    expect(fake.sent).toHaveLength(31);
    expect(firstOrThrow(fake.sent).to).toBe('233241112222');
    expect(await database.db.select().from(smsLog).where(eq(smsLog.status, 'pending'))).toHaveLength(0);
  });

  it('tries a refused SMS again later with a growing delay, and gives up after 5 tries', async () => {
    fake.set({ kind: 'refuse', status: 500, message: 'Server error' });
    const id = await queueSms(database.db, { userId: null, to: '+233201234567', kind: 'order_status', body: 'Order #1' });
    const sender = arkeselSender();
    await sender.runOnce();
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'arkesel: HTTP 500: Server error' });
    const delay = row.nextAttemptAt.getTime() - Date.now();
    expect(delay).toBeGreaterThan(60_000);
    expect(delay).toBeLessThanOrEqual(2 * 60_000 + 5_000);
    // Not due yet: a run leaves it alone.
    await sender.runOnce();
    expect(fake.requests).toHaveLength(1);

    // Due again and the provider back: delivered on the second try.
    fake.set({ kind: 'ok' });
    await database.db
      .update(smsLog)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(smsLog.id, id));
    await sender.runOnce();
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    // Refused every time: failed for good at the fifth try.
    fake.set({ kind: 'hang' });
    const slow = new SmsSender({
      db: database.db,
      log: captureLogger().log,
      intervalMs: 1000,
      serverSecret: SECRET,
      provider: createSmsProvider(
        {
          provider: 'arkesel',
          senderId: 'CediCrypto',
          arkesel: { apiKey: fake.apiKey, baseUrl: fake.url },
          timeoutMs: 100,
          sendIntervalMs: 1000,
        },
        captureLogger().log,
        'production',
      ),
    });
    const failing = await queueSms(database.db, { userId: null, to: '+233201234567', kind: 'order_status', body: 'Order #2' });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await database.db
        .update(smsLog)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(smsLog.id, failing));
      await slow.runOnce();
      expect((await rowOf(failing)).attempts).toBe(attempt);
    }
    row = await rowOf(failing);
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/no answer within 100 ms/);
    await database.db
      .update(smsLog)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(smsLog.id, failing));
    await slow.runOnce();
    expect((await rowOf(failing)).attempts).toBe(5);
  });

  it('SMS_PROVIDER=log writes the SMS to the server log at info level and marks it sent', async () => {
    const { log, lines } = captureLogger();
    const id = await queueSms(database.db, {
      userId: null,
      to: '+233271234567',
      kind: 'order_status',
      body: renderOrderStatusSms({ orderId: 12, status: 'completed', appUrl: 'https://cedicrypto.test' }),
    });
    await new SmsSender({ db: database.db, log, intervalMs: 1000, serverSecret: SECRET, provider: createLogSmsProvider(log) }).runOnce();
    const line = lines.find((entry) => entry.sms?.to === '+233271234567');
    expect(line?.level).toBe(30);
    expect(line?.sms?.body).toBe('CediCrypto: your order #12 is completed. Details: https://cedicrypto.test/#/orders/12');
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', provider: 'log' });
    expect(row.providerMessageId).toMatch(/^log-/);
    expect(fake.requests).toHaveLength(0);
  });

  it('SMS_PROVIDER=log writes a verification code whole outside production and masked in production', async () => {
    const bodyLoggedIn = async (env: 'development' | 'production') => {
      const { log, lines } = captureLogger();
      const to = env === 'production' ? '+233501234567' : '+233551234567';
      await queueSms(database.db, { userId: null, to, kind: 'phone_code', body: renderPhoneCodeSms('318406') }, SECRET);
      await new SmsSender({
        db: database.db,
        log,
        intervalMs: 1000,
        serverSecret: SECRET,
        provider: createSmsProvider(LOG_SMS, log, env),
      }).runOnce();
      return lines.find((entry) => entry.sms?.to === (env === 'production' ? '+•••••••••567' : to))?.sms?.body;
    };
    expect(await bodyLoggedIn('development')).toContain('your phone verification code is 318406.');
    // In production the number too is masked but its last 3 digits (issue 26).
    const production = await bodyLoggedIn('production');
    expect(production).toBe(
      'CediCrypto: your phone verification code is ••••••••. It expires in 10 minutes. Never share it: our staff will never ask for it.',
    );
    expect(production).not.toContain('318406');
  });

  it('a production server with SMS_PROVIDER=log says at start that no SMS leaves it; a development one does not', () => {
    const production = captureLogger();
    createSmsProvider(LOG_SMS, production.log, 'production');
    expect(production.lines.find((entry) => entry.msg === SMS_LOG_IN_PRODUCTION)?.level).toBe(40);
    const development = captureLogger();
    createSmsProvider(LOG_SMS, development.log, 'development');
    expect(development.lines).toHaveLength(0);
  });

  it('masks the code of a phone verification SMS for staff views, nothing else', () => {
    expect(maskSmsBody(renderPhoneCodeSms('123456'))).toEqual({
      body: 'CediCrypto: your phone verification code is ••••••••. It expires in 10 minutes. Never share it: our staff will never ask for it.',
      maskedSecrets: 1,
    });
    const order = renderOrderStatusSms({ orderId: 7, status: 'created', appUrl: 'https://x.test' });
    expect(maskSmsBody(order)).toEqual({ body: order, maskedSecrets: 0 });
  });
});

describe('SMS configuration', () => {
  const secret = { AUTH_SECRET: 'a-production-secret-of-at-least-32-characters' };

  it('writes SMS to the log by default, and refuses Arkesel without its key', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).sms).toMatchObject({
      provider: 'log',
      senderId: 'CediCrypto',
      arkesel: { baseUrl: 'https://sms.arkesel.com' },
    });
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'arkesel', ...secret })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'arkesel', ...secret })).toThrow(/ARKESEL_API_KEY: required/);
    const arkesel = loadConfig({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'arkesel',
      ARKESEL_API_KEY: 'key',
      ARKESEL_BASE_URL: 'http://127.0.0.1:9/',
      SMS_SENDER_ID: 'Cedi Crypto',
      ...secret,
    }).sms;
    expect(arkesel).toMatchObject({
      provider: 'arkesel',
      senderId: 'Cedi Crypto',
      arkesel: { apiKey: 'key', baseUrl: 'http://127.0.0.1:9' },
    });
  });

  it('refuses a sender id networks would cut (over 11 characters) or mangle', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_SENDER_ID: 'CediCryptoGH' })).toThrow(/SMS_SENDER_ID: at most 11 characters/);
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_SENDER_ID: 'Cedi-Crypto' })).toThrow(/SMS_SENDER_ID/);
  });
});
