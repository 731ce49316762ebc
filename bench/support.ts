// Helpers shared by the bench/ scripts: the database a bench runs on, a staff session, the real
// server as a child process, free ports, percentiles, cookies.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, type SQL } from 'drizzle-orm';
import { createPglite, migrateDatabase, openDatabase, type TDatabase, type TDb } from '#server/db/client.js';
import { sessions, users } from '#server/db/schema/auth.js';
import { seedDatabase } from '#server/db/seed.js';
import { signedSessionCookie } from '#test/helpers/session-cookie.js';
import { firstOrThrow } from '#server/db/rows.js';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** The super admin every bench seeds. */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Passw0rd' };

export type TBenchDatabase = {
  database: TDatabase;
  /** The app's DATA_DIR for this run (PGlite's files are under it when on disk). */
  dataDir: string;
  close(): Promise<void>;
};

/**
 * The database a bench runs on, migrated and seeded: DATABASE_URL's PostgreSQL (use a throwaway
 * one), else PGlite in a temporary data directory (`onDisk`, as `npm start` runs) or in memory.
 * close() closes it and removes the temporary folder.
 */
export async function openBenchDatabase(prefix: string, options: { onDisk: boolean }): Promise<TBenchDatabase> {
  const root = mkdtempSync(path.join(os.tmpdir(), `exchange-bench-${prefix}-`));
  const dataDir = path.join(root, 'data');
  const database = process.env.DATABASE_URL
    ? await openDatabase({ databaseUrl: process.env.DATABASE_URL })
    : options.onDisk
      ? await openDatabase({ dataDir })
      : await openDatabase({ pglite: createPglite() });
  const close = async () => {
    try {
      await database.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
  try {
    await migrateDatabase(database);
    await seedDatabase(database.db, { adminEmail: BENCH_ADMIN.email, adminPassword: BENCH_ADMIN.password });
  } catch (error) {
    await close();
    throw error;
  }
  return { database, dataDir, close };
}

/**
 * A signed-in session of the seeded super admin, second factor counted as enrolled, inserted
 * directly (a bench measures the routes, not the sign-in). `secret` must be the app's AUTH_SECRET.
 */
export async function benchAdminCookie(db: TDb, secret: string, options: { production?: boolean } = {}): Promise<string> {
  const admin = firstOrThrow(
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.email, BENCH_ADMIN.email)).returning({ id: users.id }),
  );
  const token = randomBytes(24).toString('base64url');
  await db
    .insert(sessions)
    .values({ id: randomBytes(12).toString('hex'), token, userId: admin.id, expiresAt: new Date(Date.now() + 86_400_000) });
  return signedSessionCookie(token, secret, options);
}

/** Runs a bench's main(); a failure prints and exits 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The session cookie(s) a response sets, as a Cookie header value. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The Node options package.json's start script gives (`node <options> scripts/start.mjs`). */
export function startScriptNodeOptions(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const match = /^node\s+(.*?)\s*scripts\/start\.mjs$/.exec(pkg.scripts.start ?? '');
  if (!match) throw new Error(`package.json's start script is not "node [options] scripts/start.mjs": ${pkg.scripts.start}`);
  return match[1] ? match[1].split(/\s+/) : [];
}

export type TServerProcess = {
  child: ChildProcess;
  pid: number;
  /** Resolves with the exit code (null when killed by a signal) once the process is gone. */
  exited: Promise<number | null>;
  output(): string;
};

/**
 * Starts the real server (migrate, seed, listen) and waits until it says it is running. Throws
 * with its output if it exits first or takes too long. By default `node --import tsx
 * src/server/main.ts`; `compiled: true` runs it as `npm start` does (scripts/start.mjs: the
 * server built into dist/server, with the Node options of package.json's start script), which is
 * what a server's memory should be measured on.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 120_000,
  options: { compiled?: boolean } = {},
): Promise<TServerProcess> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  // BENCH_CPU_PROF_DIR: the server writes a V8 CPU profile there when it exits (open it in
  // Chrome's DevTools, Performance panel), to see where a bench's server time goes.
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF_DIR)}`] : [];
  const args = [
    ...profile,
    ...(options.compiled ? [...startScriptNodeOptions(), 'scripts/start.mjs'] : ['--import', 'tsx', 'src/server/main.ts']),
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const started = Date.now();
  while (!output.includes('CediCrypto is running')) {
    if (gone) throw new Error(`server exited before it was ready:\n${output}`);
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after ${timeoutMs} ms:\n${output}`);
    }
    await sleep(25);
  }
  return { child, pid: child.pid!, exited, output: () => output };
}

/** Rows of a raw SQL query; both drivers answer execute() with { rows }. */
export async function rowsOf<T>(db: TDb, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
