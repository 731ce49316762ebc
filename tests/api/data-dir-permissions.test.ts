import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TINY_JPEG, TINY_PNG } from '#test/helpers/test-app.js';
import { TEMPLATE_DB } from '#test/setup/constants.js';
import { SERVER_START_MS, UNREACHED_TIMEOUT_MS } from '#test/helpers/timeouts.js';

/**
 * The data directory holds password hashes, sessions and identity documents: every file and
 * folder the product writes there (database, documents, auth secret, lock), into the backups
 * folder and into a restored data directory must be private to its owner, whatever the umask of
 * the shell that started it. Real processes started as a user would start them, under umask 000.
 */

const root = path.resolve(import.meta.dirname, '../..');

/** Every path under `dir` (itself included) whose mode gives the group or others any permission. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (p: string) => {
    const stat = lstatSync(p);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) found.push(`${(stat.mode & 0o777).toString(8)} ${path.relative(path.dirname(dir), p)}`);
    if (stat.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return found;
}

function countEntries(dir: string): number {
  let n = 0;
  const visit = (p: string) => {
    n += 1;
    if (lstatSync(p).isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return n;
}

/** What an older version left: everything readable and writable by anyone. */
function openUpEverything(dir: string): void {
  const visit = (p: string) => {
    const stat = lstatSync(p);
    chmodSync(p, stat.isDirectory() ? 0o777 : 0o666);
    if (stat.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
}

function baseEnv(extra: Record<string, string>, keepDatabaseUrl = false): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    SERVE_WEB: 'false',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PRICE_FEED: 'simulated',
    ADMIN_PASSWORD: 'Perm-test-Passw0rd',
    ...extra,
  };
  if (!keepDatabaseUrl) delete env.DATABASE_URL;
  if (!extra.DOCUMENTS_DIR) delete env.DOCUMENTS_DIR;
  delete env.AUTH_SECRET;
  return env;
}

/** Runs `command` through sh with umask 000, the most permissive a user could have. */
function run(command: string, env: NodeJS.ProcessEnv) {
  const child = spawn('sh', ['-c', `umask 000 && exec ${command}`], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor(check: () => boolean, timeoutMs: number, what: () => string) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out: ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function startServer(dataDir: string, port: number, extra: Record<string, string> = {}) {
  const server = run('node scripts/start.mjs', baseEnv({ DATA_DIR: dataDir, PORT: String(port), ...extra }, 'DATABASE_URL' in extra));
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  await waitFor(() => server.output().includes('CediCrypto is running') || exitCode !== undefined, SERVER_START_MS, server.output);
  if (exitCode !== undefined) throw new Error(`server exited ${exitCode}: ${server.output()}`);
  return {
    ...server,
    async stop() {
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(0);
    },
  };
}

/**
 * A customer signs up, verifies the phone (the code read from the server's log: SMS_PROVIDER=log
 * writes each SMS there at info level) and sends the identity documents and the selfie, as the
 * browser does (Tier 1 needs a verified phone first: docs/decisions/016).
 */
async function submitKyc(port: number, output: () => string): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const origin = `http://localhost:${port}`;
  const signup = await fetch(`${base}/api/account/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username: 'permcheck', fullName: 'Ama Mensah', email: 'permcheck@example.com', password: 'Customer-Passw0rd!' }),
  });
  expect(signup.status, await signup.clone().text()).toBe(202);
  // Sign-up signs nobody in (docs/decisions/024): the password does.
  const login = await fetch(`${base}/api/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'permcheck@example.com', password: 'Customer-Passw0rd!', portal: 'customer' }),
  });
  expect(login.status, await login.clone().text()).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const sent = await fetch(`${base}/api/account/phone/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin },
    body: JSON.stringify({ phone: '0241234567' }),
  });
  expect(sent.status, await sent.clone().text()).toBe(200);
  await waitFor(() => /code is (\d{6})\./.test(output()), SERVER_START_MS, output);
  const code = /code is (\d{6})\./.exec(output())?.[1];
  const verified = await fetch(`${base}/api/account/phone/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin },
    body: JSON.stringify({ code }),
  });
  expect(verified.status, await verified.clone().text()).toBe(200);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    idType: 'passport',
    idNumber: 'G1234567',
    // A passport asks the nationality (docs/decisions/016).
    nationality: 'other',
    nationalityCountry: 'Nigeria',
    address: '12 Oxford Street',
    city: 'Accra',
    country: 'Ghana',
  })) {
    form.set(name, value);
  }
  form.set('front', new Blob([TINY_PNG], { type: 'image/png' }), 'front.png');
  form.set('back', new Blob([TINY_JPEG], { type: 'image/jpeg' }), 'back.jpg');
  form.set('selfie', new Blob([TINY_JPEG], { type: 'image/jpeg' }), 'selfie.jpg');
  const kyc = await fetch(`${base}/api/kyc`, { method: 'POST', headers: { cookie, origin }, body: form });
  expect(kyc.status, await kyc.clone().text()).toBe(201);
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('files on disk are private to the owner, whatever the umask', () => {
  let dir = '';
  let dataDir = '';
  let backupsDir = '';
  const port = 3930 + Math.floor(Math.random() * 50);

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'exchange-perms-'));
    dataDir = path.join(dir, 'data');
    backupsDir = path.join(dir, 'backups');
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'a fresh data directory after a real start, a KYC upload and a backup; the backup; a restored data directory',
    async () => {
      // Info level: the phone code of the log SMS provider is read from the output.
      const server = await startServer(dataDir, port, { BACKUP_DIR: backupsDir, LOG_LEVEL: 'info' });
      try {
        await submitKyc(port, server.output);
        // While the server runs too (its lock file, the write-ahead log of the KYC transaction).
        expect(openToOthers(dataDir)).toEqual([]);
      } finally {
        await server.stop();
      }
      expect(existsSync(path.join(dataDir, 'documents'))).toBe(true);
      expect(existsSync(path.join(dataDir, 'auth-secret'))).toBe(true);

      const backup = run('node --import tsx scripts/backup.ts', baseEnv({ DATA_DIR: dataDir, BACKUP_DIR: backupsDir }));
      expect(await backup.exited, backup.output()).toBe(0);
      const archives = readdirSync(backupsDir);
      expect(archives).toHaveLength(1);

      expect(countEntries(dataDir)).toBeGreaterThan(100); // the walk really saw the database
      expect(openToOthers(dataDir)).toEqual([]);
      expect(openToOthers(backupsDir)).toEqual([]);

      const restoredDir = path.join(dir, 'restored');
      const [backupFile = ''] = archives;
      const restore = run(`node --import tsx scripts/restore.ts ${path.join(backupsDir, backupFile)}`, baseEnv({ DATA_DIR: restoredDir }));
      expect(await restore.exited, restore.output()).toBe(0);
      expect(readdirSync(path.join(restoredDir, 'documents')).length).toBeGreaterThan(0);
      expect(countEntries(restoredDir)).toBeGreaterThan(100);
      expect(openToOthers(restoredDir)).toEqual([]);
    },
    UNREACHED_TIMEOUT_MS,
  );

  it(
    'tightens at start what an older version left open (0777 folders, 0666 files), the backups folder too',
    async () => {
      openUpEverything(dataDir);
      openUpEverything(backupsDir);
      expect(openToOthers(dataDir).length).toBeGreaterThan(100);
      const server = await startServer(dataDir, port + 1, { BACKUP_DIR: backupsDir });
      try {
        expect(openToOthers(dataDir)).toEqual([]);
        expect(openToOthers(backupsDir)).toEqual([]);
      } finally {
        await server.stop();
      }
    },
    UNREACHED_TIMEOUT_MS,
  );
});

