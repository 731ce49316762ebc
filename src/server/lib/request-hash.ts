import { createHash } from 'node:crypto';

/**
 * JSON with object keys in sorted order at every depth: one text for one value, however the
 * client ordered its fields.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * SHA-256 (hex) of a request body as the route validated it (trimmed, defaults applied), in
 * canonical JSON: what an Idempotency-Key is bound to. A retry with the same meaning has the same
 * hash whatever its spacing or key order; any other body has another.
 */
export function hashRequestBody(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}
