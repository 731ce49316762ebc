import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_START_MS, UNREACHED_TIMEOUT_MS } from '#test/helpers/timeouts.js';

const root = path.resolve(import.meta.dirname, '../..');

function startServer(dataDir: string, port: number) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SERVE_WEB: 'false',
    NODE_ENV: 'development',
    ADMIN_PASSWORD: 'Lock-test-Passw0rd',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor(check: () => boolean, timeoutMs: number) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('embedded database folder lock', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exchange-lock-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'refuses a second server on the same DATA_DIR with a clear message, leaving the first running',
    async () => {
      const first = startServer(dataDir, 3901);
      try {
        await waitFor(() => first.output().includes('CediCrypto is running'), SERVER_START_MS);
        const second = startServer(dataDir, 3902);
        const code = await second.exited;
        expect(code).toBe(1);
        expect(second.output()).toContain('is already using the data directory');
        const health = await fetch('http://127.0.0.1:3901/api/health');
        expect(health.status).toBe(200);
      } finally {
        first.child.kill('SIGTERM');
        expect(await first.exited).toBe(0);
      }
      // After a clean stop the folder is free again.
      const third = startServer(dataDir, 3903);
      await waitFor(() => third.output().includes('CediCrypto is running'), SERVER_START_MS);
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    },
    UNREACHED_TIMEOUT_MS,
  );
});
