import { describe, expect, it } from 'vitest';
import { idNumberKey } from './contracts/kyc.js';
import { PAYMENT_RAIL_RULES, PAYMENT_RAILS, paymentTxKeyOf, railOfOrder, toTransactionKey, transactionIdIssue } from './transaction-id.js';

describe('transaction id keys', () => {
  it.each([
    ['MP240101.1234.A56789', 'mp2401011234a56789'],
    ['  MOMO-ABC-123  ', 'momoabc123'],
    ['0xAbCdEf0123', '0xabcdef0123'],
    [
      '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
      '5verv8nmvzbjmekv8xnrlkeawrtsz9coskdyjcjjbrnbjlgp8uirbgmqpjkhor4tjf3zprzrfmbv6ujkdiszkquw',
    ],
    ['TX 12/34_56:78#9', 'tx123456789'],
  ])('keys %j as %j', (raw, key) => {
    expect(toTransactionKey(raw)).toBe(key);
  });

  // The look-alikes of issue #13: each one gives the key of the plain id, or is refused.
  const plain = 'MP2401011234';
  it.each([
    ['a zero-width space', 'MP24010\u200B11234'],
    ['a soft hyphen', 'MP2401\u00AD011234'],
    ['an inner space', 'MP2401 011234'],
    ['a no-break space', 'MP2401\u00A0011234'],
    ['an ideographic space', 'MP2401\u3000011234'],
    ['an inner dash', 'MP2401-011234'],
    ['a Unicode hyphen', 'MP2401\u2010011234'],
    ['an en dash', 'MP2401\u2013011234'],
    ['full-width digits', 'MP２４０１０１１２３４'],
    ['full-width letters', 'ＭＰ2401011234'],
    ['lower case', 'mp2401011234'],
    ['a word joiner', 'MP2401\u2060011234'],
    ['a byte-order mark', '\uFEFFMP2401011234'],
    ['a right-to-left mark', 'MP2401\u200F011234'],
    ['a tab', 'MP2401\t011234'],
    ['a variation selector', 'MP2401\uFE0F011234'],
  ])('gives %s the key of the plain id', (_label, lookAlike) => {
    expect(toTransactionKey(lookAlike)).toBe(toTransactionKey(plain));
  });

  it.each([
    ['a Cyrillic О', 'MP24\u041E1011234'],
    ['a Greek Ο', 'MP24\u039F1011234'],
    ['a Cyrillic а', 'MP24\u04301011234'],
    ['Arabic-Indic digits', 'MP\u0662\u0664\u0660\u0661'],
    ['a letter with an accent', 'MPé2401'],
    ['a combining accent', 'MPe\u03012401'],
    ['a dotted capital I', 'MP\u01302401'],
    ['a sharp s', 'MP\u00DF2401'],
    ['a symbol', 'MP+2401'],
    ['an emoji', 'MP2401😀'],
    ['only separators', ' - . _ '],
    ['nothing', ''],
  ])('refuses %s', (_label, raw) => {
    expect(toTransactionKey(raw)).toBeNull();
  });
});

describe('transaction id keys per rail (issue 26)', () => {
  it('drops a leading 0x of an on-chain hash, in any case or width', () => {
    const hash = '5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
    for (const typed of [hash, `0x${hash}`, `0X${hash.toUpperCase()}`, `０ｘ${hash}`]) expect(paymentTxKeyOf('chain', typed)).toBe(hash);
    // Leading zeros of a hash are its digits.
    expect(paymentTxKeyOf('chain', `0x00${hash.slice(2)}`)).toBe(`00${hash.slice(2)}`);
  });

  it('drops the leading zeros of a MoMo id or a bank reference, and nothing else', () => {
    for (const rail of ['mtn', 'telecel', 'airteltigo', 'bank'] as const) {
      expect(paymentTxKeyOf(rail, '0000004818937046')).toBe('4818937046');
      expect(paymentTxKeyOf(rail, '00-4818 937046')).toBe('4818937046');
      expect(paymentTxKeyOf(rail, '４８１８９３７０４６')).toBe('4818937046');
      expect(paymentTxKeyOf(rail, '4818937046')).toBe('4818937046');
      expect(paymentTxKeyOf(rail, 'FT0012')).toBe('ft0012');
      expect(paymentTxKeyOf(rail, '000')).toBe('0');
      expect(paymentTxKeyOf(rail, 'MP24\u041E1')).toBeNull();
    }
  });

  it("refuses an id shorter than its rail's minimum, counted in its key", () => {
    expect(transactionIdIssue('mtn', '1')).toBe('tooShort');
    expect(transactionIdIssue('mtn', '0001234567')).toBe('tooShort');
    expect(transactionIdIssue('mtn', '12345678')).toBeNull();
    expect(transactionIdIssue('bank', 'FT-1234')).toBeNull();
    expect(transactionIdIssue('bank', 'FT-123')).toBe('tooShort');
    expect(transactionIdIssue('airteltigo', '\u0410BCDEF12')).toBe('format');
    for (const rail of PAYMENT_RAILS) expect(transactionIdIssue(rail, PAYMENT_RAIL_RULES[rail].example)).toBeNull();
  });

  it('reads the rail of an order: a sell on-chain, a buy by its MoMo provider or bank', () => {
    expect(railOfOrder({ type: 'sell' })).toBe('chain');
    expect(railOfOrder({ type: 'buy', payTo: { type: 'momo', provider: 'Telecel Cash' } })).toBe('telecel');
    expect(railOfOrder({ type: 'buy', payTo: { type: 'momo', provider: 'AirtelTigo Money' } })).toBe('airteltigo');
    expect(railOfOrder({ type: 'buy', payTo: { type: 'momo', provider: 'MTN MoMo' } })).toBe('mtn');
    expect(railOfOrder({ type: 'buy', payTo: { type: 'bank' } })).toBe('bank');
    expect(railOfOrder({ type: 'buy', payTo: null, paymentMethod: 'Vodafone Cash' })).toBe('telecel');
    expect(railOfOrder({ type: 'buy', payTo: null, paymentMethod: 'GCB Bank' })).toBe('bank');
  });
});

describe('ID number keys (issue 26)', () => {
  it.each([
    ['G1234567', 'G1234567'],
    ['g 123-4567', 'G1234567'],
    ['Ｇ１２３４５６７', 'G1234567'],
    ['G123\u200B4567', 'G1234567'],
    ['gha-123456789-0', 'GHA1234567890'],
  ])('keys %j as %j', (raw, key) => {
    expect(idNumberKey(raw)).toBe(key);
  });

  it.each([
    ['a Cyrillic letter', '\u04101234567'],
    ['a Greek letter', 'G123\u039F567'],
    ['an accent', 'É1234567'],
    ['a sharp s (upper-cased it would be SS)', 'G12ß4567'],
    ['nothing but separators', ' - '],
  ])('refuses %s', (_label, raw) => {
    expect(idNumberKey(raw)).toBeNull();
  });
});
