import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hammingDistance, HASH_BITS, imageHash, isComparable, SAME_IMAGE_MAX_DISTANCE } from './image-hash.js';

/*
 * The perceptual hash (docs/decisions/031) on images Chromium encoded (tests/fixtures/images,
 * made by make-fixtures.mjs there): one mobile-money receipt as PNG, re-encoded as a JPEG of
 * quality 60, resized to two thirds, and cropped by 2.5 % on each side; another receipt of the same
 * app with other facts; an unrelated picture.
 */
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../tests/fixtures/images', name));
const hashOf = (name: string) => {
  const hash = imageHash(fixture(name));
  expect(hash, name).not.toBeNull();
  return hash!;
};

describe('image hash', () => {
  const original = hashOf('receipt-a.png');
  const copies = ['receipt-a-q60.jpg', 'receipt-a-small.jpg', 'receipt-a-cropped.jpg'];

  it('is HASH_BITS bits of hex, and the same for the same bytes', () => {
    expect(original).toMatch(new RegExp(`^[0-9a-f]{${HASH_BITS / 4}}$`));
    expect(imageHash(fixture('receipt-a.png'))).toBe(original);
    expect(isComparable(original)).toBe(true);
  });

  it('finds the same receipt re-encoded as JPEG, resized and cropped a little', () => {
    for (const name of copies) {
      expect(hammingDistance(original, hashOf(name)), name).toBeLessThanOrEqual(SAME_IMAGE_MAX_DISTANCE);
      for (const other of copies)
        expect(hammingDistance(hashOf(other), hashOf(name)), `${other} ${name}`).toBeLessThanOrEqual(SAME_IMAGE_MAX_DISTANCE);
    }
  });

  it('tells a different receipt of the same app, and a different picture, apart', () => {
    for (const name of ['receipt-a.png', ...copies]) {
      expect(hammingDistance(hashOf(name), hashOf('receipt-b.jpg')), name).toBeGreaterThan(SAME_IMAGE_MAX_DISTANCE);
      expect(hammingDistance(hashOf(name), hashOf('photo.jpg')), name).toBeGreaterThan(SAME_IMAGE_MAX_DISTANCE * 2);
    }
  });

  it('gives no hash for what it cannot decode, and none is comparable when flat', () => {
    expect(imageHash(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBeNull();
    expect(imageHash(Buffer.from('not an image'))).toBeNull();
    expect(isComparable('0'.repeat(HASH_BITS / 4))).toBe(false);
  });
});
