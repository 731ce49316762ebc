import { createHash } from 'node:crypto';
import { STATEMENT_MAX_LINES, STATEMENT_MSG, type TColumnMapping, type TStatementFormat } from '#shared/contracts/statements.js';
import { Dec } from '#shared/money.js';
import { toTransactionKey } from '#shared/transaction-id.js';

/**
 * Reading statement files (issue 28 point 5, docs/decisions/039 lists the columns, date, amount,
 * sign and balance rules). Pure functions: text in, lines or the list of what is wrong per line out.
 */

export type TParsedLine = {
  lineNumber: number;
  occurredAt: Date;
  direction: 'in' | 'out';
  /** Positive, plain decimal digits. */
  amount: string;
  reference: string | null;
  counterparty: string | null;
  description: string | null;
  balance: string | null;
  /** The line's identity on its account: the provider's id or hash, else a hash of its normalized fields. */
  identity: string;
  raw: Record<string, string>;
};

export type TLineProblem = { line: number; message: string };

export type TParseResult =
  { ok: true; lines: TParsedLine[]; skipped: number } | { ok: false; fileProblem: string | null; problems: TLineProblem[] };

type TRecord = { lineNumber: number; cells: string[] };

/** A header name as compared: lower case, letters and digits only ('Transaction ID' -> 'transactionid'). */
export function headerKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * RFC 4180 records with their first line number: comma, semicolon or tab (whichever the header
 * line holds most of), CRLF or LF, a quoted cell may hold the delimiter, line breaks and doubled
 * quotes. A byte order mark is dropped; blank lines are skipped.
 */
