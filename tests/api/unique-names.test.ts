import { afterEach, describe, expect, it, vi } from 'vitest';
import { isReservedUsername } from '#shared/names.js';
import { uniqueName } from '#test/helpers/test-app.js';

/*
 * The test helper's usernames are never refused as staff-like (src/shared/names.ts): a name made
 * of the prefix and the clock in base 36 read 'custoc2ops9e46963' at one instant ('ops' between
 * digits is a staff word), and CI's sign-up failed with "This username looks like a CediCrypto
 * staff account". Checked over 20 000 instants spread over the years these tests run in.
 */
describe('uniqueName', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes names that the sign-up never refuses as staff-like, whatever the clock says', () => {
    vi.useFakeTimers();
    const refused: string[] = [];
    for (let step = 0; step < 20_000; step += 1) {
      vi.setSystemTime(1_795_000_000_000 + step * 7_919_113);
      for (const prefix of ['cust', 'user', 'ama', 'kofi', 'race', 'old', 'mixed']) {
        const name = uniqueName(prefix);
        if (isReservedUsername(name) || name.length > 30) refused.push(name);
      }
    }
    expect(refused).toEqual([]);
  });
});
