import { describe, expect, it } from 'vitest';
import { canonicalJson, hashRequestBody } from './request-hash.js';

describe('request body hashes', () => {
  it('writes one text for one value, whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 'x', e: null }], c: true }, u: undefined })).toBe(
      '{"a":{"c":true,"d":[1,{"e":null,"f":"x"}]},"b":1}',
    );
    expect(hashRequestBody({ type: 'buy', quoteId: 'q' })).toBe(hashRequestBody({ quoteId: 'q', type: 'buy' }));
  });

  it('tells different bodies apart', () => {
    const hashes = [{ a: '1' }, { a: 1 }, { a: '1', b: null }, { a: ['1'] }, { a: '1 ' }, {}].map(hashRequestBody);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(hashRequestBody({})).toMatch(/^[0-9a-f]{64}$/);
  });
});
