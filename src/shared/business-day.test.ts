import { describe, expect, it } from 'vitest';
import { businessDayBounds, businessDayOf, businessPeriodStarts, previousDay, zoneOffsetMs } from './business-day.js';

describe('business days (Africa/Accra)', () => {
  it('starts and ends a day at Accra midnight, which is UTC midnight all year', () => {
    expect(businessDayBounds('2026-11-27')).toEqual({
      start: new Date('2026-11-27T00:00:00.000Z'),
      end: new Date('2026-11-28T00:00:00.000Z'),
    });
    // Across a month, a year and a leap day.
    expect(businessDayBounds('2028-02-28').end).toEqual(new Date('2028-02-29T00:00:00.000Z'));
    expect(businessDayBounds('2026-12-31').end).toEqual(new Date('2027-01-01T00:00:00.000Z'));
    expect(zoneOffsetMs(new Date('2026-07-01T12:00:00Z'))).toBe(0);
  });

  it('puts the last millisecond before midnight on the day and midnight itself on the next', () => {
    expect(businessDayOf(new Date('2026-11-27T23:59:59.999Z'))).toBe('2026-11-27');
    expect(businessDayOf(new Date('2026-11-28T00:00:00.000Z'))).toBe('2026-11-28');
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
  });

  it('computes the bounds from the zone, not by assuming UTC: the same helper in a zone with an offset', () => {
    // Lagos is UTC+1: its day starts at 23:00 UTC the evening before.
    expect(businessDayBounds('2026-11-27', 'Africa/Lagos')).toEqual({
      start: new Date('2026-11-26T23:00:00.000Z'),
      end: new Date('2026-11-27T23:00:00.000Z'),
    });
    expect(businessDayOf(new Date('2026-11-26T23:30:00.000Z'), 'Africa/Lagos')).toBe('2026-11-27');
  });

  it('gives the starts of today and this month', () => {
    expect(businessPeriodStarts(new Date('2026-11-27T15:04:05Z'))).toEqual({
      dayStart: new Date('2026-11-27T00:00:00.000Z'),
      monthStart: new Date('2026-11-01T00:00:00.000Z'),
    });
  });
});
