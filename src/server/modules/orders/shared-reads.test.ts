import { afterEach, describe, expect, it, vi } from 'vitest';
import { SharedReads } from './shared-reads.js';

describe('shared staff reads', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers every request of one list from one read until an order changes', async () => {
    const reads = new SharedReads();
    let loads = 0;
    const load = async () => ({ n: (loads += 1) });
    const [a, b] = await Promise.all([reads.read('queue', load), reads.read('queue', load)]);
    expect(a).toBe(b);
    expect(await reads.read('queue', load)).toBe(a);
    expect(await reads.read('other list', load)).toEqual({ n: 2 });
    reads.invalidate();
    expect(await reads.read('queue', load)).toEqual({ n: 3 });
    expect(loads).toBe(3);
  });

  it('reads again once the read is older than its age, and never shares a failed read', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const reads = new SharedReads(1_000);
    let loads = 0;
    const load = async () => (loads += 1);
    expect(await reads.read('queue', load)).toBe(1);
    now += 999;
    expect(await reads.read('queue', load)).toBe(1);
    now += 1;
    expect(await reads.read('queue', load)).toBe(2);

    await expect(reads.read('failing', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await reads.read('failing', load)).toBe(3);
  });
});
