import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '#test/helpers/csv.js';
import { csvCell, csvFileName, csvLine, sendCsv, UTF8_BOM, type TCsvRow } from './csv.js';

describe('CSV cells (RFC 4180, no formulas)', () => {
  it('writes plain text and decimals as they are, and null as an empty cell', () => {
    expect(csvCell('1500.00')).toBe('1500.00');
    expect(csvCell('0.00010000')).toBe('0.00010000');
    expect(csvCell('Kwame Ɔsei')).toBe('Kwame Ɔsei');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes a cell with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Mensah, Ama')).toBe('"Mensah, Ama"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+233241234567', "'+233241234567"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('puts a single quote before what a spreadsheet would run: %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
    // Read back, the cell is the text behind its quote, never a formula.
    expect(parseCsv(`${UTF8_BOM}${csvLine([value])}`)).toEqual([[`'${value}`]]);
  });

  it('only the first character counts: a formula sign inside a cell is left alone', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('MP-1234')).toBe('MP-1234');
  });

  it('ends every line with CRLF and reads back what it wrote', () => {
    const rows: TCsvRow[] = [
      ['1', 'Mensah, Ama', 'say "hi"', null, 'multi\r\nline', '=cmd'],
      ['2', '', 'Ɛ Ɔ ₵', '0.00010000', '-', '@'],
    ];
    const text = UTF8_BOM + rows.map(csvLine).join('');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['1', 'Mensah, Ama', 'say "hi"', '', 'multi\r\nline', "'=cmd"],
      ['2', '', 'Ɛ Ɔ ₵', '0.00010000', "'-", "'@"],
    ]);
  });

  it('names a file by what it holds and the day (UTC)', () => {
    expect(csvFileName('orders', new Date('2026-11-24T23:59:59.999Z'))).toBe('cedicrypto-orders-2026-11-24.csv');
  });
});

describe('sendCsv', () => {
  async function* batches(count: number, size: number, onRead: (n: number) => void): AsyncGenerator<TCsvRow[]> {
    for (let n = 0; n < count; n += 1) {
      onRead(n);
      yield Array.from({ length: size }, (_, i) => [String(n * size + i), `row ${n * size + i}`]);
    }
  }

  it('answers a UTF-8 CSV attachment with the BOM, the header and every batch, not cached', async () => {
    const app = Fastify();
    app.get('/file', (_request, reply) =>
      sendCsv(reply, { fileName: 'cedicrypto-test-2026-01-02.csv', columns: ['id', 'name'], batches: batches(3, 2, () => {}) }),
    );
    const response = await app.inject({ method: 'GET', url: '/file' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="cedicrypto-test-2026-01-02.csv"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(parseCsv(response.body)).toEqual([['id', 'name'], ...Array.from({ length: 6 }, (_, i) => [String(i), `row ${i}`])]);
    await app.close();
  });

  it('an empty export is its header row', async () => {
    const app = Fastify();
    app.get('/file', (_request, reply) => sendCsv(reply, { fileName: 'x.csv', columns: ['id'], batches: batches(0, 1, () => {}) }));
    const response = await app.inject({ method: 'GET', url: '/file' });
    expect(response.body).toBe(`${UTF8_BOM}id\r\n`);
    await app.close();
  });

  it('a failure before the first row is an error answer, not a cut file', async () => {
    const app = Fastify();
    app.get('/file', (_request, reply) =>
      sendCsv(reply, {
        fileName: 'x.csv',
        columns: ['id'],
        // eslint-disable-next-line require-yield -- it fails before its first row
        batches: (async function* () {
          throw new Error('the database is gone');
        })(),
      }),
    );
    const response = await app.inject({ method: 'GET', url: '/file' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/json/);
    expect(response.headers['content-disposition']).toBeUndefined();
    await app.close();
  });
});
