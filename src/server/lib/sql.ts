/** `value` as literal text inside a LIKE pattern: its %, _ and \ match only themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching any text that contains `value` literally. */
export function containsPattern(value: string): string {
  return `%${escapeLike(value)}%`;
}
