import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type TBuildOptions } from '#server/app.js';
import { loadConfig, type TConfig } from '#server/config.js';
import { createPglite, openDatabase, type TDatabase } from '#server/db/client.js';
import { createAccount } from '#server/db/seed.js';
import { and, desc, eq } from 'drizzle-orm';
import type { TNetworkId } from '#shared/networks.js';
import type { TStaffRole } from '#shared/permissions.js';
import { coins, depositAddresses, paymentMethods } from '#server/db/schema/app.js';
import { firstOrThrow } from '#server/db/rows.js';
import { SUPER_ADMIN, TEST_APP_URL, TEST_ORIGIN, TEMPLATE_DB } from '#test/setup/constants.js';
import { startFakePriceServer, type TFakePriceServer } from './fake-price-server.js';
import { TotpDevice } from './totp.js';
import { emailLog } from '#server/db/schema/app.js';
import { deliverableBody, unsealBody } from '#server/lib/email/secrets.js';
import { solveChallenge } from '#server/lib/proof-of-work.js';

export { SUPER_ADMIN, TEST_ORIGIN };

/** The subject of the email that confirms a new customer's address (issue 26 point 5). */
export const VERIFY_EMAIL_SUBJECT = 'Confirm your email address for CediCrypto';

/**
 * A fresh copy of the prepared database: PGlite in memory, or a PostgreSQL clone of the template.
 * `empty`: a database with nothing in it, not even the migrations (for migration tests).
 */
/**
 * PostgreSQL runs: the URLs of test database `name`, the app's (through PgBouncer when the run has
 * one, scripts/with-pgbouncer.sh) and the direct one for its session connections (undefined
 * without a pooler: the app's own URL is direct).
 */
export function testDatabaseUrls(name: string): { databaseUrl: string; directUrl: string | undefined } {
  const direct = new URL(inject('templateDatabaseUrl'));
  direct.pathname = `/${name}`;
  const pooledBase = inject('pooledDatabaseUrl');
  if (!pooledBase) return { databaseUrl: direct.toString(), directUrl: undefined };
  const pooled = new URL(pooledBase);
  pooled.pathname = `/${name}`;
  return { databaseUrl: pooled.toString(), directUrl: direct.toString() };
}

/** Through PgBouncer (scripts/with-pgbouncer.sh): closes its server connections to database `name`. */
export async function killPoolerConnections(name: string): Promise<void> {
  const adminConsole = new URL(inject('pooledDatabaseUrl'));
  adminConsole.pathname = '/pgbouncer';
  const bouncer = new pg.Client({ connectionString: adminConsole.toString() });
  await bouncer.connect();
  try {
    await bouncer.query(`KILL ${name}`);
  } catch {
    // A database PgBouncer never connected to: nothing to close.
  } finally {
    await bouncer.end();
  }
}

/** PostgreSQL runs: the server's maintenance database, where test databases are made and dropped. */
export function adminDatabaseUrl(): string {
  const url = new URL(inject('templateDatabaseUrl'));
  url.pathname = '/postgres';
  return url.toString();
}

/**
 * A fresh copy of the prepared database: PGlite in memory, or a PostgreSQL clone of the template.
 * `empty`: a database with nothing in it, not even the migrations (for migration tests).
 */
