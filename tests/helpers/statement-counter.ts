import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

type TExecProtocolStream = PGlite['execProtocolStream'];

/** The SQL of a frontend message: a Parse ('P': name, then the text) or a simple Query ('Q': the text). */
function statementOf(message: Uint8Array): string | undefined {
  const kind = message[0];
  if (kind !== 0x50 && kind !== 0x51) return undefined;
  let start = 5;
  if (kind === 0x50) {
    while (message[start] !== 0) start += 1; // the prepared statement's name
    start += 1;
  }
  let end = start;
  while (end < message.length && message[end] !== 0) end += 1;
  return Buffer.from(message.subarray(start, end)).toString('utf8').replace(/\s+/g, ' ').trim();
}

/**
 * Counts the SQL statements PGlite runs on behalf of a piece of work (tests/api/sql-statements.test.ts).
 * It wraps this PGlite instance's `execProtocolStream`, through which every query, `exec` and
 * transaction's BEGIN / COMMIT passes as wire-protocol messages, and records each Parse or simple
 * Query message in the asynchronous context that sent it: work of other requests or timers
 * running meanwhile is not counted.
 */
export class StatementCounter {
  private readonly context = new AsyncLocalStorage<string[]>();

  constructor(pglite: PGlite) {
    const original = pglite.execProtocolStream.bind(pglite) as TExecProtocolStream;
    const wrapped: TExecProtocolStream = (message, options) => {
      const statement = statementOf(message);
      if (statement !== undefined) this.context.getStore()?.push(statement);
      return original(message, options);
    };
    pglite.execProtocolStream = wrapped;
  }

  /** The statements `work` ran, in order, with what it returned. */
  async record<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const statements: string[] = [];
    // Awaited inside the context: a lazy thenable (Drizzle's query builders, app.inject's chain)
    // starts its work only when awaited.
    const result = await this.context.run(statements, async () => await work());
    return { result, statements };
  }
}
