import { describe, expect, it } from 'vitest';
import { ZSettingsUpdate } from './admin.js';

const issuesOf = (value: unknown) =>
  ZSettingsUpdate.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the order settings', () => {
  it('take a minimum of GHS 1 or more and a maximum above 0, each with one message when wrong', () => {
    expect(issuesOf({ minOrderGhs: 'ten', maxOrderGhs: '5' })).toEqual([
      ['minOrderGhs', 'Enter the minimum order in GHS, from 1 with at most 2 decimals.'],
    ]);
    expect(issuesOf({ minOrderGhs: '0.50' })).toEqual([['minOrderGhs', 'Enter the minimum order in GHS, from 1 with at most 2 decimals.']]);
    expect(issuesOf({ maxOrderGhs: '0' })).toEqual([
      ['maxOrderGhs', 'Enter the maximum order in GHS with at most 2 decimals, or leave it empty for no maximum.'],
    ]);
    expect(issuesOf({ minOrderGhs: '10', maxOrderGhs: '' })).toEqual([]);
    expect(issuesOf({ minOrderGhs: '10.50', maxOrderGhs: '50000' })).toEqual([]);
  });

  it('compare the two only when both are valid', () => {
    expect(issuesOf({ minOrderGhs: '100', maxOrderGhs: '50' })).toEqual([
      ['maxOrderGhs', 'The maximum order must be at least the minimum order.'],
    ]);
    expect(issuesOf({ minOrderGhs: '1', maxOrderGhs: '0.5' })).toEqual([
      ['maxOrderGhs', 'The maximum order must be at least the minimum order.'],
    ]);
    expect(issuesOf({ minOrderGhs: '100', maxOrderGhs: '100' })).toEqual([]);
  });

  it('take payment and deposit windows of 5 minutes to a day', () => {
    expect(issuesOf({ paymentWindowMinutes: 4 })).toEqual([['paymentWindowMinutes', 'Enter a number of minutes from 5 to 1440.']]);
    expect(issuesOf({ depositWindowMinutes: 1441 })).toEqual([['depositWindowMinutes', 'Enter a number of minutes from 5 to 1440.']]);
    expect(issuesOf({ paymentWindowMinutes: 30, depositWindowMinutes: 60 })).toEqual([]);
  });
});
