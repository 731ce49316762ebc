/** PostgreSQL's SQLSTATE for a unique violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * True when `error` is PostgreSQL's unique violation (SQLSTATE 23505) of the named index or
 * constraint. Drizzle wraps the driver's error in its own (as `cause`); PGlite and node-postgres
 * both give the driver error `code` and `constraint`. The message is never read: it is
 * translated on some servers and may name the index for other reasons.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint: name, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === UNIQUE_VIOLATION) return name === constraint;
    current = cause;
  }
  return false;
}
