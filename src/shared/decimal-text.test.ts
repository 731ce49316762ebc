import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimals, decimalDigits, toFixedText } from './decimal-text.js';
import { Dec } from './money.js';

/** Decimal strings as the API sends them and as people type them: signs, leading and trailing zeros, long fractions. */
const decimalText = fc
  .tuple(fc.constantFrom('', '-', '+'), fc.stringMatching(/^\d{1,20}$/), fc.option(fc.stringMatching(/^\d{0,16}$/), { nil: undefined }))
  .map(([sign, integer, fraction]) => `${sign}${integer}${fraction === undefined ? '' : `.${fraction}`}`)
  .filter((text) => !/\.$/.test(text) || /\d\./.test(text));

describe('decimal-text (formatting without decimal.js, issue 26 point 15)', () => {
  it("rounds half up to a fixed count of decimals exactly as decimal.js's toFixed does", () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 12 }), (text, decimals) => {
        expect(toFixedText(text, decimals)).toBe(new Dec(text).toFixed(decimals));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads numbers, exponents and Decimals as decimal.js does', () => {
    for (const value of [0, 12, -3.5, 0.1, 1e-7, 1.5e21, 123456.789, -0.0001]) {
      expect(toFixedText(value, 8)).toBe(new Dec(value).toFixed(8));
    }
    expect(toFixedText(new Decimal('1e-9'), 10)).toBe('0.0000000010');
    expect(toFixedText('2.5E3', 2)).toBe('2500.00');
    expect(toFixedText('.5', 0)).toBe('1');
    expect(toFixedText('0.995', 2)).toBe('1.00');
    expect(toFixedText('-0.004', 2)).toBe(new Dec('-0.004').toFixed(2));
  });

  it('answers null for what is not a finite number', () => {
    for (const value of ['', 'abc', '1,000', '1.2.3', '.', '-', 'NaN', 'Infinity', NaN, Infinity, '1e99999']) {
      expect(toFixedText(value, 2)).toBeNull();
      expect(decimalDigits(value)).toBeNull();
    }
  });

  it("compares as decimal.js's comparedTo does", () => {
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        expect(compareDecimals(a, b)).toBe(new Dec(a).comparedTo(new Dec(b)));
      }),
      { numRuns: 2000 },
    );
    expect(compareDecimals('99.999', '100')).toBe(-1);
    expect(compareDecimals('-0', '0')).toBe(0);
    expect(compareDecimals('x', '1')).toBeNull();
  });
});
