import { describe, expect, it } from 'vitest';
import { formatAge } from './order-age';

const SUBMITTED = '2025-01-10T09:00:00.000Z';
const after = (ms: number) => Date.parse(SUBMITTED) + ms;
const MIN = 60_000;

describe('the age of a waiting order', () => {
  it('counts whole minutes, then hours and minutes, then days and hours', () => {
    expect(formatAge(SUBMITTED, after(0))).toBe('under 1 min');
    expect(formatAge(SUBMITTED, after(59_999))).toBe('under 1 min');
    expect(formatAge(SUBMITTED, after(MIN))).toBe('1 min');
    expect(formatAge(SUBMITTED, after(12 * MIN + 59_000))).toBe('12 min');
    expect(formatAge(SUBMITTED, after(59 * MIN))).toBe('59 min');
    expect(formatAge(SUBMITTED, after(60 * MIN))).toBe('1 h');
    expect(formatAge(SUBMITTED, after(125 * MIN))).toBe('2 h 5 min');
    expect(formatAge(SUBMITTED, after(24 * 60 * MIN - 1))).toBe('23 h 59 min');
    expect(formatAge(SUBMITTED, after(24 * 60 * MIN))).toBe('1 d');
    expect(formatAge(SUBMITTED, after(27 * 60 * MIN + 30 * MIN))).toBe('1 d 3 h');
  });

  it('shows no negative age when the browser clock is behind the server, and a dash for an unreadable date', () => {
    expect(formatAge(SUBMITTED, after(-5 * MIN))).toBe('under 1 min');
    expect(formatAge('not a date', after(0))).toBe('—');
  });
});
