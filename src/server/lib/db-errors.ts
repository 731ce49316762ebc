/** PostgreSQL's SQLSTATE for a unique violation. */
const UNIQUE_VIOLATION = '23505';
/**
 * PostgreSQL's SQLSTATEs for a row still referenced by another table's foreign key: 23503
 * (foreign_key_violation, ON DELETE NO ACTION) and 23001 (restrict_violation, ON DELETE RESTRICT).
 */
const FOREIGN_KEY_VIOLATIONS = new Set(['23503', '23001']);

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

/**
 * True when `error` is PostgreSQL's refusal to delete a row that other rows still point at
 * (SQLSTATE 23503 or 23001), read as isUniqueViolation reads its code.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && FOREIGN_KEY_VIOLATIONS.has(code)) return true;
    current = cause;
  }
  return false;
}
