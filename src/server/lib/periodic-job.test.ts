import { describe, expect, it, vi } from 'vitest';
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

  it('runOnce joins a run under way; runAfterNow waits for it and runs again, so the caller sees a run that started after its call', async () => {
    const started: number[] = [];
    const release: (() => void)[] = [];
    const job = new PeriodicJob({
      name: 'test job',
      intervalMs: 60_000,
      log,
      run: () =>
        new Promise<void>((resolve) => {
          started.push(started.length + 1);
          release.push(resolve);
        }),
    });
    const first = job.runOnce();
    // A run is under way (it read the clock before the caller's change): runOnce only joins it.
    const joined = job.runOnce();
    let fresh = false;
    const after = job.runAfterNow().then(() => {
      fresh = true;
    });
    expect(started).toEqual([1]);
    release[0]?.();
    await Promise.all([first, joined]);
    // The run under way ended; runAfterNow started a second one and waits for it.
    await vi.waitFor(() => expect(started).toEqual([1, 2]));
    expect(fresh).toBe(false);
    release[1]?.();
    await after;
    expect(fresh).toBe(true);
  });
});
