/** PostgreSQL's SQLSTATE for a unique violation. */
const UNIQUE_VIOLATION = '23505';
/**
 * PostgreSQL's SQLSTATEs for a row still referenced by another table's foreign key: 23503
 * (foreign_key_violation, ON DELETE NO ACTION) and 23001 (restrict_violation, ON DELETE RESTRICT).
 */
const FOREIGN_KEY_VIOLATIONS = new Set(['23503', '23001']);

/** A SQLSTATE: five digits or upper-case letters (a Node error's code, 'ECONNRESET', is not one). */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The PostgreSQL error in `error`'s cause chain: Drizzle wraps the driver's error in its own (as
 * `cause`); PGlite and node-postgres both give the driver error `code` (the SQLSTATE) and
 * `constraint`. The message is never read: it is translated on some servers and may name an
 * index for other reasons.
 */
function postgresErrorOf(error: unknown): { code: string; constraint?: unknown } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === 'string' && SQLSTATE.test(code)) return { code, constraint };
    current = cause;
  }
  return undefined;
}

/** True when `error` is PostgreSQL's unique violation (SQLSTATE 23505) of the named index or constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const postgres = postgresErrorOf(error);
  return postgres?.code === UNIQUE_VIOLATION && postgres.constraint === constraint;
}

/**
 * True when `error` is PostgreSQL's refusal to delete a row that other rows still point at
 * (SQLSTATE 23503 or 23001).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const postgres = postgresErrorOf(error);
  return postgres !== undefined && FOREIGN_KEY_VIOLATIONS.has(postgres.code);
}
