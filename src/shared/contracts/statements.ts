import { z } from 'zod';
import { DB_INT_MAX } from './common.js';

/**
 * Statement import and reconciliation (issue 28 point 5, docs/decisions/039): staff upload a
 * business account's statement (the MTN MoMo merchant portal's CSV, a mapped bank or wallet CSV,
 * a coin wallet's transaction export); each incoming line is matched to an order or becomes an
 * item of the exceptions queue that staff resolve.
 */

/** The file's shape: MTN's merchant portal export, a CSV read through the account's saved column mapping, a coin wallet's export. */
export const STATEMENT_FORMATS = ['mtn', 'mapped', 'coin'] as const;
export type TStatementFormat = (typeof STATEMENT_FORMATS)[number];
/** What an import is: an uploaded file, or the texts of an SMS forwarder (docs/decisions/059), one import per device. */
export const IMPORT_FORMATS = [...STATEMENT_FORMATS, 'sms'] as const;
export type TImportFormat = (typeof IMPORT_FORMATS)[number];

/** What reconciliation made of a line. */
export const LINE_RESULTS = [
  'matched',
  'no_order',
  'short_payment',
  'over_payment',
  'ambiguous',
  'outgoing',
  'linked',
  'refunded',
  'written_off',
] as const;
export type TLineResult = (typeof LINE_RESULTS)[number];

/** The kinds of item in the exceptions queue: a line that is not a clean match, or a paid order no line shows. */
/** The last two come from the chain watchers (docs/decisions/058): a deposit after the order expired, a deposit gone from the chain. */
export const EXCEPTION_KINDS = [
  'no_order',
  'short_payment',
  'over_payment',
  'ambiguous',
  'no_statement_line',
  'late_deposit',
  'deposit_reorged',
  // A forwarded text that could not be read (docs/decisions/059).
  'sms_unparsed',
  // A buy's payout that the chain does not show as ordered, or not at all (docs/decisions/067).
  'payout_mismatch',
  'payout_not_found',
] as const;
export type TExceptionKind = (typeof EXCEPTION_KINDS)[number];
export const EXCEPTION_STATUSES = ['open', 'linked', 'refunded', 'written_off'] as const;
export type TExceptionStatus = (typeof EXCEPTION_STATUSES)[number];
export const RESOLUTIONS = ['link', 'refund', 'write_off'] as const;
export type TResolution = (typeof RESOLUTIONS)[number];

export const LINE_RESULT_LABELS: Record<TLineResult, string> = {
  matched: 'Matched',
  no_order: 'Money received with no order',
  short_payment: 'Short payment',
  over_payment: 'Over payment',
  ambiguous: 'Needs a person: more than one order fits',
  outgoing: 'Money out',
  linked: 'Linked by staff',
  refunded: 'Refunded',
  written_off: 'Written off',
};

export const EXCEPTION_KIND_LABELS: Record<TExceptionKind, string> = {
  no_order: 'Money received with no order',
  short_payment: 'Short payment',
  over_payment: 'Over payment',
  ambiguous: 'More than one order fits',
  no_statement_line: 'Marked paid, no statement line',
  sms_unparsed: 'Forwarded text not understood',
  late_deposit: 'Deposit after the order expired',
  deposit_reorged: 'Deposit gone from the chain (reorg)',
  payout_mismatch: 'Payout on chain not as ordered',
  payout_not_found: 'Payout not found on chain',
};

/**
 * Items with no money of their own to link or refund: staff act where the money is (the order's
 * page, the customer) and close the item with what was done (written off with the reason).
 */
export const WRITE_OFF_ONLY_KINDS: readonly TExceptionKind[] = ['sms_unparsed', 'payout_mismatch', 'payout_not_found'];

export const EXCEPTION_STATUS_LABELS: Record<TExceptionStatus, string> = {
  open: 'Open',
  linked: 'Linked to an order',
  refunded: 'Refunded',
  written_off: 'Written off',
};

