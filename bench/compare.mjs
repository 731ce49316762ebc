// bench:compare (issue 31, point 3): bench:peak's short form on two commits of this repository,
// one after the other on this machine, and their figures side by side with the ratios. Run it
// before landing anything that touches the order path (bench/README.md):
//
//   npm run bench:compare -- <base> [<head>]      # e.g. npm run bench:compare -- origin/main
//
// <head> defaults to HEAD (commit first: a working tree's changes are not measured). Each commit
// runs its own bench/peak.ts from a temporary git worktree; node_modules is this checkout's when
// the commit's package-lock.json is the same, else the commit's own (`npm ci`). BENCH_SECONDS
// (default 30 here), BENCH_STEP_SECONDS (20) and BENCH_RATES (10,15,20,25,30) pass through, and
// DATABASE_URL too (then both runs use that PostgreSQL: give it a throwaway one).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** A detached worktree of `sha` with node_modules: this checkout's if the lockfile is the same, else its own. */
function prepare(sha) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-compare-${sha.slice(0, 8)}-`));
  rmSync(dir, { recursive: true, force: true });
  git('worktree', 'add', '--detach', dir, sha);
  const sameLock = readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8') === readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
  if (sameLock) {
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  } else {
    console.log(`  ${sha.slice(0, 8)}: its package-lock.json differs from this checkout's; npm ci there (once per run)`);
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  }
  // The monitoring rules' registry is written from the rule files, not committed (decision 047).
  const rules = path.join(dir, 'scripts/compliance-rules.mjs');
  if (existsSync(rules)) execFileSync(process.execPath, [rules], { cwd: dir, stdio: 'inherit' });
  return dir;
}

/** Runs the commit's own bench:peak, echoing its output; answers the output. */
function runPeak(dir, label) {
  const env = {
    ...process.env,
    BENCH_SECONDS: process.env.BENCH_SECONDS ?? '30',
    BENCH_STEP_SECONDS: process.env.BENCH_STEP_SECONDS ?? '20',
    BENCH_RATES: process.env.BENCH_RATES ?? '10,15,20,25,30',
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(dir, 'node_modules/tsx/dist/cli.mjs'), 'bench/peak.ts'], { cwd: dir, env });
    let output = '';
    const echo = (chunk) => {
      output += chunk;
      for (const line of String(chunk).split('\n')) if (line.trim()) process.stdout.write(`  [${label}] ${line}\n`);
    };
    child.stdout.on('data', echo);
    child.stderr.on('data', echo);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`bench:peak of ${label} exited with ${code}`))));
  });
}

/** The figures every bench:peak since the table was written prints (its stepping table, highest R, the email log). */
export function parsePeak(output) {
  const steps = [];
  const row =
    /^\s+(\d+)\s+([\d.]+)\s+([\d.]+|-) \/ ([\d.]+|-)\s+([\d.]+|-) \/ ([\d.]+|-)\s+([\d.]+|-) \/ ([\d.]+|-)\s+([\d.]+|-)\s+([\d.]+|-) \/ ([\d.]+|-)\s+(\d+)%/;
  for (const line of output.split('\n')) {
    const m = row.exec(line);
    if (!m) continue;
    const n = (s) => (s === '-' ? Number.NaN : Number(s));
    steps.push({
      rate: n(m[1]),
      madePerSecond: n(m[2]),
      createP99: n(m[4]),
      paidP99: n(m[6]),
      approveP99: n(m[8]),
      queueP99: n(m[9]),
      marketP99: n(m[11]),
      cpu: n(m[12]),
    });
  }
  const highest = /highest R with creation and I have paid p99 under \d+ ms: (\d+|none)/.exec(output)?.[1];
  const sink = /(\d+) received by the SMTP sink/.exec(output)?.[1];
  const pending = /the email log by status (\{[^}]*\})/.exec(output)?.[1];
  const lastEmail = /the last delivered ([\d.]+|-) s after the load stopped/.exec(output)?.[1];
  return {
    steps,
    highest: highest === undefined || highest === 'none' ? 0 : Number(highest),
    emailsDelivered: sink === undefined ? Number.NaN : Number(sink),
    emailsPending: pending ? (JSON.parse(pending).pending ?? 0) : Number.NaN,
    lastEmailAfterStop: lastEmail === undefined || lastEmail === '-' ? Number.NaN : Number(lastEmail),
  };
}

const fmt = (n) => (Number.isFinite(n) ? (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(1)) : '-');

function table(base, head, baseLabel, headLabel) {
  const first = (r) => r.steps[0] ?? {};
  const rows = [
    ['highest R (create and paid p99 < 250 ms)', base.highest, head.highest, 'higher'],
    [`R = ${first(base).rate ?? '?'}: create p99 ms`, first(base).createP99, first(head).createP99, 'lower'],
    [`R = ${first(base).rate ?? '?'}: I have paid p99 ms`, first(base).paidP99, first(head).paidP99, 'lower'],
    [`R = ${first(base).rate ?? '?'}: approve p99 ms`, first(base).approveP99, first(head).approveP99, 'lower'],
    [`R = ${first(base).rate ?? '?'}: staff queue read p99 ms`, first(base).queueP99, first(head).queueP99, 'lower'],
    [`R = ${first(base).rate ?? '?'}: /api/market p99 ms`, first(base).marketP99, first(head).marketP99, 'lower'],
    [`R = ${first(base).rate ?? '?'}: server CPU % of a core`, first(base).cpu, first(head).cpu, 'lower'],
    ['emails delivered to the sink', base.emailsDelivered, head.emailsDelivered, 'higher'],
    ['emails still pending at the end', base.emailsPending, head.emailsPending, 'lower'],
    ['last email after the load stopped, s', base.lastEmailAfterStop, head.lastEmailAfterStop, 'lower'],
  ];
  console.log(`\n  ${'figure'.padEnd(44)} ${baseLabel.padStart(12)} ${headLabel.padStart(12)}  head/base  better is`);
  for (const [label, b, h, better] of rows) {
    const ratio = Number.isFinite(b) && Number.isFinite(h) && b !== 0 ? (h / b).toFixed(2) : '-';
    console.log(`  ${label.padEnd(44)} ${fmt(b).padStart(12)} ${fmt(h).padStart(12)}  ${ratio.padStart(9)}  ${better}`);
  }
}

async function main() {
  const [baseRef, headRef = 'HEAD'] = process.argv.slice(2);
  if (!baseRef) {
    console.error('usage: npm run bench:compare -- <base commit> [<head commit>]');
    process.exit(2);
  }
  const base = git('rev-parse', '--verify', `${baseRef}^{commit}`);
  const head = git('rev-parse', '--verify', `${headRef}^{commit}`);
  const labels = [git('rev-parse', '--short', base), git('rev-parse', '--short', head)];
  console.log(`bench:compare ${labels[0]} (base) then ${labels[1]} (head), Node ${process.version}, load average ${loadAverage()}`);
  const dirs = [];
  try {
    const results = [];
    for (const [i, sha] of [base, head].entries()) {
      const dir = prepare(sha);
      dirs.push(dir);
      const started = loadAverage();
      const output = await runPeak(dir, labels[i]);
      results.push({ ...parsePeak(output), load: `${started} -> ${loadAverage()}` });
    }
    console.log(`\nbench:compare: load average ${labels[0]} ${results[0].load}; ${labels[1]} ${results[1].load}`);
    table(results[0], results[1], labels[0], labels[1]);
  } finally {
    for (const dir of dirs) {
      try {
        git('worktree', 'remove', '--force', dir);
      } catch {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    if (existsSync(ROOT)) git('worktree', 'prune');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