export async function openTestDatabase(options: { empty?: boolean } = {}): Promise<TDatabase> {
  const templateUrl = inject('templateDatabaseUrl');
  if (templateUrl) {
    const name = `t_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
    await admin.connect();
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(options.empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
        break;
      } catch (error) {
        // Two files cloning the template at the same instant: wait and try again.
        if (attempt > 50 || !String(error).includes('being accessed by other users')) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.end();
    const { databaseUrl, directUrl } = testDatabaseUrls(name);
    const database = await openDatabase({ databaseUrl, directUrl, poolSize: 60 });
    const close = database.close;
    database.close = async () => {
      await close();
      // No FORCE: terminating connections the pool is still closing makes them emit errors. Wait
      // for them to go instead; a database left behind dies with the throwaway server. Through
      // PgBouncer, its idle server connections to the database are closed first (KILL on its
      // admin console), or DROP would wait for its idle timeout.
      if (directUrl) await killPoolerConnections(name);
      const cleanup = new pg.Client({ connectionString: adminDatabaseUrl() });
      await cleanup.connect();
      for (let attempt = 0; attempt < 50; attempt += 1) {
        try {
          await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await cleanup.end();
    };
    return database;
  }
  if (options.empty) {
    const pglite = createPglite();
    await pglite.waitReady;
    return openDatabase({ pglite });
  }
  const dump = readFileSync(inject('pgliteDumpPath'));
  const pglite = createPglite(undefined, { loadDataDir: new Blob([dump]) });
  await pglite.waitReady;
  return openDatabase({ pglite });
}

export function testConfig(env: Record<string, string> = {}, overrides: Partial<TConfig> = {}): TConfig {
  return loadConfig(
    {
      NODE_ENV: 'test',
      APP_URL: TEST_APP_URL,
      ADMIN_EMAIL: SUPER_ADMIN.email,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_MAX: '1000',
      // Tests sign up and order far faster than people; tests of the limits themselves set 1.
      RATE_LIMIT_SCALE: '1000',
      DOCUMENTS_DIR: path.join(mkdtempSync(path.join(os.tmpdir(), 'exchange-docs-')), 'documents'),
      // A run under scripts/with-redis.sh: every app's realtime goes over that Redis (docs/decisions/051).
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      ...env,
    },
    overrides,
  );
}

export type TTestApp = {
  app: FastifyInstance;
  database: TDatabase;
  /** app.inject with a same-origin Origin header (what a browser sends) unless told otherwise. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  signUp(
    input?: Partial<{ username: string; fullName: string; email: string; password: string; phone: string }>,
  ): Promise<{ cookie: string; email: string; password: string; id: string; username: string }>;
  login(email: string, password: string, portal?: 'customer' | 'admin', remoteAddress?: string): Promise<LightMyRequestResponse>;
  loginCookie(email: string, password: string, portal?: 'customer' | 'admin'): Promise<string>;
  /** A signed-in staff member of `role`, with a second factor enrolled (staff must have one). */
  createStaff(role: TStaffRole): Promise<{ id: string; email: string; password: string; cookie: string }>;
  /** Turns on two-factor for the person signed in with `cookie`; the test app remembers the device. */
  enrolTwoFactor(email: string, password: string, cookie: string): Promise<{ cookie: string; secret: string; backupCodes: string[] }>;
  /** A second-factor code of `email`'s authenticator not used yet (a backup code when the steps are used up). */
  secondFactorCode(email: string): string;
  /** An authenticator code only (no backup code), waiting for the next step when this one's are used. */
  authenticatorCode(email: string): Promise<string>;
  close(): Promise<void>;
};

export function cookieFrom(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

let counter = 0;
/**
 * A username no other call has made: the prefix, then digits only (the clock, a counter, a random
 * number). Letters from the clock in base 36 could spell a staff word the sign-up refuses
 * ('custoc2ops9e…': 'ops'); digits cannot, read as separators or as the letters they look like
 * (src/shared/names.ts; tests/api/unique-names.test.ts).
 */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${Date.now()}${counter}${Math.floor(Math.random() * 1000)}`;
}

export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<TConfig> = {},
  beforeReady?: (app: FastifyInstance) => void,
  /** `jobs`: start the job engine (modules/jobs/engine.ts), which most tests leave off. */
  buildOptions: Pick<TBuildOptions, 'jobs'> = {},
): Promise<TTestApp> {
  const database = await openTestDatabase();
  const app = await buildApp(testConfig(env, overrides), { database, logger: false, ...buildOptions });
  beforeReady?.(app);
  await app.ready();

  const request: TTestApp['request'] = ({ cookie, headers, ...options }) =>
    app.inject({
      ...options,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
    });

  const login: TTestApp['login'] = (email, password, portal = 'customer', remoteAddress) =>
    app.inject({
      method: 'POST',
      url: '/api/session/login',
      headers: { origin: TEST_ORIGIN },
      payload: { email, password, portal },
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  /** Authenticator apps of the staff (and customers) who enrolled during this test app's life. */
  const devices = new Map<string, TotpDevice>();

  const deviceOf = (email: string) => {
    const device = devices.get(email.toLowerCase());
    if (!device) throw new Error(`no authenticator known for ${email}`);
    return device;
  };

  const enrolTwoFactor: TTestApp['enrolTwoFactor'] = async (email, password, cookie) => {
    const started = await request({ method: 'POST', url: '/api/account/two-factor/enable', cookie, payload: { password } });
    if (started.statusCode !== 200) throw new Error(`two-factor enable failed: ${started.statusCode} ${started.body}`);
    const { secret, backupCodes } = started.json() as { secret: string; backupCodes: string[] };
    const device = new TotpDevice(secret, [...backupCodes]);
    devices.set(email.toLowerCase(), device);
    const confirmed = await request({
      method: 'POST',
      url: '/api/account/two-factor/confirm',
      cookie,
      payload: { code: device.nextCode() },
    });
    if (confirmed.statusCode !== 200) throw new Error(`two-factor confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
    return { cookie: cookieFrom(confirmed), secret, backupCodes };
  };

  /**
   * Signs in as a browser would: password, then the authenticator code when asked; a staff
   * member without a second factor enrols first (staff routes refuse them until they do).
   */
  const loginCookie: TTestApp['loginCookie'] = async (email, password, portal = 'customer') => {
    const response = await login(email, password, portal);
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    const body = response.json() as { user: { role: string | null; twoFactorEnabled: boolean } | null; twoFactorRequired: boolean };
    if (body.twoFactorRequired) {
      const device = devices.get(email.toLowerCase());
      if (!device) throw new Error(`no authenticator known for ${email}`);
      const verified = await request({
        method: 'POST',
        url: '/api/session/two-factor',
        cookie: cookieFrom(response),
        payload: { code: device.nextCode(), portal },
      });
      if (verified.statusCode !== 200) throw new Error(`two-factor sign-in failed: ${verified.statusCode} ${verified.body}`);
      return cookieFrom(verified);
    }
    if (body.user?.role && !body.user.twoFactorEnabled) return (await enrolTwoFactor(email, password, cookieFrom(response))).cookie;
    return cookieFrom(response);
  };

  /**
   * Signs a new customer up as a person would (issue 26, docs/decisions/024): the sign-up answers
   * "check your email", and the confirmation link of the email it queued signs them in.
   */
  const signUp: TTestApp['signUp'] = async (input = {}) => {
    const username = input.username ?? uniqueName('cust');
    const email = input.email ?? `${username}@example.com`;
    const password = input.password ?? 'Customer-Passw0rd!';
    const payload = { username, fullName: input.fullName ?? 'Ama Mensah', email, password, ...(input.phone ? { phone: input.phone } : {}) };
    let response = await request({ method: 'POST', url: '/api/account/signup', payload });
    if (response.statusCode === 429 && response.json().error.code === 'CHALLENGE_REQUIRED') {
      // Past the sign-up allowance (a test app at RATE_LIMIT_SCALE 1): solve the check, as the form does.
      const challenge = await request({ method: 'GET', url: '/api/account/signup-challenge' });
      response = await request({
        method: 'POST',
        url: '/api/account/signup',
        payload: { ...payload, proof: solveChallenge(challenge.json()) },
      });
    }
    if (response.statusCode !== 202) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
    const [mail] = await database.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.to, email.toLowerCase()), eq(emailLog.subject, VERIFY_EMAIL_SUBJECT)))
      .orderBy(desc(emailLog.id))
      .limit(1);
    if (!mail) throw new Error(`no confirmation email to ${email}`);
    // The link as the recipient gets it (tests/helpers/email-links.ts linkToken does the same).
    const body = deliverableBody(unsealBody(mail, testConfig().authSecret));
    const token = decodeURIComponent(/#\/verify-email\?token=([^"&<\s]+)/.exec(body)?.[1] ?? '');
    const verified = await request({ method: 'POST', url: '/api/account/verify-email', payload: { token } });
    if (verified.statusCode !== 200 || !verified.json().user)
      throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
    return { cookie: cookieFrom(verified), email, password, id: verified.json().user.id, username };
  };

  const createStaff: TTestApp['createStaff'] = async (role) => {
    const username = uniqueName(role.replace('_', ''));
    const email = `${username}@staff.example.com`;
    const password = 'Staff-Passw0rd!';
    const id = await createAccount(database.db, { email, password, fullName: `Staff ${role}`, username, role });
    return { id, email, password, cookie: await loginCookie(email, password, 'admin') };
  };

  return {
    app,
    database,
    request,
    signUp,
    login,
    loginCookie,
    enrolTwoFactor,
    createStaff,
    secondFactorCode: (email) => deviceOf(email).nextCode(),
    authenticatorCode: (email) => deviceOf(email).authenticatorCode(),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A multipart/form-data body as a browser would send it. */
export function multipart(fields: Record<string, string>, files: Record<string, { name: string; type: string; data: Buffer }>) {
  const boundary = `----exchangetest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real 1x1 PNG and a minimal JPEG header, for upload tests. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const TINY_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]), Buffer.alloc(64, 1)]);

/**
 * Sets the deposit address of a coin on one network (docs/decisions/014), as Currencies would,
 * straight in the database: for tests that sell.
 */
export async function setDepositAddress(db: TDatabase['db'], coinSymbol: string, network: TNetworkId, address: string): Promise<void> {
  const [coin] = await db.select({ id: coins.id }).from(coins).where(eq(coins.symbol, coinSymbol));
  if (!coin) throw new Error(`no coin ${coinSymbol}`);
  await db
    .insert(depositAddresses)
    .values({ coinId: coin.id, network, address })
    .onConflictDoUpdate({ target: [depositAddresses.coinId, depositAddresses.network], set: { address } });
}

/**
 * The MoMo payment method the order tests pay with (MTN MoMo, CediCrypto Ltd, 0241112222), as
 * Payment Methods would add it, straight in the database: for tests that buy.
 */
export async function insertMomoMethod(db: TDatabase['db']): Promise<typeof paymentMethods.$inferSelect> {
  return firstOrThrow(
    await db
      .insert(paymentMethods)
      .values({ name: 'MTN MoMo', details: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241112222' } })
      .returning(),
  );
}

/**
 * A test app for orders: on a fake price server, prices fetched, with the MoMo payment method
 * (insertMomoMethod) and BTC's deposit address `btcAddress`, and `env` beside the fake's. The caller closes the app and `fake`.
 */
export async function createOrderTestApp(
  btcAddress: string,
  env: Record<string, string> = {},
): Promise<{ t: TTestApp; fake: TFakePriceServer; methodId: number }> {
  const fake = await startFakePriceServer();
  const t = await createTestApp({ ...fake.env(), ...env });
  await t.app.market.refreshOnce();
  const methodId = (await insertMomoMethod(t.database.db)).id;
  await setDepositAddress(t.database.db, 'btc', 'BTC', btcAddress);
  return { t, fake, methodId };
}
