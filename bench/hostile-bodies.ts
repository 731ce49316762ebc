// bench:hostile: does a flood of hostile JSON bodies sent before sign-in slow everyone else down?
// Starts the real server (PGlite on disk, as `npm start`), measures GET /api/health alone, then
// again while 8 clients keep posting 1 MB deeply nested JSON bodies to public and signed-in-only
// routes. Prints health p50/p99 for both phases and what the attackers were answered.
//   npm run bench:hostile            (HOSTILE_SECONDS=10 by default per phase)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, percentile, runBench, sleep, startServer } from './support.js';

const SECONDS = Number(process.env.HOSTILE_SECONDS ?? 10);
const ATTACKERS = 8;
const BODY_BYTES = 1024 * 1024;

/** About `bytes` of JSON: `{"email":[[[[...]]]]}` nested as deep as the size allows. */
function nestedBody(bytes: number): string {
  const depth = Math.floor((bytes - 20) / 2);
  return `{"email":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

/** A wide body too: many small objects, each with a key a prototype-pollution filter must look at. */
function wideBody(bytes: number): string {
  const item = '{"__proto__":{"a":1},"b":[1,2,3]},';
  const count = Math.floor((bytes - 20) / item.length);
  return `{"email":[${item.repeat(count).slice(0, -1)}]}`;
}

async function measureHealth(base: string, seconds: number): Promise<number[]> {
  const timings: number[] = [];
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const started = performance.now();
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
    timings.push(performance.now() - started);
    await sleep(50);
  }
  return timings.sort((a, b) => a - b);
}

function summary(label: string, timings: number[]): string {
  return `${label}: n=${timings.length} p50=${percentile(timings, 50).toFixed(1)} ms p99=${percentile(timings, 99).toFixed(1)} ms max=${timings.at(-1)?.toFixed(1)} ms`;
}

async function main() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-hostile-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer({
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    DATA_DIR: path.join(root, 'data'),
    SERVE_WEB: 'false',
    PRICE_FEED: 'simulated',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'Bench-Admin-Passw0rd',
  });
  try {
    await measureHealth(base, 1); // warm-up
    const quiet = await measureHealth(base, SECONDS);

    const bodies = [nestedBody(BODY_BYTES), wideBody(BODY_BYTES)];
    const targets = ['/api/session/login', '/api/account/signup', '/api/orders', '/api/admin/settings'];
    const answers = new Map<string, number>();
    let sent = 0;
    let stop = false;
    const attacker = async (index: number) => {
      while (!stop) {
        const target = targets[(index + sent) % targets.length];
        if (target === undefined) throw new Error('no target to send to');
        const body = bodies[sent % bodies.length];
        sent += 1;
        try {
          const response = await fetch(`${base}${target}`, {
            method: target.includes('admin/settings') ? 'PUT' : 'POST',
            headers: { 'content-type': 'application/json', origin: base },
            body,
          });
          await response.arrayBuffer();
          const key = `${target} ${response.status}`;
          answers.set(key, (answers.get(key) ?? 0) + 1);
        } catch {
          answers.set(`${target} connection error`, (answers.get(`${target} connection error`) ?? 0) + 1);
        }
      }
    };
    const attackers = Array.from({ length: ATTACKERS }, (_, i) => attacker(i));
    const attacked = await measureHealth(base, SECONDS);
    stop = true;
    await Promise.all(attackers);

    console.log(
      `load average: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(summary('health, quiet       ', quiet));
    console.log(summary(`health, ${ATTACKERS} attackers`, attacked));
    console.log(`hostile requests sent: ${sent} (${(BODY_BYTES / 1024).toFixed(0)} KB each)`);
    for (const [key, n] of [...answers].sort()) console.log(`  ${key}: ${n}`);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(root, { recursive: true, force: true });
  }
}

runBench(main);
