import { Readable } from 'node:stream';
import { stringify, type Options } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/**
 * CSV files as the exports write them (docs/decisions/015): RFC 4180 (comma, CRLF, a cell in
 * double quotes when it holds a quote, comma or line break, its quotes doubled), UTF-8 with a byte
 * order mark so that Excel reads names such as 'Ɔsei' right, and no cell a spreadsheet would run
 * as a formula.
 */

export type TCsvCell = string | null | undefined;
export type TCsvRow = readonly TCsvCell[];

export const UTF8_BOM = '\uFEFF';

/** What a spreadsheet reads as the start of a formula (OWASP "CSV injection"): = + - @, a tab, a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * csv-stringify writes the RFC 4180 part (it quotes a cell holding the delimiter, a quote or a
 * line break, and leaves null and undefined empty); the cast puts a formula-looking text behind a
 * single quote before that.
 */
const OPTIONS: Options = {
  delimiter: ',',
  record_delimiter: '\r\n',
  quoted_empty: false,
  // On its own it quotes a line break only when it is the whole record delimiter (CRLF).
  quoted_match: /[\r\n]/,
  cast: { string: (value) => (FORMULA_START.test(value) ? `'${value}` : value) },
};

/** Lines, each CRLF-terminated. */
function csvLines(rows: readonly TCsvRow[]): string {
  return stringify(rows as TCsvCell[][], OPTIONS);
}

/** One cell: empty for null, a formula-looking text behind a single quote, quoted when it must be. */
export function csvCell(value: TCsvCell): string {
  return csvLines([[value]]).slice(0, -2);
}

/** One line, CRLF-terminated. */
export function csvLine(cells: TCsvRow): string {
  return csvLines([cells]);
}

/** An export: its file name, its header row and its rows, read a batch at a time. */
export type TCsvExport = {
  fileName: string;
  columns: readonly string[];
  batches: AsyncIterable<readonly TCsvRow[]>;
};

/** 'cedicrypto-orders-2026-11-24.csv': what, and the day it was made (UTC, Africa/Accra's time). */
export function csvFileName(what: string, at: Date): string {
  return `cedicrypto-${what}-${at.toISOString().slice(0, 10)}.csv`;
}

/** The file's bytes: the BOM and header with the first batch, then one chunk per batch as it is read. */
async function* csvChunks(
  columns: readonly string[],
  first: IteratorResult<readonly TCsvRow[]>,
  rest: AsyncIterator<readonly TCsvRow[]>,
): AsyncGenerator<Buffer> {
  try {
    const head = UTF8_BOM + csvLine(columns);
    yield Buffer.from(first.done ? head : head + csvLines(first.value), 'utf8');
    if (first.done) return;
    for (let next = await rest.next(); !next.done; next = await rest.next()) {
      yield Buffer.from(csvLines(next.value), 'utf8');
    }
  } finally {
    // The client went away (or the file is complete): stop reading the database.
    await rest.return?.();
  }
}

/**
 * Streams an export as the answer: read batch by batch while the response is written (the
 * stream asks for the next batch only when the last one has gone out, so a slow download never
 * holds the whole file in memory). The first batch is read before anything is answered, so a
 * query that fails is still an error in the one shape rather than a cut file.
 */
export async function sendCsv(reply: FastifyReply, file: TCsvExport): Promise<FastifyReply> {
  const rows = file.batches[Symbol.asyncIterator]();
  const first = await rows.next();
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(csvChunks(file.columns, first, rows), { objectMode: false }));
}
