import { describe, expect, it } from 'vitest';
import {
  formatCrypto,
  formatDecimal,
  formatFiat,
  formatGhs,
  formatPercentChange,
  formatUsd,
  MISSING_VALUE,
  shortenAddress,
  shortenMiddle,
  shortenTxId,
} from './format.js';

describe('format', () => {
  it('shows crypto with 8 decimals and the upper-case symbol', () => {
    expect(formatCrypto('0.05')).toBe('0.05000000');
    expect(formatCrypto('0.123456785', 'btc')).toBe('0.12345679 BTC');
    expect(formatCrypto('12345.1', 'doge')).toBe('12,345.10000000 DOGE');
    expect(formatCrypto(0, 'eth')).toBe('0.00000000 ETH');
  });

  // Issue 26 point 16: a USDT order showed 12.34560000 in one place and 12.345600 in another.
  it("shows a coin in its one precision, its networks' fewest decimals: USDT, XRP and ADA with 6", () => {
    expect(formatCrypto('12.34560000', 'usdt')).toBe('12.345600 USDT');
    expect(formatCrypto('12.3456', 'USDT')).toBe('12.345600 USDT');
    expect(formatCrypto('1000.5', 'xrp')).toBe('1,000.500000 XRP');
    expect(formatCrypto('0.12345678', 'unknown')).toBe('0.12345678 UNKNOWN');
  });

  it('shows USD with a $ prefix, 2 decimals and thousands separators', () => {
    expect(formatUsd('93514.973')).toBe('$93,514.97');
    expect(formatUsd('88953.267')).toBe('$88,953.27');
    expect(formatUsd('1234567.005')).toBe('$1,234,567.01');
    expect(formatUsd('0.16')).toBe('$0.16');
    expect(formatUsd('20')).toBe('$20.00');
    expect(formatUsd('-5')).toBe('-$5.00');
    expect(formatUsd('-0.001')).toBe('$0.00');
    expect(formatUsd(999.995)).toBe('$1,000.00');
  });

  it('shows cedis with a GHS prefix', () => {
    expect(formatGhs('1088697.21')).toBe('GHS 1,088,697.21');
    expect(formatGhs('16.5')).toBe('GHS 16.50');
    expect(formatGhs('-3.2')).toBe('-GHS 3.20');
    expect(formatFiat('1000', 'GHS')).toBe('GHS 1,000.00');
    expect(formatFiat('1000', 'USD')).toBe('$1,000.00');
  });

  it('shows a dash for missing or unreadable amounts', () => {
    expect(formatUsd(null)).toBe(MISSING_VALUE);
    expect(formatGhs(undefined)).toBe(MISSING_VALUE);
    expect(formatCrypto('abc', 'btc')).toBe(MISSING_VALUE);
    expect(formatPercentChange(null)).toBe(MISSING_VALUE);
    expect(formatDecimal('', 2)).toBe(MISSING_VALUE);
  });

  it('shows a percent change with its sign', () => {
    expect(formatPercentChange('2.5')).toBe('+2.50%');
    expect(formatPercentChange('-1.8423')).toBe('-1.84%');
    expect(formatPercentChange('0')).toBe('0.00%');
    expect(formatPercentChange('-0.001')).toBe('0.00%');
    expect(formatPercentChange(0.004)).toBe('0.00%');
    expect(formatPercentChange('1234.5')).toBe('+1,234.50%');
  });

  it('shortens addresses to 26 characters with a middle ellipsis', () => {
    const address = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
    const short = shortenAddress(address);
    expect(short).toBe('bc1qxy2kgdygj…83kkfjhx0wlh');
    expect(Array.from(short)).toHaveLength(26);
    expect(shortenAddress('0x1234')).toBe('0x1234');
    expect(shortenAddress(null)).toBe('');
    expect(shortenMiddle('a'.repeat(26))).toBe('a'.repeat(26));
  });

  it('shortens payment transaction ids to 12 characters', () => {
    expect(shortenTxId('MP240611.1234.A56789')).toBe('MP2406…56789');
    expect(Array.from(shortenTxId('MP240611.1234.A56789'))).toHaveLength(12);
    expect(shortenTxId('TX123')).toBe('TX123');
    expect(shortenMiddle('abcdef', 1)).toBe('…');
    expect(shortenMiddle('abcdef', 2)).toBe('a…');
  });
});
