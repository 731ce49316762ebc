import { describe, expect, it } from 'vitest';
import { toTransactionKey } from './transaction-id.js';

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
