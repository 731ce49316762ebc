import type { FastifyInstance } from 'fastify';
import { MSG } from '#shared/messages.js';
import { AppError } from '#server/lib/errors.js';

/**
 * Text PostgreSQL cannot store: a NUL character (U+0000, refused in text and jsonb) or a lone
 * UTF-16 surrogate (refused in jsonb, e.g. "\ud800" from a JSON body).
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where the first unstorable string is in a parsed request part: 'details.bankName', 'q',
 * 'id'... or null. Keys count too. Walked without recursion, so any nesting depth is fine.
 */
export function findUnstorableText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return path || '_';
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (UNSTORABLE.test(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * Such text used to reach the database and fail there as a 500 (found by the fuzz test); it
 * is refused here as a validation error on that field instead. Registered after the access
 * rule: only a caller allowed to use the route gets a field-level answer. (Multipart forms are
 * read by their handler, which checks its fields with findUnstorableText too.)
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = findUnstorableText(request.params) ?? findUnstorableText(request.query) ?? findUnstorableText(request.body);
    if (path) throw new AppError('VALIDATION', MSG.invalidCharacter, { fields: { [path]: MSG.invalidCharacter } });
  });
}
