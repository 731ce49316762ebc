import { describe, expect, it } from 'vitest';
import { isCalendarDay, ZDay } from './common.js';

describe('calendar days', () => {
  it.each(['2024-02-29', '2025-12-31', '1900-01-01', '2999-12-31'])('accepts %s', (day) => {
    expect(isCalendarDay(day)).toBe(true);
    expect(ZDay.safeParse(day).success).toBe(true);
  });

  it.each([
    '0000-00-00',
    '2023-02-29',
    '2024-13-01',
    '2024-04-31',
    '9999-12-31',
    '1899-12-31',
    '2024-1-01',
    ' 2024-01-01',
    '2024-01-01T00:00',
  ])('refuses %s', (day) => {
    expect(isCalendarDay(day)).toBe(false);
    expect(ZDay.safeParse(day).success).toBe(false);
  });
});
