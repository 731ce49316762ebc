import { Readable } from 'node:stream';
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
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: empty for null, a formula-looking text behind a single quote, quoted when it must be. */
export function csvCell(value: TCsvCell): string {
  if (value === null || value === undefined) return '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line, CRLF-terminated. */
export function csvLine(cells: TCsvRow): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
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
    yield Buffer.from(first.done ? head : head + first.value.map(csvLine).join(''), 'utf8');
    if (first.done) return;
    for (let next = await rest.next(); !next.done; next = await rest.next()) {
      yield Buffer.from(next.value.map(csvLine).join(''), 'utf8');
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
