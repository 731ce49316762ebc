import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { PeriodicJob } from './periodic-job.js';

/** lib/periodic-job.ts tells `observe` of every run, failed ones included (modules/metrics counts them). */
describe('PeriodicJob', () => {
  const log = pino({ level: 'silent' });

  it('reports a run that succeeded and one that failed, and keeps the failure out of the caller', async () => {
    const seen: { outcome: string; seconds: number }[] = [];
    let fail = false;
    const job = new PeriodicJob({
      name: 'test job',
      intervalMs: 60_000,
      log,
      run: async () => {
        if (fail) throw new Error('broken');
      },
      observe: (outcome, seconds) => seen.push({ outcome, seconds }),
    });
    await job.runOnce();
    fail = true;
    await expect(job.runOnce()).resolves.toBeUndefined();
    expect(seen.map((run) => run.outcome)).toEqual(['ok', 'failed']);
    for (const run of seen) expect(run.seconds).toBeGreaterThanOrEqual(0);
  });

  it('hands the failure to a caller that asks for it (the job engine retries it), observed once', async () => {
    const seen: string[] = [];
    const job = new PeriodicJob({
      name: 'test job',
      intervalMs: 60_000,
      log,
      run: () => Promise.reject(new Error('broken')),
      observe: (outcome) => seen.push(outcome),
    });
    await expect(job.runOnce({ rethrow: true })).rejects.toThrow('broken');
    expect(seen).toEqual(['failed']);
  });
});
