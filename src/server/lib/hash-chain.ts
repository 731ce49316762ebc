import { createHash } from 'node:crypto';

/**
 * The one hash chain of the records that must show any later change (docs/decisions/037 for the
 * ledger, 073 for the audit log): each record's hash is SHA-256 of the hash before it and the
 * record's fields in a fixed form, so changing, removing or inserting any record breaks every hash
 * after it. A chain starts from GENESIS_HASH.
 */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * A value as the chain hashes it: JSON with object keys sorted at every depth, so a value read
 * back from jsonb (whose key order is PostgreSQL's) hashes as it did when written. Arrays and
 * primitives are written as JSON.stringify writes them.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/** The hash of a record whose body is `body` (its fields in a fixed order), chained after `prevHash`. */
export function chainHash(prevHash: string, body: unknown): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonicalJson(body)).digest('hex');
}
