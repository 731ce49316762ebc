import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { isGhanaMobileNumber, isValidDestinationTag, isValidWalletAddress, toGhanaInternational } from './wallet-address.js';

const b58 = createBase58check(sha256);
const versioned = (version: number) => b58.encode(Uint8Array.from([version, ...new Array(20).fill(7)]));
/** Changes one character in the middle, keeping the alphabet. */
function typo(address: string): string {
  const i = Math.floor(address.length / 2);
  return address.slice(0, i) + (address[i] === '2' ? '3' : '2') + address.slice(i + 1);
}

describe('wallet addresses', () => {
  it.each([
    ['btc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['btc', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['btc', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['eth', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['eth', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
    ['bnb', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    ['xrp', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'],
    ['sol', 'So11111111111111111111111111111111111111112'],
    ['ltc', versioned(0x30)],
    ['doge', versioned(0x1e)],
    ['ada', bech32.encode('addr', bech32.toWords(new Uint8Array(57).fill(3)), false)],
  ])('accepts a valid %s address %s', (coin, address) => {
    expect(isValidWalletAddress(coin, address)).toBe(true);
  });

  it.each([
    ['btc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'],
    ['btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xW7kv8f3t4'],
    ['eth', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
    ['eth', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'],
    ['xrp', typo('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh')],
    ['ltc', typo(versioned(0x30))],
    ['doge', versioned(0x00)],
    ['btc', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['sol', '0OIl'],
  ])('refuses an invalid %s address %s', (coin, address) => {
    expect(isValidWalletAddress(coin, address)).toBe(false);
  });

  it('checks USDT against the chosen network', () => {
    expect(isValidWalletAddress('usdt', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TRC20')).toBe(true);
    expect(isValidWalletAddress('usdt', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'ERC20')).toBe(false);
    expect(isValidWalletAddress('usdt', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'BEP20')).toBe(true);
    expect(isValidWalletAddress('usdt', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it('checks destination tags and Ghana mobile numbers', () => {
    expect(isValidDestinationTag('123456')).toBe(true);
    expect(isValidDestinationTag('4294967296')).toBe(false);
    expect(isGhanaMobileNumber('024 123 4567')).toBe(true);
    expect(isGhanaMobileNumber('+233 20 123 4567')).toBe(true);
    expect(isGhanaMobileNumber('0123456789')).toBe(false);
    expect(isGhanaMobileNumber('02412345')).toBe(false);
  });

  it('writes Ghana mobile numbers in international form (+233XXXXXXXXX), and nothing else', () => {
    expect(toGhanaInternational('024 123 4567')).toBe('+233241234567');
    expect(toGhanaInternational('+233 20-123-4567')).toBe('+233201234567');
    expect(toGhanaInternational('233551234567')).toBe('+233551234567');
    expect(toGhanaInternational('+44 7700 900123')).toBeNull();
    expect(toGhanaInternational('0123456789')).toBeNull();
  });
});