export const STATEMENT_MSG = {
  fileRequired: 'Choose a statement file (CSV).',
  fileEmpty: 'The file is empty.',
  fileTooLarge: 'The statement is too large: upload at most 2 MB (split it by date).',
  notCsv: 'The file is not a CSV text file.',
  accountRequired: 'Choose the business account the statement is of.',
  accountUnknown: 'This payment method does not exist.',
  walletUnknown: 'Choose a coin and a network the business has a wallet on.',
  formatForAccount: 'An MTN or mapped statement is of a payment method; a coin export is of a coin wallet.',
  mappingMissing: 'Save a column mapping for this account first: which column holds the date, the amount, the reference.',
  missingColumns: (columns: string[]) => `The header row has no column ${columns.map((c) => `"${c}"`).join(', ')}.`,
  noHeader: 'The first line must be the header row with the column names.',
  noLines: 'The file has a header but no transaction lines.',
  tooManyLines: (max: number) => `The statement has more than ${max} lines: split it by date.`,
  badLines: (count: number) =>
    `${count === 1 ? 'One line' : `${count} lines`} could not be read: nothing was imported. Correct the file and upload it again.`,
  lineDate: (value: string) => `the date "${value}" is not a date (use 2026-11-28 14:05, 28/11/2026 14:05 or ISO 8601).`,
  lineAmount: (value: string) => `the amount "${value}" is not a number (digits, one decimal point, optional thousands commas).`,
  lineZero: 'the amount is zero.',
  lineBalance: (value: string) => `the balance "${value}" is not a number.`,
  lineDirection: (value: string) => `the direction "${value}" is neither in nor out.`,
  lineBothSides: 'both the credit and the debit column hold an amount.',
  lineNoAmount: 'neither the credit nor the debit column holds an amount.',
  lineHash: 'the transaction hash is empty.',
  lineColumns: (expected: number, found: number) => `it has ${found} cells, the header ${expected}.`,
  lineQuote: 'a quoted cell is not closed.',
  lineReference: 'the transaction id is empty.',
  imported: (fresh: number, known: number) =>
    known === 0 ? `Imported ${fresh} lines.` : `Imported ${fresh} new lines; ${known} were imported before and changed nothing.`,
  alreadyImported: 'This file was imported before: nothing changed.',
  mappingSaved: 'Column mapping saved.',
  mappingColumnRequired: 'Name the column.',
  mappingAmountRequired: 'Name either the amount column or both the credit and the debit columns.',
  settingsSaved: 'Reconciliation settings saved.',
  exceptionNotFound: 'Item not found.',
  exceptionResolved: 'This item was already resolved.',
  importNotFound: 'Import not found.',
  orderRequired: 'Choose the order this money is for.',
  orderNotFound: 'No order with this number.',
  orderHasLine: 'This order already has a statement line as its payment.',
  lineRequired: 'Choose the statement line that paid this order.',
  lineNotFound: 'No statement line with this number.',
  lineTaken: 'This statement line is already the payment of an order.',
  lineNotIncoming: 'Only money received can be the payment of an order.',
  referenceRequired: 'Enter the refund reference (the MoMo or bank transaction id, or the on-chain hash).',
  reasonRequired: 'Give the reason.',
  refundNeedsMoney: 'Only money received can be refunded; write this item off with a reason instead.',
  smsWriteOffOnly:
    'A text that was not understood has no amount to link or refund: confirm the order from its page if it paid one, then write this item off with the reason.',
  payoutWriteOffOnly:
    'A payout the chain does not show as ordered is settled with the customer (a new payout, or a record of what happened); then write this item off with what was done as the reason.',
  resolvedLinked: 'Linked to the order.',
  resolvedRefunded: 'Recorded as refunded.',
  resolvedWrittenOff: 'Written off.',
} as const;

/** One business account a statement is of: a payment method (MoMo wallet or bank account) or a coin wallet. */
export type TStatementAccount = { paymentMethodId: number } | { coin: string; network: string };

/**
 * The account as the upload names it: `pm:<payment method id>` or `wallet:<COIN>:<network>`
 * (the `account_key` of the statement tables).
 */
export const ZStatementAccountKey = z
  .string({ message: STATEMENT_MSG.accountRequired })
  .trim()
  .min(1, STATEMENT_MSG.accountRequired)
  .max(40)
  .refine((key) => parseAccountKey(key) !== null, STATEMENT_MSG.accountRequired);

export function parseAccountKey(key: string): TStatementAccount | null {
  const method = /^pm:(\d{1,10})$/.exec(key);
  if (method) {
    const id = Number(method[1]);
    return id >= 1 && id <= DB_INT_MAX ? { paymentMethodId: id } : null;
  }
  const wallet = /^wallet:([A-Za-z0-9]{2,10}):([A-Z0-9]{2,10})$/.exec(key);
  return wallet ? { coin: wallet[1]!.toUpperCase(), network: wallet[2]! } : null;
}

/**
 * Largest statement: 2 MB of CSV and 5,000 lines (a month of a busy wallet; split larger ones by
 * date). 5,000 lines of unexplained money take about a minute to import (docs/decisions/039).
 */
export const STATEMENT_MAX_CHARS = 2_000_000;
export const STATEMENT_MAX_LINES = 5_000;

/** POST /api/admin/statements: the CSV's text as the browser read it, and the account. */
export const ZStatementUpload = z
  .object({
    account: ZStatementAccountKey,
    format: z.enum(STATEMENT_FORMATS),
    fileName: z.string().trim().max(200).default(''),
    csv: z.string().min(1, STATEMENT_MSG.fileEmpty).max(STATEMENT_MAX_CHARS, STATEMENT_MSG.fileTooLarge),
  })
  .strict();
export type TStatementUpload = z.infer<typeof ZStatementUpload>;

const ZColumnName = z.string().trim().min(1, STATEMENT_MSG.mappingColumnRequired).max(100);
const ZOptionalColumn = z.string().trim().max(100).default('');

/**
 * Which header names a payment method's CSV uses (compared without case and spaces). The amount
 * is one signed column, or a credit and a debit column. Dates are read as in the MTN format.
 */
