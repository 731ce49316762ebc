// Helpers shared by the bench/ scripts: the real server as a child process, free ports,
// percentiles, cookies.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { TDb } from '../src/server/db/client.js';

export const ROOT = path.resolve(import.meta.dirname, '..');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
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

export type TServerProcess = {
  child: ChildProcess;
  pid: number;
  /** Resolves with the exit code (null when killed by a signal) once the process is gone. */
  exited: Promise<number | null>;
  output(): string;
};

/**
 * Starts `node --import tsx src/server/main.ts` (the real server: migrate, seed, listen) and
 * waits until it says it is running. Throws with its output if it exits first or takes too long.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 120_000): Promise<TServerProcess> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
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
