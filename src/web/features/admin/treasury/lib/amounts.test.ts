import { describe, expect, it } from 'vitest';
import { coverageLabel, formatLedgerAmount } from './amounts';

describe('ledger amounts on the treasury pages', () => {
  it('shows cedis with 2 decimals and coins exactly, with their symbol', () => {
    expect(formatLedgerAmount('4053.5', 'GHS')).toBe('GHS 4,053.50');
    expect(formatLedgerAmount('-1950', 'GHS')).toBe('-GHS 1,950.00');
    expect(formatLedgerAmount('0.125', 'GHS')).toBe('0.125 GHS');
    expect(formatLedgerAmount('0.5009915', 'BTC')).toBe('0.5009915 BTC');
    expect(formatLedgerAmount('1200', 'USDT')).toBe('1,200 USDT');
  });

  it('names a coin on its network and the cedi accounts together', () => {
    expect(coverageLabel({ asset: 'USDT', network: 'TRC20' })).toBe('USDT on TRC20');
    expect(coverageLabel({ asset: 'GHS', network: null })).toBe('Cedis (MoMo wallets and bank accounts)');
  });
});
