// Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4x CPU slowdown) with Debian's
// Chromium, against the production build served by the real server on a throwaway data directory
// (bench/phone-app.mjs: demo data, a demo customer signed in through the API, one buy order of theirs).
// Pages: `/` as a first-time visitor; `#/buy` and that order's page `#/orders/:id` as the signed-in
// customer. Prints per page and run the performance and accessibility scores, FCP, LCP, TBT and
// CLS with the load average at the start of the run, then the medians and any failed accessibility audit.
// Usage: npm run bench:lighthouse   (BENCH_RUNS, 3; BENCH_PAGES=buy,order to run some pages only;
// BENCH_REPORTS=<folder> keeps the JSON reports; fetches lighthouse with npx on first use; not a dependency)
//
// The session cookie is HttpOnly, so it goes to Lighthouse as a Cookie header (`--extra-headers`).
// Lighthouse 13 sends its extra headers with Network.setExtraHTTPHeaders on every request of the
// run (the document, scripts, fetches and the WebSocket handshakes), and resets the origin's
// storage (localStorage, caches) but not cookies before each run: every run is a signed-in
// customer's first visit on this phone (no cached profile, prices or orders).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildWeb, load, median, startPhoneApp } from './phone-app.mjs';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = process.env.BENCH_PAGES?.split(',');

buildWeb();
const app = await startPhoneApp('lighthouse');

const pages = [
  { name: 'landing', label: '/ (first-time visitor)', url: `${app.base}/`, signedIn: false },
  { name: 'buy', label: '#/buy (signed in)', url: `${app.base}/#/buy`, signedIn: true },
  { name: 'order', label: `#/orders/${app.orderId} (signed in)`, url: `${app.base}/#/orders/${app.orderId}`, signedIn: true },
].filter((page) => !ONLY || ONLY.includes(page.name));

/** Lighthouse with Debian's headless Chromium now and then fails to record its trace (NO_NAVSTART): one more try. */
function runLighthouse(page, run) {
  try {
    return runLighthouseOnce(page, run);
  } catch (error) {
    console.log(`  ${page.name} run ${run}: ${error.message}; trying once more`);
    return runLighthouseOnce(page, run);
  }
}

function runLighthouseOnce(page, run) {
  const out = path.join(process.env.BENCH_REPORTS ?? app.dataDir, `report-${page.name}-${run}.json`);
  const lighthouse = spawnSync(
    'npx',
    [
      '-y',
      LIGHTHOUSE,
      page.url,
      '--quiet',
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${out}`,
      `--chrome-path=${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ...(page.signedIn ? [`--extra-headers=${JSON.stringify({ Cookie: app.cookie })}`] : []),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (lighthouse.status !== 0) throw new Error(`lighthouse exited with ${lighthouse.status}`);
  return JSON.parse(readFileSync(out, 'utf8'));
}

function summarise(report, loadAverage) {
  const audit = (id) => report.audits[id]?.numericValue ?? NaN;
  const accessibilityIds = new Set(report.categories.accessibility.auditRefs.map((ref) => ref.id));
  const failed = Object.values(report.audits).filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0 && accessibilityIds.has(a.id));
  const lcpElement = report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
  return {
    load: loadAverage,
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    // What the page ended on: a signed-in page that shows the login form did not get the cookie.
    finalUrl: report.finalDisplayedUrl,
    lcpElement,
    failedA11y: failed.map(
      (a) =>
        `${a.id} (${(a.details?.items ?? [])
          .map((item) => item.node?.snippet)
          .filter(Boolean)
          .slice(0, 5)
          .join(' | ')})`,
    ),
  };
}

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

try {
  const results = new Map(pages.map((page) => [page.name, []]));
  // Pages take turns, so a change in the machine's load falls on all of them.
  for (let run = 0; run < RUNS; run += 1) {
    for (const page of pages) {
      const loadAverage = load();
      results.get(page.name).push(summarise(runLighthouse(page, run), loadAverage));
    }
  }
  console.log(`\nLighthouse ${LIGHTHOUSE} mobile, ${RUNS} run(s) per page`);
  for (const page of pages) {
    const rows = results.get(page.name);
    console.log(`\n${page.label}`);
    console.log('run  load  performance  accessibility   FCP ms   LCP ms   TBT ms    CLS');
    rows.forEach((r, i) =>
      console.log(
        `${String(i + 1).padStart(3)}  ${r.load.padStart(4)}  ${String(r.performance).padStart(11)}  ${String(r.accessibility).padStart(13)}  ${fmt(r.fcp).padStart(7)}  ${fmt(r.lcp).padStart(7)}  ${fmt(r.tbt).padStart(7)}  ${fmt(r.cls, 3).padStart(5)}`,
      ),
    );
    const med = (key) => median(rows.map((r) => r[key]));
    console.log(
      `median performance ${med('performance')}, accessibility ${med('accessibility')}, FCP ${fmt(med('fcp'))} ms, LCP ${fmt(med('lcp'))} ms, TBT ${fmt(med('tbt'))} ms, CLS ${fmt(med('cls'), 3)}`,
    );
    const ends = [...new Set(rows.map((r) => r.finalUrl))];
    if (ends.some((url) => url !== page.url)) console.log(`ended on: ${ends.join(', ')}`);
    const lcpElements = [...new Set(rows.map((r) => r.lcpElement).filter(Boolean))];
    if (lcpElements.length) console.log(`LCP element: ${lcpElements.join(' | ')}`);
    const failures = [...new Set(rows.flatMap((r) => r.failedA11y))];
    if (failures.length) console.log(`accessibility audits failed: ${failures.join(', ')}`);
  }
} finally {
  await app.stop();
}
