/**
 * A small RFC 4180 reader for the export tests (API and e2e), written apart from the server's
 * writer (src/server/lib/csv.ts) so the two check each other: comma-separated cells, CRLF between
 * records, a cell in double quotes may hold commas, line breaks and doubled quotes. A quote in an
 * unquoted cell, text after a closing quote, a bare LF or an unterminated quote is an error, not
 * a guess. The byte order mark is required (the exports write one).
 */
export function parseCsv(text: string): string[][] {
  if (!text.startsWith('\uFEFF')) throw new Error('CSV: no UTF-8 byte order mark');
  const body = text.slice(1);
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let i = 0;
  let atCellStart = true;
  while (i < body.length) {
    const c = body[i]!;
    if (atCellStart && c === '"') {
      // A quoted cell: up to the closing quote; "" is one quote.
      i += 1;
      for (;;) {
        if (i >= body.length) throw new Error('CSV: unterminated quoted cell');
        if (body[i] === '"') {
          if (body[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        cell += body[i];
        i += 1;
      }
      atCellStart = false;
      if (i < body.length && body[i] !== ',' && body[i] !== '\r') throw new Error(`CSV: text after a closing quote at ${i}`);
      continue;
    }
    if (c === ',') {
      record.push(cell);
      cell = '';
      atCellStart = true;
      i += 1;
    } else if (c === '\r') {
      if (body[i + 1] !== '\n') throw new Error(`CSV: CR without LF at ${i}`);
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      atCellStart = true;
      i += 2;
    } else if (c === '\n') {
      throw new Error(`CSV: bare LF at ${i}`);
    } else if (c === '"') {
      throw new Error(`CSV: quote inside an unquoted cell at ${i}`);
    } else {
      cell += c;
      atCellStart = false;
      i += 1;
    }
  }
  if (!atCellStart || cell !== '' || record.length > 0) throw new Error('CSV: the last record has no CRLF');
  return records;
}

/** The records as objects keyed by the header row; every record must have the header's width. */
export function csvObjects(text: string): { header: string[]; rows: Record<string, string>[] } {
  const [header, ...records] = parseCsv(text);
  if (!header) throw new Error('CSV: no header row');
  const rows = records.map((record, index) => {
    if (record.length !== header.length)
      throw new Error(`CSV: record ${index + 1} has ${record.length} cells, the header ${header.length}`);
    return Object.fromEntries(header.map((name, column) => [name, record[column]!]));
  });
  return { header, rows };
}