export function readCsv(text: string): { records: TRecord[]; problems: TLineProblem[] } {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].reduce((best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best), ',');
  const records: TRecord[] = [];
  const problems: TLineProblem[] = [];
  let line = 1;
  let i = 0;
  while (i < body.length) {
    const start = line;
    const cells: string[] = [];
    let cell = '';
    let broken = false;
    for (;;) {
      if (body[i] === '"' && cell.trim() === '') {
        cell = '';
        i += 1;
        let closed = false;
        while (i < body.length) {
          if (body[i] === '"') {
            if (body[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i += 1;
            closed = true;
            break;
          }
          if (body[i] === '\n') line += 1;
          cell += body[i];
          i += 1;
        }
        if (!closed) {
          problems.push({ line: start, message: STATEMENT_MSG.lineQuote });
          broken = true;
          break;
        }
        // Spaces after a closing quote are tolerated; anything else joins the cell as typed.
        while (i < body.length && body[i] !== delimiter && body[i] !== '\n' && body[i] !== '\r') cell += body[i++];
      } else {
        while (i < body.length && body[i] !== delimiter && body[i] !== '\n' && body[i] !== '\r') cell += body[i++];
      }
      cells.push(cell.trim());
      cell = '';
      if (body[i] === delimiter) {
        i += 1;
        continue;
      }
      if (body[i] === '\r') i += 1;
      if (body[i] === '\n') i += 1;
      line += 1;
      break;
    }
    if (broken) break;
    if (cells.some((c) => c !== '')) records.push({ lineNumber: start, cells });
  }
  return { records, problems };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A statement date. Ghana keeps UTC all year (Africa/Accra, no daylight saving), so a time
 * without a zone is UTC. Accepted: ISO 8601 ('2026-11-28T14:05:00Z', '2026-11-28 14:05:09'),
 * day first with slashes, dashes or dots ('28/11/2026 14:05', '28-11-2026'), and '28-Nov-2026 14:05'
 * or '28 Nov 2026'. A date without a time is midnight.
 */
export function parseStatementDate(raw: string): Date | null {
  const text = raw.trim();
  const time = '(?:[ T](\\d{1,2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,6}))?)?\\s*(am|pm)?)?\\s*(Z|[+-]\\d{2}:?\\d{2}|UTC|GMT)?';
  let year: number, month: number, day: number;
  let rest: RegExpExecArray;
  const iso = new RegExp(`^(\\d{4})-(\\d{2})-(\\d{2})${time}$`, 'i').exec(text);
  const dayFirst = new RegExp(`^(\\d{1,2})[/.-](\\d{1,2})[/.-](\\d{4})${time}$`, 'i').exec(text);
  const named = new RegExp(`^(\\d{1,2})[ -]([A-Za-z]{3})[a-z]*[ -](\\d{4})${time}$`, 'i').exec(text);
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    rest = iso;
  } else if (dayFirst) {
    [day, month, year] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
    rest = dayFirst;
  } else if (named) {
    const index = MONTHS.indexOf(named[2]!.toLowerCase());
    if (index < 0) return null;
    [day, month, year] = [Number(named[1]), index + 1, Number(named[3])];
    rest = named;
  } else {
    return null;
  }
  let hours = Number(rest[4] ?? 0);
  const minutes = Number(rest[5] ?? 0);
  const seconds = Number(rest[6] ?? 0);
  const millis = Number((rest[7] ?? '0').padEnd(3, '0').slice(0, 3));
  const meridiem = rest[8]?.toLowerCase();
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (month < 1 || month > 12 || day < 1 || day > 31 || hours > 23 || minutes > 59 || seconds > 59) return null;
  const zone = rest[9]?.toUpperCase();
  let offsetMinutes = 0;
  if (zone && zone !== 'Z' && zone !== 'UTC' && zone !== 'GMT') {
    const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
    offsetMinutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  }
  const utc = Date.UTC(year, month - 1, day, hours, minutes, seconds, millis);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  return new Date(utc - offsetMinutes * 60_000);
}

/**
 * A statement amount as a signed decimal string: digits with one decimal point, thousands commas
 * ('1,234.50'), a leading sign or brackets for a negative ('(50.00)'), a currency written before
 * or after ('GHS 20', '20.00 GHS', 'GH₵20'). Empty: null. Anything else: undefined (an error).
 */
export function parseStatementAmount(raw: string): string | null | undefined {
  let text = raw.trim().replace(/\s+/g, '');
  if (text === '' || text === '-') return null;
  text = text.replace(/^(GHS|GH₵|GH¢|₵|USD|\$)/i, '').replace(/(GHS|GH₵|₵|USD)$/i, '');
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (/^[+-]/.test(text)) {
    negative = negative !== (text[0] === '-');
    text = text.slice(1);
  }
  text = text.replace(/^(GHS|GH₵|GH¢|₵|USD|\$)/i, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replace(/,/g, '');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return undefined;
  const value = new Dec(text);
  return (negative ? value.negated() : value).toFixed();
}

/** A phone number in the payer-number form (digits, 233 as a leading 0), as orders.payer_number_key; null if no digits. */
export function numberKey(raw: string | null | undefined): string | null {
  if (!raw) return null;
  // MTN's portal writes parties as 'FRI:233241234567/MSISDN': the digits are the number.
  const digits = raw.replace(/[^0-9]/g, '').replace(/^233/, '0');
  return digits === '' ? null : digits;
}

function fieldsHash(parts: (string | null)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 40);
}

/** Columns of MTN's merchant portal export, by header key; the first alias present wins. */
const MTN_COLUMNS = {
  id: ['id', 'transactionid', 'financialtransactionid'],
  externalId: ['externaltransactionid', 'externalid'],
  date: ['date', 'transactiondate', 'datetime'],
  status: ['status'],
  type: ['type', 'transactiontype'],
  from: ['from', 'frommsisdn'],
  fromName: ['fromname'],
  to: ['to', 'tomsisdn'],
  toName: ['toname'],
  message: ['notemessage', 'tomessage', 'message', 'information', 'note'],
  amount: ['amount'],
  currency: ['currency'],
  balance: ['balance', 'balanceafter', 'closingbalance'],
} as const;

const COIN_COLUMNS = {
  date: ['date', 'time', 'datetime', 'timestamp', 'dateutc', 'datetimeutc'],
  hash: ['hash', 'txid', 'txhash', 'transactionhash', 'transactionid'],
  amount: ['amount', 'value', 'quantity'],
  direction: ['direction', 'type', 'side'],
  address: ['address', 'counterparty', 'from', 'fromaddress'],
  balance: ['balance'],
} as const;

const SUCCESS = new Set(['successful', 'success', 'completed', 'complete', 'approved', 'ok']);

type TColumnIndex<K extends string> = Record<K, number>;

function locate<K extends string>(
  header: string[],
  columns: Record<K, readonly string[]>,
  required: NoInfer<K>[],
  names: Record<NoInfer<K>, string>,
): { index: TColumnIndex<K> } | { missing: string[] } {
  const keys = header.map(headerKey);
  const index = {} as TColumnIndex<K>;
  for (const name of Object.keys(columns) as K[]) index[name] = columns[name].map((alias) => keys.indexOf(alias)).find((i) => i >= 0) ?? -1;
  const missing = required.filter((name) => index[name] < 0).map((name) => names[name]);
  return missing.length > 0 ? { missing } : { index };
}

function cellOf(record: TRecord, index: number): string {
  return index < 0 ? '' : (record.cells[index] ?? '');
}

function rawOf(header: string[], record: TRecord): Record<string, string> {
  const raw: Record<string, string> = {};
  header.forEach((name, i) => {
    if (name !== '') raw[name] = record.cells[i] ?? '';
  });
  return raw;
}

export type TParseOptions =
  { format: 'mtn'; ownNumber: string | null } | { format: 'mapped'; mapping: TColumnMapping } | { format: 'coin' };

/**
 * Reads a statement. Unreadable files and lines are reported in full (every line's problem), and
 * then nothing is kept: a file is imported whole or not at all.
 */
export function parseStatement(text: string, options: TParseOptions): TParseResult {
  const { records, problems } = readCsv(text);
  const [headerRecord, ...rows] = records;
  if (!headerRecord) return { ok: false, fileProblem: STATEMENT_MSG.fileEmpty, problems };
  if (rows.length > STATEMENT_MAX_LINES) return { ok: false, fileProblem: STATEMENT_MSG.tooManyLines(STATEMENT_MAX_LINES), problems: [] };
  const header = headerRecord.cells;
  if (header.every((cell) => parseStatementAmount(cell) !== undefined || parseStatementDate(cell) !== null))
    return { ok: false, fileProblem: STATEMENT_MSG.noHeader, problems: [] };
  const lines: TParsedLine[] = [];
  let skipped = 0;
  const seen = new Map<string, number>();
  /** Identical lines of one file are told apart by their rank among the identical ones, which an overlapping file repeats. */
  const fieldIdentity = (parts: (string | null)[]) => {
    const base = fieldsHash(parts);
    const rank = (seen.get(base) ?? 0) + 1;
    seen.set(base, rank);
    return `h:${base}:${rank}`;
  };

  const readRow = (record: TRecord, read: () => TParsedLine | 'skip' | string[]) => {
    if (
      record.cells.length !== header.length &&
      record.cells.length > header.length &&
      record.cells.slice(header.length).some((c) => c !== '')
    ) {
      problems.push({ line: record.lineNumber, message: STATEMENT_MSG.lineColumns(header.length, record.cells.length) });
      return;
    }
    const outcome = read();
    if (outcome === 'skip') skipped += 1;
    else if (Array.isArray(outcome)) for (const message of outcome) problems.push({ line: record.lineNumber, message });
    else lines.push(outcome);
  };

  if (options.format === 'mtn') {
    const found = locate(header, MTN_COLUMNS, ['id', 'date', 'amount'], {
      id: 'Id',
      externalId: 'External Transaction Id',
      date: 'Date',
      status: 'Status',
      type: 'Type',
      from: 'From',
      fromName: 'From Name',
      to: 'To',
      toName: 'To Name',
      message: 'Note Message',
      amount: 'Amount',
      currency: 'Currency',
      balance: 'Balance',
    });
    if ('missing' in found) return { ok: false, fileProblem: STATEMENT_MSG.missingColumns(found.missing), problems: [] };
    const col = found.index;
    const own = numberKey(options.ownNumber);
    for (const record of rows) {
      readRow(record, () => {
        const errors: string[] = [];
        const status = headerKey(cellOf(record, col.status));
        if (col.status >= 0 && status !== '' && !SUCCESS.has(status)) return 'skip';
        const id = cellOf(record, col.id);
        const idKey = toTransactionKey(id);
        if (!idKey) errors.push(STATEMENT_MSG.lineReference);
        const dateText = cellOf(record, col.date);
        const occurredAt = parseStatementDate(dateText);
        if (!occurredAt) errors.push(STATEMENT_MSG.lineDate(dateText));
        const amountText = cellOf(record, col.amount);
        const signed = parseStatementAmount(amountText);
        if (signed === undefined || signed === null) errors.push(STATEMENT_MSG.lineAmount(amountText));
        else if (new Dec(signed).isZero()) errors.push(STATEMENT_MSG.lineZero);
        const balanceText = cellOf(record, col.balance);
        const balance = parseStatementAmount(balanceText);
        if (balance === undefined) errors.push(STATEMENT_MSG.lineBalance(balanceText));
        if (errors.length > 0 || !occurredAt || !signed || balance === undefined || !idKey) return errors;
        // The direction: the business's own number on the To side is money in, on the From side money
        // out; without it (another account id, no number on the method), the amount's sign.
        const fromKey = numberKey(cellOf(record, col.from));
        const toKey = numberKey(cellOf(record, col.to));
        const negative = signed.startsWith('-');
        const direction: 'in' | 'out' = own && toKey === own ? 'in' : own && fromKey === own ? 'out' : negative ? 'out' : 'in';
        const party = direction === 'in' ? cellOf(record, col.from) : cellOf(record, col.to);
        const partyName = direction === 'in' ? cellOf(record, col.fromName) : cellOf(record, col.toName);
        const description = [cellOf(record, col.message), cellOf(record, col.externalId), partyName].filter((p) => p !== '').join(' · ');
        return {
          lineNumber: record.lineNumber,
          occurredAt,
          direction,
          amount: new Dec(signed).abs().toFixed(),
          reference: id,
          counterparty: party === '' ? null : party,
          description: description === '' ? null : description,
          balance,
          identity: `id:${idKey}`,
          raw: rawOf(header, record),
        };
      });
    }
  } else if (options.format === 'mapped') {
    const m = options.mapping;
    const keys = header.map(headerKey);
    const find = (name: string) => (name === '' ? -1 : keys.indexOf(headerKey(name)));
    const col = {
      date: find(m.date),
      amount: find(m.amount),
      credit: find(m.credit),
      debit: find(m.debit),
      reference: find(m.reference),
      counterparty: find(m.counterparty),
      description: find(m.description),
      balance: find(m.balance),
    };
    const missing = (
      [
        [m.date, col.date],
        [m.amount, col.amount],
        [m.credit, col.credit],
        [m.debit, col.debit],
        [m.reference, col.reference],
        [m.counterparty, col.counterparty],
        [m.description, col.description],
        [m.balance, col.balance],
      ] as const
    )
      .filter(([name, index]) => name !== '' && index < 0)
      .map(([name]) => name);
    if (missing.length > 0) return { ok: false, fileProblem: STATEMENT_MSG.missingColumns(missing), problems: [] };
    for (const record of rows) {
      readRow(record, () => {
        const errors: string[] = [];
        const dateText = cellOf(record, col.date);
        const occurredAt = parseStatementDate(dateText);
        if (!occurredAt) errors.push(STATEMENT_MSG.lineDate(dateText));
        let signed: string | null | undefined;
        if (col.amount >= 0) {
          const text = cellOf(record, col.amount);
          signed = parseStatementAmount(text);
          if (signed === undefined || signed === null) errors.push(STATEMENT_MSG.lineAmount(text));
        } else {
          const creditText = cellOf(record, col.credit);
          const debitText = cellOf(record, col.debit);
          const credit = parseStatementAmount(creditText);
          const debit = parseStatementAmount(debitText);
          if (credit === undefined) errors.push(STATEMENT_MSG.lineAmount(creditText));
          if (debit === undefined) errors.push(STATEMENT_MSG.lineAmount(debitText));
          const hasCredit = credit != null && !new Dec(credit).isZero();
          const hasDebit = debit != null && !new Dec(debit).isZero();
          if (credit !== undefined && debit !== undefined) {
            if (hasCredit && hasDebit) errors.push(STATEMENT_MSG.lineBothSides);
            else if (!hasCredit && !hasDebit) errors.push(STATEMENT_MSG.lineNoAmount);
          }
          signed = hasCredit ? new Dec(credit).abs().toFixed() : hasDebit ? new Dec(debit).abs().negated().toFixed() : null;
        }
        if (signed && new Dec(signed).isZero()) errors.push(STATEMENT_MSG.lineZero);
        const balanceText = cellOf(record, col.balance);
        const balance = parseStatementAmount(balanceText);
        if (balance === undefined) errors.push(STATEMENT_MSG.lineBalance(balanceText));
        if (errors.length > 0 || !occurredAt || !signed || balance === undefined) return errors;
        const direction: 'in' | 'out' = signed.startsWith('-') ? 'out' : 'in';
        const amount = new Dec(signed).abs().toFixed();
        const reference = cellOf(record, col.reference) || null;
        const counterparty = cellOf(record, col.counterparty) || null;
        const description = cellOf(record, col.description) || null;
        return {
          lineNumber: record.lineNumber,
          occurredAt,
          direction,
          amount,
          reference,
          counterparty,
          description,
          balance,
          identity: fieldIdentity([occurredAt.toISOString(), direction, amount, reference, counterparty, description, balance]),
          raw: rawOf(header, record),
        };
      });
    }
  } else {
    const found = locate(header, COIN_COLUMNS, ['date', 'hash', 'amount'], {
      date: 'Date',
      hash: 'Hash',
      amount: 'Amount',
      direction: 'Direction',
      address: 'Address',
      balance: 'Balance',
    });
    if ('missing' in found) return { ok: false, fileProblem: STATEMENT_MSG.missingColumns(found.missing), problems: [] };
    const col = found.index;
    for (const record of rows) {
      readRow(record, () => {
        const errors: string[] = [];
        const dateText = cellOf(record, col.date);
        const occurredAt = parseStatementDate(dateText);
        if (!occurredAt) errors.push(STATEMENT_MSG.lineDate(dateText));
        const hash = cellOf(record, col.hash);
        const hashKey = toTransactionKey(hash);
        if (!hashKey) errors.push(STATEMENT_MSG.lineHash);
        const amountText = cellOf(record, col.amount);
        const signed = parseStatementAmount(amountText);
        if (signed === undefined || signed === null) errors.push(STATEMENT_MSG.lineAmount(amountText));
        else if (new Dec(signed).isZero()) errors.push(STATEMENT_MSG.lineZero);
        const directionText = headerKey(cellOf(record, col.direction));
        let direction: 'in' | 'out' | null = null;
        if (['in', 'incoming', 'received', 'receive', 'deposit', 'credit'].includes(directionText)) direction = 'in';
        else if (['out', 'outgoing', 'sent', 'send', 'withdrawal', 'withdraw', 'debit'].includes(directionText)) direction = 'out';
        else if (directionText === '' && signed) direction = signed.startsWith('-') ? 'out' : 'in';
        else errors.push(STATEMENT_MSG.lineDirection(cellOf(record, col.direction)));
        const balanceText = cellOf(record, col.balance);
        const balance = parseStatementAmount(balanceText);
        if (balance === undefined) errors.push(STATEMENT_MSG.lineBalance(balanceText));
        if (errors.length > 0 || !occurredAt || !signed || !direction || !hashKey || balance === undefined) return errors;
        const amount = new Dec(signed).abs().toFixed();
        const address = cellOf(record, col.address);
        // One transaction can move a wallet's coins in and out (change): its hash, direction and amount name one line.
        const chainKey = /^0x[a-z0-9]+$/.test(hashKey) ? hashKey.slice(2) : hashKey;
        return {
          lineNumber: record.lineNumber,
          occurredAt,
          direction,
          amount,
          reference: hash,
          counterparty: address === '' ? null : address,
          description: null,
          balance,
          identity: `tx:${chainKey}:${direction}:${amount}`,
          raw: rawOf(header, record),
        };
      });
    }
  }
  if (problems.length > 0) return { ok: false, fileProblem: null, problems };
  if (lines.length === 0 && skipped === 0) return { ok: false, fileProblem: STATEMENT_MSG.noLines, problems: [] };
  return { ok: true, lines, skipped };
}

/** Which parse options a format takes, for the service. */
export type TFormat = TStatementFormat;