// With PostgreSQL there is no database folder, but the documents and the generated auth secret
// are still on this disk.
describe.skipIf(!process.env.DATABASE_URL)('with DATABASE_URL: documents and the auth secret are private, whatever the umask', () => {
  let dir = '';
  let adminUrl: URL;
  const databaseName = `perm_${randomUUID().replaceAll('-', '')}`;
  const port = 3980 + Math.floor(Math.random() * 15);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'exchange-perms-pg-'));
    adminUrl = new URL(inject('templateDatabaseUrl'));
    adminUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${TEMPLATE_DB}`);
    await admin.end();
  });
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName}`);
    await admin.end();
  });

  it(
    'tightens a documents folder an older version left open, and keeps new documents private',
    async () => {
      const dataDir = path.join(dir, 'data');
      const documentsDir = path.join(dir, 'documents');
      mkdirSync(path.join(documentsDir, 'ab'), { recursive: true });
      writeFileSync(path.join(documentsDir, 'ab', `ab${'0'.repeat(30)}.png`), TINY_PNG);
      openUpEverything(documentsDir);
      const databaseUrl = new URL(inject('templateDatabaseUrl'));
      databaseUrl.pathname = `/${databaseName}`;
      const server = await startServer(dataDir, port, {
        DATABASE_URL: databaseUrl.toString(),
        DOCUMENTS_DIR: documentsDir,
        LOG_LEVEL: 'info',
      });
      try {
        expect(openToOthers(documentsDir)).toEqual([]);
        await submitKyc(port, server.output);
      } finally {
        await server.stop();
      }
      expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'auth-secret'))).toBe(true);
      expect(countEntries(documentsDir)).toBeGreaterThanOrEqual(6); // the old document and the two new ones
      expect(openToOthers(documentsDir)).toEqual([]);
      expect(openToOthers(dataDir)).toEqual([]);
    },
    UNREACHED_TIMEOUT_MS,
  );
});
