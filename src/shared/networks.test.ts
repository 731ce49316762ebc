import { describe, expect, it } from 'vitest';
import { roundCryptoTo } from './money.js';
import { cleanTxHash, coinDecimals, explorerTxUrl, findCoinNetwork, isValidTxHash, networkOfOrder, networksOf } from './networks.js';
import { isValidAddressOn } from './wallet-address.js';

const BTC_HASH = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16';
const EVM_HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
const SOL_SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

describe('networks', () => {
  it('offers USDT on three networks with 6 decimals, and every other coin on its one network', () => {
    expect(networksOf('usdt').map((n) => [n.network, n.decimals])).toEqual([
      ['TRC20', 6],
      ['ERC20', 6],
      ['BEP20', 6],
    ]);
    expect(findCoinNetwork('btc')?.network).toBe('BTC');
    expect(findCoinNetwork('usdt')).toBeUndefined();
    expect(findCoinNetwork('usdt', 'BEP20')?.network).toBe('BEP20');
    expect(findCoinNetwork('btc', 'ERC20')).toBeUndefined();
    expect([coinDecimals('usdt'), coinDecimals('xrp'), coinDecimals('ada'), coinDecimals('btc'), coinDecimals('sol')]).toEqual([
      6, 6, 6, 8, 8,
    ]);
  });

  it('rounds an amount to what its network can send, written with 8 decimals', () => {
    expect(roundCryptoTo('12.3456789', 6, 'up')).toBe('12.34567900');
    expect(roundCryptoTo('12.3456781', 6, 'down')).toBe('12.34567800');
    expect(roundCryptoTo('0.123456789', 8, 'down')).toBe('0.12345678');
  });

  it('checks addresses per network: a TRON address is not an ERC20 one', () => {
    expect(isValidAddressOn('usdt', 'TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isValidAddressOn('usdt', 'ERC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
    expect(isValidAddressOn('usdt', 'BEP20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    expect(isValidAddressOn('btc', 'BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
    expect(isValidAddressOn('btc', 'ERC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
  });

  it("checks a transaction hash against its network's format, after cleaning what a paste adds", () => {
    expect(isValidTxHash('BTC', BTC_HASH)).toBe(true);
    expect(isValidTxHash('BTC', `0x${BTC_HASH}`)).toBe(false);
    expect(isValidTxHash('ERC20', EVM_HASH)).toBe(true);
    expect(isValidTxHash('ERC20', BTC_HASH)).toBe(false);
    expect(isValidTxHash('TRC20', BTC_HASH)).toBe(true);
    expect(isValidTxHash('SOL', SOL_SIGNATURE)).toBe(true);
    expect(isValidTxHash('SOL', BTC_HASH)).toBe(false);
    // A zero-width space, a soft hyphen, spaces and a capital 0X are what a paste adds; a Greek Ο is not a digit.
    const pasted = ` 0X${EVM_HASH.slice(2, 10)}\u200B${EVM_HASH.slice(10, 20)}\u00AD${EVM_HASH.slice(20)} `;
    expect(cleanTxHash(pasted)).toBe(EVM_HASH);
    expect(isValidTxHash('ERC20', pasted)).toBe(true);
    expect(isValidTxHash('ERC20', EVM_HASH.replace('0x', '\u039Fx'))).toBe(false);
  });

  it('links a transaction to the explorer of its network, and nothing that is not a hash', () => {
    expect(explorerTxUrl('BTC', BTC_HASH)).toBe(`https://mempool.space/tx/${BTC_HASH}`);
    expect(explorerTxUrl('ERC20', EVM_HASH)).toBe(`https://etherscan.io/tx/${EVM_HASH}`);
    expect(explorerTxUrl('TRC20', BTC_HASH)).toBe(`https://tronscan.org/#/transaction/${BTC_HASH}`);
    expect(explorerTxUrl('BEP20', EVM_HASH)).toBe(`https://bscscan.com/tx/${EVM_HASH}`);
    expect(explorerTxUrl('ERC20', 'javascript:alert(1)')).toBeNull();
    expect(explorerTxUrl('MOMO', BTC_HASH)).toBeNull();
    expect(explorerTxUrl(null, BTC_HASH)).toBeNull();
    expect(networkOfOrder({ coinSymbol: 'btc', network: null })).toBe('BTC');
    expect(networkOfOrder({ coinSymbol: 'usdt', network: null })).toBeNull();
    expect(networkOfOrder({ coinSymbol: 'usdt', network: 'ERC20' })).toBe('ERC20');
  });
});
