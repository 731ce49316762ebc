// Lighthouse (mobile preset: emulated phone, simulated slow 4G and CPU throttling) on `/` with
// Debian's Chromium, against the production build served by the real server on a throwaway data
// directory. Prints the performance and accessibility scores and the main timings.
// Usage: npm run bench:lighthouse   (fetches lighthouse with npx on first use; not a dependency)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const port = 4900 + Math.floor(Math.random() * 90);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exchange-lighthouse-'));

const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: {
    ...process.env,
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    PRICE_FEED: 'simulated',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'Bench-Admin-Passw0rd',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForHealth() {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not start');
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

try {
  await waitForHealth();
  const results = [];
  for (let run = 0; run < RUNS; run += 1) {
    const out = path.join(dataDir, `report-${run}.json`);
    const lighthouse = spawnSync(
      'npx',
      [
        '-y',
        LIGHTHOUSE,
        `http://localhost:${port}/`,
        '--quiet',
        '--only-categories=performance,accessibility',
        '--output=json',
        `--output-path=${out}`,
        `--chrome-path=${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (lighthouse.status !== 0) throw new Error(`lighthouse exited with ${lighthouse.status}`);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const audit = (id) => report.audits[id]?.numericValue ?? NaN;
    const failed = Object.values(report.audits).filter(
      (a) => a.scoreDisplayMode === 'binary' && a.score === 0 && report.categories.accessibility.auditRefs.some((r) => r.id === a.id),
    );
    results.push({
      performance: Math.round(report.categories.performance.score * 100),
      accessibility: Math.round(report.categories.accessibility.score * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      failedA11y: failed.map(
        (a) =>
          `${a.id} (${(a.details?.items ?? [])
            .map((item) => item.node?.snippet)
            .filter(Boolean)
            .slice(0, 5)
            .join(' | ')})`,
      ),
    });
  }
  console.log(`\nLighthouse ${LIGHTHOUSE} mobile on / (${RUNS} runs)`);
  console.log('run  performance  accessibility   FCP ms   LCP ms   TBT ms    CLS');
  results.forEach((r, i) =>
    console.log(
      `${String(i + 1).padStart(3)}  ${String(r.performance).padStart(11)}  ${String(r.accessibility).padStart(13)}  ${r.fcp.toFixed(0).padStart(7)}  ${r.lcp.toFixed(0).padStart(7)}  ${r.tbt.toFixed(0).padStart(7)}  ${r.cls.toFixed(3).padStart(5)}`,
    ),
  );
  console.log(
    `median performance ${median(results.map((r) => r.performance))}, accessibility ${median(results.map((r) => r.accessibility))}`,
  );
  const failures = [...new Set(results.flatMap((r) => r.failedA11y))];
  if (failures.length) console.log(`accessibility audits failed: ${failures.join(', ')}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
