import { describe, expect, it } from 'vitest';
import { formatFeePercentage } from './fees.js';

describe('formatFeePercentage', () => {
  it('drops trailing zeros, never digits that matter', () => {
    expect(formatFeePercentage('2.5')).toBe('2.5%');
    expect(formatFeePercentage('2.50')).toBe('2.5%');
    expect(formatFeePercentage('3.000')).toBe('3%');
    expect(formatFeePercentage('10')).toBe('10%');
    expect(formatFeePercentage('0.75')).toBe('0.75%');
    expect(formatFeePercentage('0')).toBe('0%');
  });
});
