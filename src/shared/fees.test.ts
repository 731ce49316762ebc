import { describe, expect, it } from 'vitest';
import { feeSpreadText, formatDoubleFeePercentage, formatFeePercentage } from './fees.js';

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

describe('the spread: buy and sell prices are twice the fee apart', () => {
  it('doubles the fee exactly as people read it', () => {
    expect(formatDoubleFeePercentage('2.50')).toBe('5%');
    expect(formatDoubleFeePercentage('0.1')).toBe('0.2%');
    expect(formatDoubleFeePercentage('1.25')).toBe('2.5%');
    expect(formatDoubleFeePercentage('0')).toBe('0%');
  });

  it('says it in one sentence', () => {
    expect(feeSpreadText('2.50')).toBe(
      'You buy at the market price plus 2.5% and sell at the market price minus 2.5%, so a coin’s buy and sell prices differ by 5% of the market price.',
    );
  });
});
