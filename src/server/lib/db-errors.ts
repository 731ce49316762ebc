/**
 * True when `error` is PostgreSQL's unique violation of the named index or constraint. Drizzle
 * wraps driver errors (PGlite and node-postgres differ), so the text of both levels is checked.
 */
export function isUniqueViolation(error: unknown, index: string): boolean {
  const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? '')}`;
  return text.includes(index);
}
