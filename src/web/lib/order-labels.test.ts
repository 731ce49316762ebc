import { describe, expect, it } from 'vitest';
import { payoutReferenceLabel, txIdLabel } from './order-labels';

/* Labels follow the method (issue 15, point 6): 'MoMo TxID' only for mobile money. */

const MOMO = { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241234567' } as const;
const BANK = { type: 'bank', name: 'CediCrypto Ltd', bankName: 'GCB Bank', accountNumber: '1234567890' } as const;

describe('txIdLabel', () => {
  it("is 'MoMo TxID' for a buy paid by mobile money and 'Bank reference' for a buy paid by bank", () => {
    expect(txIdLabel({ type: 'buy', payTo: MOMO })).toBe('MoMo TxID');
    expect(txIdLabel({ type: 'buy', payTo: BANK })).toBe('Bank reference');
  });

  it("is 'On-chain TxID' for every sell, whatever the payout", () => {
    expect(txIdLabel({ type: 'sell', payTo: null })).toBe('On-chain TxID');
    expect(txIdLabel({ type: 'sell' })).toBe('On-chain TxID');
  });

  it("keeps the product's 'MoMo TxID' for a buy from before the lifecycle, which kept no account", () => {
    expect(txIdLabel({ type: 'buy', payTo: null })).toBe('MoMo TxID');
    expect(txIdLabel({ type: 'buy' })).toBe('MoMo TxID');
  });
});

describe('payoutReferenceLabel', () => {
  it('names what staff paid out with: the transaction of a buy, the MoMo or bank reference of a sell', () => {
    expect(payoutReferenceLabel({ type: 'buy' })).toBe('Payout transaction');
    expect(payoutReferenceLabel({ type: 'sell', payout: MOMO })).toBe('MoMo payout reference');
    expect(payoutReferenceLabel({ type: 'sell', payout: BANK })).toBe('Bank payout reference');
  });
});
