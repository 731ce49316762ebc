import { randomInt } from 'node:crypto';

/**
 * Letters and digits nobody confuses when reading them off a screen or saying them on the phone:
 * no 0/O, 1/I/L, 5/S, 2/Z, 8/B.
 */
const ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
const LENGTH = 6;

/**
 * A new payment reference: 'CC' and six characters of ALPHABET (25^6, about 244 million), what
 * the customer types in the reference field of a MoMo or bank payment so staff can match it.
 * Unique by the index orders_payment_reference_unique; the caller tries again on a collision.
 */
export function newPaymentReference(): string {
  let reference = 'CC';
  for (let i = 0; i < LENGTH; i += 1) reference += ALPHABET[randomInt(ALPHABET.length)];
  return reference;
}

export const PAYMENT_REFERENCE_PATTERN = new RegExp(`^CC[${ALPHABET}]{${LENGTH}}$`);