export const ZColumnMapping = z
  .object({
    date: ZColumnName,
    amount: ZOptionalColumn,
    credit: ZOptionalColumn,
    debit: ZOptionalColumn,
    reference: ZColumnName,
    counterparty: ZOptionalColumn,
    description: ZOptionalColumn,
    balance: ZOptionalColumn,
  })
  .strict()
  .refine((m) => m.amount !== '' || (m.credit !== '' && m.debit !== ''), {
    message: STATEMENT_MSG.mappingAmountRequired,
    path: ['amount'],
  });
export type TColumnMapping = z.infer<typeof ZColumnMapping>;

export const ZMappingResponse = z.object({ paymentMethodId: z.number(), mapping: ZColumnMapping.nullable() });

/** Reconciliation settings (issue 28 point 5). */
export const ZReconciliationSettings = z
  .object({
    /** A clean match of a paid order confirms its payment by itself. Off by default. */
    confirmMatchedPayments: z.boolean(),
    /** A line matches an order sent within this many hours before or after it (the order's "I have paid", or its creation). */
    matchWindowHours: z.number().int().min(1).max(720),
    /** An order marked paid this many hours ago with no statement line is an item of the queue. */
    unpaidAfterHours: z.number().int().min(1).max(720),
  })
  .strict();
export type TReconciliationSettings = z.infer<typeof ZReconciliationSettings>;

export const ZStatementImport = z.object({
  id: z.number(),
  accountLabel: z.string(),
  format: z.enum(IMPORT_FORMATS),
  fileName: z.string(),
  lineCount: z.number(),
  newLineCount: z.number(),
  importedBy: z.string().nullable(),
  importedAt: z.string(),
  closingBalance: z.string().nullable(),
});
export type TStatementImport = z.infer<typeof ZStatementImport>;

export const ZImportResult = z.object({
  import: ZStatementImport,
  duplicate: z.boolean(),
  message: z.string(),
  results: z.record(z.string(), z.number()),
  confirmed: z.number(),
});
export type TImportResult = z.infer<typeof ZImportResult>;

export const ZStatementLine = z.object({
  id: z.number(),
  lineNumber: z.number(),
  occurredAt: z.string(),
  direction: z.enum(['in', 'out']),
  amount: z.string(),
  asset: z.string(),
  reference: z.string().nullable(),
  counterparty: z.string().nullable(),
  description: z.string().nullable(),
  balance: z.string().nullable(),
  result: z.enum(LINE_RESULTS),
  orderId: z.number().nullable(),
});
export type TStatementLine = z.infer<typeof ZStatementLine>;

export const ZStatementLines = z.object({ import: ZStatementImport, lines: z.array(ZStatementLine) });
export const ZStatementImports = z.object({ imports: z.array(ZStatementImport) });

export const ZStatementException = z.object({
  id: z.number(),
  kind: z.enum(EXCEPTION_KINDS),
  status: z.enum(EXCEPTION_STATUSES),
  accountLabel: z.string(),
  line: ZStatementLine.nullable(),
  /** The forwarded text of an 'sms_unparsed' item (docs/decisions/059). */
  sms: z.object({ id: z.number(), sender: z.string(), body: z.string(), receivedAt: z.string() }).nullable(),
  /** The order the line names (short, over payment) or the paid order no line shows. */
  orderId: z.number().nullable(),
  /** What the order expects, when there is one. */
  expectedAmount: z.string().nullable(),
  detail: z.string(),
  resolution: z
    .object({
      by: z.string().nullable(),
      at: z.string(),
      orderId: z.number().nullable(),
      lineId: z.number().nullable(),
      reference: z.string().nullable(),
      reason: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type TStatementException = z.infer<typeof ZStatementException>;
export const ZStatementExceptions = z.object({ exceptions: z.array(ZStatementException) });
export const ZExceptionQuery = z.object({ status: z.enum(['open', 'resolved', 'all']).default('open') }).strict();

/** POST /api/admin/statements/exceptions/:id/resolve. */
export const ZResolveException = z.discriminatedUnion('resolution', [
  z
    .object({
      resolution: z.literal('link'),
      orderId: z.number({ message: STATEMENT_MSG.orderRequired }).int().min(1).max(DB_INT_MAX).optional(),
      lineId: z.number({ message: STATEMENT_MSG.lineRequired }).int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    })
    .strict(),
  z
    .object({
      resolution: z.literal('refund'),
      reference: z.string().trim().min(1, STATEMENT_MSG.referenceRequired).max(200),
      reason: z.string().trim().min(1, STATEMENT_MSG.reasonRequired).max(500),
    })
    .strict(),
  z.object({ resolution: z.literal('write_off'), reason: z.string().trim().min(1, STATEMENT_MSG.reasonRequired).max(500) }).strict(),
]);
export type TResolveException = z.infer<typeof ZResolveException>;
export const ZExceptionResponse = z.object({ exception: ZStatementException, message: z.string() });
