import { describe, expect, it } from 'vitest';
import { STATEMENT_MSG } from '#shared/contracts/statements.js';
import { MTN_HEADER, mtnLine } from '#test/helpers/statements.js';
import { parseStatement, parseStatementAmount, parseStatementDate, readCsv } from './parse.js';

describe('statement parsing', () => {
  it('reads dates in the forms statements use, in Ghana time (UTC)', () => {
    expect(parseStatementDate('2026-11-28 14:05:09')?.toISOString()).toBe('2026-11-28T14:05:09.000Z');
    expect(parseStatementDate('2026-11-28T14:05:09+01:00')?.toISOString()).toBe('2026-11-28T13:05:09.000Z');
    expect(parseStatementDate('28/11/2026 14:05')?.toISOString()).toBe('2026-11-28T14:05:00.000Z');
    expect(parseStatementDate('28-Nov-2026 2:05 pm')?.toISOString()).toBe('2026-11-28T14:05:00.000Z');
    expect(parseStatementDate('28.11.2026')?.toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(parseStatementDate('31/02/2026')).toBeNull();
    expect(parseStatementDate('yesterday')).toBeNull();
  });

  it('reads amounts as decimal strings: thousands commas, signs, brackets, currency', () => {
    expect(parseStatementAmount('1,234.50')).toBe('1234.5');
    expect(parseStatementAmount('-300.00')).toBe('-300');
    expect(parseStatementAmount('(50.10)')).toBe('-50.1');
    expect(parseStatementAmount('GHS 20')).toBe('20');
    expect(parseStatementAmount('0.1')).toBe('0.1');
    expect(parseStatementAmount('')).toBeNull();
    expect(parseStatementAmount('12,34')).toBeUndefined();
    expect(parseStatementAmount('1e3')).toBeUndefined();
  });

  it('reads quoted cells, semicolons and CRLF', () => {
    const { records } = readCsv('\uFEFFa;b;c\r\n"x;1";"say ""hi""";\r\n\r\n');
    expect(records).toEqual([
      { lineNumber: 1, cells: ['a', 'b', 'c'] },
      { lineNumber: 2, cells: ['x;1', 'say "hi"', ''] },
    ]);
  });

  it("reads MTN's export: direction from the business's own number, failed lines skipped, the balance", () => {
    const csv = [
      MTN_HEADER,
      mtnLine({
        id: '48123456789',
        date: '2026-11-28 10:00:00',
        note: 'CC7KQ2MX',
        from: 'FRI:233244000111/MSISDN',
        to: 'FRI:233241112222/MSISDN',
        amount: '300.00',
        balance: '1300.00',
      }),
      mtnLine({
        id: '48123456790',
        date: '2026-11-28 11:00:00',
        from: 'FRI:233241112222/MSISDN',
        to: 'FRI:233200000000/MSISDN',
        amount: '50.00',
        balance: '1250.00',
      }),
      mtnLine({ id: '48123456791', date: '2026-11-28 12:00:00', status: 'Failed', from: 'x', to: 'y', amount: '10' }),
    ].join('\n');
    const result = parseStatement(csv, { format: 'mtn', ownNumber: '0241112222' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.skipped).toBe(1);
    expect(result.lines.map((l) => [l.lineNumber, l.direction, l.amount, l.balance, l.identity, l.counterparty])).toEqual([
      [2, 'in', '300', '1300', 'id:48123456789', 'FRI:233244000111/MSISDN'],
      [3, 'out', '50', '1250', 'id:48123456790', 'FRI:233200000000/MSISDN'],
    ]);
    expect(result.lines[0]?.description).toContain('CC7KQ2MX');
  });

  it('names every bad line and what is wrong with it', () => {
    const csv = [
      MTN_HEADER,
      mtnLine({ id: '1001', date: '2026-13-01 10:00', from: 'a', to: 'b', amount: '10' }),
      mtnLine({ id: '1002', date: '2026-11-28 10:00', from: 'a', to: 'b', amount: 'ten' }),
      mtnLine({ id: '1003', date: '2026-11-28 10:00', from: 'a', to: 'b', amount: '10' }),
    ].join('\n');
    const result = parseStatement(csv, { format: 'mtn', ownNumber: null });
    expect(result).toEqual({
      ok: false,
      fileProblem: null,
      problems: [
        { line: 2, message: STATEMENT_MSG.lineDate('2026-13-01 10:00') },
        { line: 3, message: STATEMENT_MSG.lineAmount('ten') },
      ],
    });
  });

  it('refuses a file without the columns it needs, naming them', () => {
    const result = parseStatement('Date,Value\n2026-11-28,10', { format: 'mtn', ownNumber: null });
    expect(result).toEqual({ ok: false, fileProblem: STATEMENT_MSG.missingColumns(['Id', 'Amount']), problems: [] });
  });

  it('reads a bank CSV through its column mapping (credit and debit columns)', () => {
    const csv = [
      'Txn Date,Narration,Ref No,Debit,Credit,Balance',
      '28/11/2026 09:15,TRF FROM KOFI CC7KQ2MX,FT2611ABC,,"1,500.00","11,500.00"',
      '28/11/2026 10:00,CHARGES,FT2611ABD,2.50,,"11,497.50"',
      '28/11/2026 10:00,CHARGES,FT2611ABD,2.50,,"11,497.50"',
    ].join('\n');
    const mapping = {
      date: 'Txn Date',
      amount: '',
      credit: 'Credit',
      debit: 'Debit',
      reference: 'Ref No',
      counterparty: '',
      description: 'Narration',
      balance: 'Balance',
    };
    const result = parseStatement(csv, { format: 'mapped', mapping });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.lines.map((l) => [l.direction, l.amount, l.balance, l.reference])).toEqual([
      ['in', '1500', '11500', 'FT2611ABC'],
      ['out', '2.5', '11497.5', 'FT2611ABD'],
      ['out', '2.5', '11497.5', 'FT2611ABD'],
    ]);
    // Two identical lines stay two lines: their rank among the identical ones tells them apart.
    expect(new Set(result.lines.map((l) => l.identity)).size).toBe(3);
    const both = parseStatement('Txn Date,Ref No,Debit,Credit\n28/11/2026,X,1,2', {
      format: 'mapped',
      mapping: { ...mapping, description: '', balance: '' },
    });
    expect(both).toEqual({ ok: false, fileProblem: null, problems: [{ line: 2, message: STATEMENT_MSG.lineBothSides }] });
  });

  it("reads a coin wallet's export: date, hash, amount, direction", () => {
    const hash = 'a'.repeat(64);
    const csv = [
      'Date,Hash,Amount,Direction,Balance',
      `2026-11-28T08:00:00Z,${hash},0.00150000,received,0.5`,
      `2026-11-28T09:00:00Z,0x${'b'.repeat(64)},0.001,sent,0.499`,
    ].join('\n');
    const result = parseStatement(csv, { format: 'coin' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.lines.map((l) => [l.direction, l.amount, l.balance, l.identity])).toEqual([
      ['in', '0.0015', '0.5', `tx:${hash}:in:0.0015`],
      ['out', '0.001', '0.499', `tx:${'b'.repeat(64)}:out:0.001`],
    ]);
    const bad = parseStatement(`Date,Hash,Amount,Direction\n2026-11-28,${hash},1,sideways`, { format: 'coin' });
    expect(bad).toEqual({ ok: false, fileProblem: null, problems: [{ line: 2, message: STATEMENT_MSG.lineDirection('sideways') }] });
  });
});
