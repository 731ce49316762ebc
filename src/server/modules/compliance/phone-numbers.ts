import { sql } from 'drizzle-orm';
import type { TTx } from '#server/db/client.js';

/**
 * A Ghana mobile number in one form, whatever way it was typed ('024 123 4567', '+233241234567'
 * and '233-24-123-4567' are one number): digits only, the country code as the leading 0.
 */
export function canonicalPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.startsWith('233') ? `0${digits.slice(3)}` : digits;
}

/** The numbers an order was paid from or out to, in the shared-number rule's form, each once. */
export function numbersOf(order: {
  payerNumberKey: string | null;
  payoutNumberKey: string | null;
  recordedPayerNumber: string | null;
}): string[] {
  const numbers = [order.payerNumberKey, order.payoutNumberKey, order.recordedPayerNumber].filter(
    (number): number is string => typeof number === 'string' && number.length >= 9,
  );
  return [...new Set(numbers)].sort();
}

/**
 * Takes the transaction's lock of each number (sorted, so two transactions never wait on each
 * other in turn), released at its commit: the shared-number rule takes it before reading who uses
 * a number, an approval or cancel before reading the hold of an order with the number, so a rule
 * being evaluated and a decision never miss each other (the decision waits for the rule's
 * alerts, or the rule sees the decided order). Taken after the order's row lock and before the
 * customer's row, like every other lock of an order change.
 */
export async function lockNumbers(tx: TTx, numbers: readonly string[]): Promise<void> {
  for (const number of [...new Set(numbers)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`shared_number:${number}`}, 0))`);
  }
}
