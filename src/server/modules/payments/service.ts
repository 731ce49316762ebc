import { createHash } from 'node:crypto';
import { paymentMethodAccount, walletAccount } from '#server/modules/ledger/order-entries.js';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, lt, notExists, or, sql } from 'drizzle-orm';
import {
  parseAccountKey,
  STATEMENT_MSG,
  WRITE_OFF_ONLY_KINDS,
  type TColumnMapping,
  type TExceptionKind,
  type TLineResult,
  type TReconciliationSettings,
  type TResolveException,
  type TStatementAccount,
  type TStatementException,
  type TStatementImport,
  type TStatementLine,
  type TStatementUpload,
  type TImportResult,
} from '#shared/contracts/statements.js';
import { Dec } from '#shared/money.js';
import { findCoinNetwork } from '#shared/networks.js';
import { paymentTxKeyOf, railOfProvider, type TPaymentRail } from '#shared/transaction-id.js';
import type { TDb, TDbOrTx, TTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { coins, paymentMethods } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { orders } from '#server/db/schema/orders.js';
import { chainDeposits } from '#server/db/schema/chain.js';
import {
  reconciliationSettings,
  statementExceptions,
  statementImports,
  statementLines,
  statementMappings,
  smsMessages,
} from '#server/db/schema/statements.js';
import { writeAudit } from '#server/lib/audit.js';
import { isUniqueViolation } from '#server/lib/db-errors.js';
import { AppError, notFound } from '#server/lib/errors.js';
import type { TActor } from '#server/plugins/access.js';
import { postEntry, reverseEntry, type TAccountSpec } from '#server/modules/ledger/service.js';
import { parseStatement, numberKey, type TParsedLine } from './parse.js';

/**
 * Statement import and reconciliation (issue 28 point 5, docs/decisions/039): a business account's
 * statement is read whole or not at all, its new lines are matched to orders, every line that is
 * not a clean match is an item of the exceptions queue, and money received that no order claims
 * sits in a suspense account of the ledger until staff link, refund or write it off.
 */

/** The confirmation the order lifecycle takes (its `confirmPayment`), called for a clean match when the setting is on. */
export type TConfirmMatchedPayment = (input: {
  actor: 'system';
  id: number;
  ip: string;
  confirmation: { amountReceived: string; accountId: number; receivedAt: Date; evidenceKind: TMatchEvidenceKind; evidence: string };
}) => Promise<unknown>;

/** The evidence of a matched payment: a statement's line, or the wallet's own forwarded text (docs/decisions/059). */
export type TMatchEvidenceKind = 'statement_line' | 'sms_receipt';

export type TPaymentsDeps = {
  db: TDb;
  now?: () => Date;
  /** Wired to the order lifecycle's confirmPayment in app.ts; absent, a clean match waits for staff. */
  confirmMatchedPayment?: TConfirmMatchedPayment;
  log?: { warn: (details: object, message: string) => void };
};

const nowOf = (deps: TPaymentsDeps) => (deps.now ? deps.now() : new Date());

/** A business account a statement is of, resolved. */
export type TResolvedAccount = {
  key: string;
  label: string;
  asset: string;
  ledger: TAccountSpec;
  paymentMethodId: number | null;
  coin: string | null;
  network: string | null;
  /** The MoMo number of the wallet (MTN's export says which side of a line it is on). */
  ownNumber: string | null;
  rail: TPaymentRail;
};

/** The account key of a payment method or a coin wallet (statement_* tables' `account_key`). */
export function accountKeyOf(account: TStatementAccount): string {
  return 'paymentMethodId' in account ? `pm:${account.paymentMethodId}` : `wallet:${account.coin.toUpperCase()}:${account.network}`;
}

export async function resolveAccount(db: TDbOrTx, account: TStatementAccount): Promise<TResolvedAccount> {
  if ('paymentMethodId' in account) {
    const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, account.paymentMethodId));
    if (!method) throw new AppError('VALIDATION', STATEMENT_MSG.accountUnknown, { fields: { account: STATEMENT_MSG.accountUnknown } });
    const details = method.details;
    const isMomo = details.type === 'momo';
    return {
      key: accountKeyOf(account),
      label: method.name,
      asset: 'GHS',
      // The same account the order lifecycle posts to (modules/ledger/order-entries.ts).
      ledger: paymentMethodAccount(method),
      paymentMethodId: method.id,
      coin: null,
      network: null,
      ownNumber: isMomo ? details.number : null,
      rail: isMomo ? (railOfProvider(details.provider) ?? 'mtn') : 'bank',
    };
  }
  const symbol = account.coin.toLowerCase();
  const [coin] = await db.select().from(coins).where(eq(coins.symbol, symbol));
  if (!coin || !findCoinNetwork(symbol, account.network))
    throw new AppError('VALIDATION', STATEMENT_MSG.walletUnknown, { fields: { account: STATEMENT_MSG.walletUnknown } });
  const asset = symbol.toUpperCase();
  return {
    key: accountKeyOf(account),
    label: walletAccount(symbol, account.network).name,
    asset,
    ledger: walletAccount(symbol, account.network),
    paymentMethodId: null,
    coin: symbol,
    network: account.network,
    ownNumber: null,
    rail: 'chain',
  };
}

export const suspenseAccount = (asset: string): TAccountSpec => ({
  code: `liability:suspense:${asset}`,
  kind: 'liability',
  asset,
  name: `Unidentified receipts (${asset})`,
});
const writeOffAccount = (asset: string): TAccountSpec => ({
  code: `revenue:written_off:${asset}`,
  kind: 'revenue',
  asset,
  name: `Unclaimed receipts written off (${asset})`,
});

// --- settings and mappings ---

export async function getReconciliationSettings(db: TDbOrTx): Promise<TReconciliationSettings> {
  const [row] = await db.select().from(reconciliationSettings).where(eq(reconciliationSettings.id, 1));
  return {
    confirmMatchedPayments: row?.confirmMatchedPayments ?? false,
    matchWindowHours: row?.matchWindowHours ?? 48,
    unpaidAfterHours: row?.unpaidAfterHours ?? 24,
  };
}

export async function updateReconciliationSettings(deps: TPaymentsDeps, actor: TActor, input: TReconciliationSettings, ip: string) {
  return deps.db.transaction(async (tx) => {
    const before = await getReconciliationSettings(tx);
    await tx
      .insert(reconciliationSettings)
      .values({ id: 1, ...input, updatedAt: nowOf(deps) })
      .onConflictDoUpdate({ target: reconciliationSettings.id, set: { ...input, updatedAt: nowOf(deps) } });
    await writeAudit(tx, {
      actor,
      action: 'statements.settings',
      targetType: 'settings',
      targetId: 'reconciliation',
      before,
      after: input,
      ip,
    });
    return input;
  });
}

export async function getMapping(db: TDbOrTx, paymentMethodId: number): Promise<TColumnMapping | null> {
  const [row] = await db.select().from(statementMappings).where(eq(statementMappings.paymentMethodId, paymentMethodId));
  return row?.mapping ?? null;
}

export async function saveMapping(deps: TPaymentsDeps, actor: TActor, paymentMethodId: number, mapping: TColumnMapping, ip: string) {
  return deps.db.transaction(async (tx) => {
    await resolveAccount(tx, { paymentMethodId });
    const before = await getMapping(tx, paymentMethodId);
    await tx
      .insert(statementMappings)
      .values({ paymentMethodId, mapping, updatedBy: actor.id, updatedAt: nowOf(deps) })
      .onConflictDoUpdate({ target: statementMappings.paymentMethodId, set: { mapping, updatedBy: actor.id, updatedAt: nowOf(deps) } });
    await writeAudit(tx, {
      actor,
      action: 'statements.mapping',
      targetType: 'payment_method',
      targetId: paymentMethodId,
      before,
      after: mapping,
      ip,
    });
    return mapping;
  });
}

// --- matching ---

const REFERENCE_IN_TEXT = /(?=(CC[ACDEFGHJKMNPQRTUVWXY34679]{6}))/g;

/** The order payment references a line's text may hold ('Ref CC7KQ2MX', 'cc-7kq2mx'), upper case. */
export function referencesIn(...texts: (string | null)[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    const upper = text.toUpperCase();
    for (const variant of [upper, upper.replace(/[^A-Z0-9]/g, '')]) {
      for (const match of variant.matchAll(REFERENCE_IN_TEXT)) found.add(match[1]!);
    }
  }
  return [...found];
}

/** The transaction-id keys a line may carry: its reference, and the longer words of its description. */
function txKeysOf(line: TParsedLine, rail: TPaymentRail): string[] {
  const keys = new Set<string>();
  if (line.reference) {
    const key = paymentTxKeyOf(rail, line.reference);
    if (key) keys.add(key);
  }
  for (const word of (line.description ?? '').split(/[\s·,;]+/)) {
    if (word.length < 8) continue;
    const key = paymentTxKeyOf(rail, word);
    if (key && key.length >= 8) keys.add(key);
  }
  return [...keys];
}

type TOrderRow = typeof orders.$inferSelect;
type TMatch = { result: Exclude<TLineResult, 'outgoing' | 'linked' | 'refunded' | 'written_off'>; order: TOrderRow | null; detail: string };

const OPEN_STATUSES = ['awaiting_payment', 'payment_submitted', 'awaiting_deposit', 'deposit_submitted', 'deposit_detected'];

/** What the order expects on this account: cedis for a buy, the coin for a sell. */
function expectedAmount(order: TOrderRow): string {
  if (order.type === 'sell') return order.amountCrypto;
  return order.amountGhs ?? order.amountFiat;
}

function withinWindow(order: TOrderRow, at: Date, hours: number): boolean {
  const anchor = order.submittedAt ?? order.createdAt;
  return Math.abs(at.getTime() - anchor.getTime()) <= hours * 3_600_000;
}

/** The orders of the account's side: buys paid into this payment method, or sells of this coin on this network. */
function ordersOfAccount(account: TResolvedAccount) {
  return account.paymentMethodId !== null
    ? and(eq(orders.type, 'buy'), eq(orders.paymentMethodId, account.paymentMethodId))
    : and(
        eq(orders.type, 'sell'),
        eq(orders.coinSymbol, account.coin!),
        // A sell of a coin with one network may not name it (a BTC sell): it is on that one.
        findCoinNetwork(account.coin!, null)?.network === account.network
          ? or(eq(orders.network, account.network!), isNull(orders.network))
          : eq(orders.network, account.network!),
      );
}

const hasNoLine = notExists(sql`(select 1 from ${statementLines} where ${statementLines.orderId} = ${orders.id})`);

/**
 * Which order an incoming line pays (docs/decisions/039): first by an identifier the customer gave
 * (the order's payment reference in the line's text, or the transaction id they typed), then by
 * payer number and exact amount. The window (a setting) bounds every match. More than one order,
 * an order that already has its line, or one that is no longer open is a person's decision: the
 * queue, never a guess.
 */
async function matchLine(tx: TTx, account: TResolvedAccount, line: TParsedLine, windowHours: number): Promise<TMatch> {
  const references = account.paymentMethodId !== null ? referencesIn(line.reference, line.description) : [];
  const keys = txKeysOf(line, account.rail);
  const identified =
    references.length + keys.length === 0
      ? []
      : await tx
          .select()
          .from(orders)
          .where(
            and(
              ordersOfAccount(account),
              or(
                references.length > 0 ? inArray(orders.paymentReference, references) : undefined,
                keys.length > 0 ? inArray(orders.paymentTxKey, keys) : undefined,
              ),
            ),
          );
  if (identified.length > 1)
    return { result: 'ambiguous', order: null, detail: `The line names orders ${identified.map((o) => `#${o.id}`).join(', ')}.` };
  const [named] = identified;
  if (named) {
    const [taken] = await tx.select({ id: statementLines.id }).from(statementLines).where(eq(statementLines.orderId, named.id));
    if (taken)
      return { result: 'ambiguous', order: named, detail: `Order #${named.id} already has statement line ${taken.id} as its payment.` };
    if (!withinWindow(named, line.occurredAt, windowHours))
      return { result: 'ambiguous', order: named, detail: `Order #${named.id} was paid more than ${windowHours} hours from this line.` };
    const expected = new Dec(expectedAmount(named));
    const received = new Dec(line.amount);
    if (!OPEN_STATUSES.includes(named.status) && !received.eq(expected))
      return { result: 'ambiguous', order: named, detail: `Order #${named.id} is ${named.status.replace(/_/g, ' ')}.` };
    if (['cancelled', 'expired'].includes(named.status))
      return { result: 'ambiguous', order: named, detail: `Order #${named.id} is ${named.status}: the money came after it ended.` };
    if (received.eq(expected)) return { result: 'matched', order: named, detail: '' };
    return received.lt(expected)
      ? {
          result: 'short_payment',
          order: named,
          detail: `Order #${named.id} expects ${expected.toFixed()}; ${received.toFixed()} arrived.`,
        }
      : {
          result: 'over_payment',
          order: named,
          detail: `Order #${named.id} expects ${expected.toFixed()}; ${received.toFixed()} arrived.`,
        };
  }
  const payer = numberKey(line.counterparty);
  if (account.paymentMethodId !== null && payer) {
    const from = new Date(line.occurredAt.getTime() - windowHours * 3_600_000);
    const to = new Date(line.occurredAt.getTime() + windowHours * 3_600_000);
    const anchor = sql`coalesce(${orders.submittedAt}, ${orders.createdAt})`;
    const byNumber = await tx
      .select()
      .from(orders)
      .where(
        and(
          ordersOfAccount(account),
          eq(orders.payerNumberKey, payer),
          inArray(orders.status, ['awaiting_payment', 'payment_submitted']),
          sql`${orders.amountGhs} = ${line.amount}`,
          sql`${anchor} between ${from.toISOString()} and ${to.toISOString()}`,
          hasNoLine,
        ),
      );
    if (byNumber.length === 1) return { result: 'matched', order: byNumber[0]!, detail: '' };
    if (byNumber.length > 1)
      return {
        result: 'ambiguous',
        order: null,
        detail: `Orders ${byNumber.map((o) => `#${o.id}`).join(', ')} have this payer number and amount.`,
      };
  }
  return { result: 'no_order', order: null, detail: 'No order names this payment.' };
}

/** Closes the "no statement line" item of an order that a line now pays. */
async function closeUnpaidItem(tx: TTx, orderId: number, lineId: number, at: Date) {
  await tx
    .update(statementExceptions)
    .set({ status: 'linked', resolvedAt: at, resolvedLineId: lineId, reason: 'A statement line paid it.' })
    .where(
      and(
        eq(statementExceptions.orderId, orderId),
        eq(statementExceptions.kind, 'no_statement_line'),
        eq(statementExceptions.status, 'open'),
      ),
    );
}

/**
 * Orders marked paid (payment_submitted) more than `unpaidAfterHours` ago with no statement line
 * become items of the queue, once each.
 */
export async function scanUnpaidOrders(tx: TDbOrTx, now: Date, unpaidAfterHours: number): Promise<number> {
  const before = new Date(now.getTime() - unpaidAfterHours * 3_600_000);
  const due = await tx
    .select({ id: orders.id, paymentMethodId: orders.paymentMethodId })
    .from(orders)
    .where(and(eq(orders.status, 'payment_submitted'), lt(orders.submittedAt, before), hasNoLine));
  if (due.length === 0) return 0;
  const inserted = await tx
    .insert(statementExceptions)
    .values(
      due.map((order) => ({
        kind: 'no_statement_line' as const,
        accountKey: order.paymentMethodId === null ? 'pm:none' : `pm:${order.paymentMethodId}`,
        orderId: order.id,
        detail: `Marked paid more than ${unpaidAfterHours} hours ago; no imported statement shows the money.`,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: statementExceptions.id });
  return inserted.length;
}

/** A clean match of an order marked paid, to confirm through the order lifecycle once the lines are committed. */
export type TToConfirm = { orderId: number; line: TParsedLine; lineId: number };

/**
 * Records new lines of an account and matches each incoming one (matchLine), in the caller's
 * transaction: the one reconciliation of statement files and forwarded texts (docs/decisions/039,
 * 059). A line already known on the account (its identity) is skipped: `lineIds` holds null for it.
 * Every line that is not a clean match is an item of the queue and posts its money to suspense.
 */
export async function recordLines(
  tx: TTx,
  account: TResolvedAccount,
  importId: number,
  lines: TParsedLine[],
  options: {
    windowHours: number;
    now: Date;
    createdBy: string | null;
    memo: (lineId: number, line: TParsedLine, detail: string) => string;
  },
): Promise<{ results: Record<string, number>; toConfirm: TToConfirm[]; fresh: number; lineIds: Map<TParsedLine, number> }> {
  const { now } = options;
  const results: Record<string, number> = {};
  const toConfirm: TToConfirm[] = [];
  const unidentified: { lineId: number; line: TParsedLine; detail: string }[] = [];
  const lineIds = new Map<TParsedLine, number>();
  let fresh = 0;
  // In time order, so that of two lines for one order the earlier one is its payment.
  for (const line of [...lines].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || a.lineNumber - b.lineNumber)) {
    const [row] = await tx
      .insert(statementLines)
      .values({
        importId,
        accountKey: account.key,
        identity: line.identity,
        lineNumber: line.lineNumber,
        occurredAt: line.occurredAt,
        direction: line.direction,
        asset: account.asset,
        amount: line.amount,
        reference: line.reference,
        referenceKey: line.reference ? paymentTxKeyOf(account.rail, line.reference) : null,
        counterparty: line.counterparty,
        counterpartyKey: numberKey(line.counterparty),
        description: line.description,
        balance: line.balance,
        result: line.direction === 'out' ? 'outgoing' : 'no_order',
        raw: line.raw,
      })
      .onConflictDoNothing()
      .returning({ id: statementLines.id });
    if (!row) continue;
    fresh += 1;
    lineIds.set(line, row.id);
    if (line.direction === 'out') {
      results.outgoing = (results.outgoing ?? 0) + 1;
      continue;
    }
    const match = await matchLine(tx, account, line, options.windowHours);
    results[match.result] = (results[match.result] ?? 0) + 1;
    if (match.result === 'matched' && match.order) {
      await tx.update(statementLines).set({ result: 'matched', orderId: match.order.id }).where(eq(statementLines.id, row.id));
      await closeUnpaidItem(tx, match.order.id, row.id, now);
      if (match.order.status === 'payment_submitted') toConfirm.push({ orderId: match.order.id, line, lineId: row.id });
      continue;
    }
    await tx.update(statementLines).set({ result: match.result }).where(eq(statementLines.id, row.id));
    await tx.insert(statementExceptions).values({
      kind: match.result as TExceptionKind,
      accountKey: account.key,
      lineId: row.id,
      orderId: match.order?.id ?? null,
      detail: match.detail,
      createdAt: now,
    });
    unidentified.push({ lineId: row.id, line, detail: match.detail });
  }
  // The suspense entries last: posting locks the ledger's head until this transaction commits
  // (docs/decisions/037), so order transitions wait only for this part, not for the matching.
  for (const { lineId, line, detail } of unidentified) {
    const entry = await postEntry(tx, {
      kind: 'unidentified_receipt',
      memo: options.memo(lineId, line, detail),
      createdBy: options.createdBy,
      at: now,
      postings: [
        { account: account.ledger, amount: line.amount },
        { account: suspenseAccount(account.asset), amount: new Dec(line.amount).negated().toFixed() },
      ],
    });
    await tx.update(statementLines).set({ suspenseEntryId: entry.id }).where(eq(statementLines.id, lineId));
  }
  return { results, toConfirm, fresh, lineIds };
}

/**
 * "Confirm payments matched by a statement" (the setting, checked by the caller): each clean match
 * of an order marked paid is confirmed by the order lifecycle as the system, after the lines'
 * transaction committed. A refusal (the order moved meanwhile) leaves the match for staff.
 */
export async function confirmMatches(
  deps: TPaymentsDeps,
  account: TResolvedAccount,
  items: TToConfirm[],
  ip: string,
  evidenceOf: (item: TToConfirm) => { kind: TMatchEvidenceKind; text: string },
): Promise<number> {
  if (!deps.confirmMatchedPayment || account.paymentMethodId === null) return 0;
  let confirmed = 0;
  for (const item of items) {
    const evidence = evidenceOf(item);
    try {
      await deps.confirmMatchedPayment({
        actor: 'system',
        id: item.orderId,
        ip,
        confirmation: {
          amountReceived: item.line.amount,
          accountId: account.paymentMethodId,
          receivedAt: item.line.occurredAt,
          evidenceKind: evidence.kind,
          evidence: evidence.text,
        },
      });
      confirmed += 1;
    } catch (error) {
      // The match stays; staff confirm the order by hand (the order may have moved meanwhile).
      deps.log?.warn({ err: error, orderId: item.orderId }, 'reconciliation match: the order was not confirmed');
    }
  }
  return confirmed;
}

/**
 * A payment matched before its order was marked paid: the wallet's text usually arrives while the
 * customer is still in the MoMo menu, before "I have paid" (docs/decisions/059). With the setting
 * on, each order now marked paid whose line matched it earlier is confirmed like a fresh match
 * (a periodic job, src/server/app.ts). Answers how many were confirmed.
 */
export async function confirmEarlierMatches(deps: TPaymentsDeps, limit = 100): Promise<number> {
  const settings = await getReconciliationSettings(deps.db);
  if (!settings.confirmMatchedPayments || !deps.confirmMatchedPayment) return 0;
  const due = await deps.db
    .select({ line: statementLines, format: statementImports.format, label: statementImports.fileName })
    .from(statementLines)
    .innerJoin(orders, eq(orders.id, statementLines.orderId))
    .innerJoin(statementImports, eq(statementImports.id, statementLines.importId))
    .where(and(eq(statementLines.result, 'matched'), eq(orders.status, 'payment_submitted'), eq(statementLines.direction, 'in')))
    .orderBy(asc(statementLines.id))
    .limit(limit);
  let confirmed = 0;
  for (const { line, format, label } of due) {
    const account = await resolveAccount(deps.db, parseAccountKey(line.accountKey)!);
    const parsed: TParsedLine = {
      lineNumber: line.lineNumber,
      occurredAt: line.occurredAt,
      direction: 'in',
      amount: new Dec(line.amount).toFixed(),
      reference: line.reference,
      counterparty: line.counterparty,
      description: line.description,
      balance: line.balance,
      identity: line.identity,
      raw: line.raw,
    };
    confirmed += await confirmMatches(deps, account, [{ orderId: line.orderId!, line: parsed, lineId: line.id }], 'system', (item) =>
      format === 'sms'
        ? { kind: 'sms_receipt', text: `Forwarded text, line ${item.lineId} of "${label}": ${line.raw.text ?? ''}`.slice(0, 500) }
        : {
            kind: 'statement_line',
            text: `Statement line ${item.lineId}: ${account.label}, ${line.reference ?? 'no reference'}, line ${line.lineNumber}`,
          },
    );
  }
  return confirmed;
}

// --- import ---

function lineProblemsError(problems: { line: number; message: string }[]): AppError {
  const byLine = new Map<number, string[]>();
  for (const problem of problems) byLine.set(problem.line, [...(byLine.get(problem.line) ?? []), problem.message]);
  const fields: Record<string, string> = {};
  for (const [line, messages] of [...byLine].slice(0, 100)) fields[`line ${line}`] = `Line ${line}: ${messages.join(' ')}`;
  return new AppError('VALIDATION', STATEMENT_MSG.badLines(byLine.size), { fields });
}

/**
 * Imports a statement: the whole file or nothing. The same file on the same account, or a line
 * already imported from an overlapping file, changes nothing. New incoming lines are matched
 * (matchLine); a line that is not a clean match posts its money to suspense and becomes an item of
 * the queue. With "confirm payments matched by a statement" on, each clean match of an order in
 * payment_submitted is confirmed through the order lifecycle after the import commits.
 */
export async function importStatement(deps: TPaymentsDeps, actor: TActor, input: TStatementUpload, ip: string): Promise<TImportResult> {
  const named = parseAccountKey(input.account);
  if (!named) throw new AppError('VALIDATION', STATEMENT_MSG.accountRequired, { fields: { account: STATEMENT_MSG.accountRequired } });
  if ((input.format === 'coin') === 'paymentMethodId' in named)
    throw new AppError('VALIDATION', STATEMENT_MSG.formatForAccount, { fields: { format: STATEMENT_MSG.formatForAccount } });
  const account = await resolveAccount(deps.db, named);
  let parsed;
  if (input.format === 'mapped') {
    const mapping = await getMapping(deps.db, account.paymentMethodId!);
    if (!mapping) throw new AppError('VALIDATION', STATEMENT_MSG.mappingMissing, { fields: { format: STATEMENT_MSG.mappingMissing } });
    parsed = parseStatement(input.csv, { format: 'mapped', mapping });
  } else if (input.format === 'mtn') {
    parsed = parseStatement(input.csv, { format: 'mtn', ownNumber: account.ownNumber });
  } else {
    parsed = parseStatement(input.csv, { format: 'coin' });
  }
  if (!parsed.ok) {
    if (parsed.fileProblem) throw new AppError('VALIDATION', parsed.fileProblem, { fields: { csv: parsed.fileProblem } });
    throw lineProblemsError(parsed.problems);
  }
  const lines = parsed.lines;
  const fileHash = createHash('sha256').update(input.csv).digest('hex');
  const settings = await getReconciliationSettings(deps.db);
  const now = nowOf(deps);

  const outcome = await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(statementImports)
      .where(and(eq(statementImports.accountKey, account.key), eq(statementImports.fileHash, fileHash)));
    if (existing) return { importId: existing.id, duplicate: true, results: {}, toConfirm: [] };
    // Another file holding only lines imported before (the same statement exported again): nothing to add.
    let latest = 0;
    let known = 0;
    const identities = lines.map((line) => line.identity);
    for (let i = 0; i < identities.length; i += 1000) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int`, latest: sql<number | null>`max(${statementLines.importId})` })
        .from(statementLines)
        .where(and(eq(statementLines.accountKey, account.key), inArray(statementLines.identity, identities.slice(i, i + 1000))));
      known += row?.n ?? 0;
      latest = Math.max(latest, row?.latest ?? 0);
    }
    if (known === lines.length && latest > 0) return { importId: latest, duplicate: true, results: {}, toConfirm: [] };
    const [created] = await tx
      .insert(statementImports)
      .values({
        accountKey: account.key,
        paymentMethodId: account.paymentMethodId,
        coin: account.coin,
        network: account.network,
        format: input.format,
        fileName: input.fileName,
        fileHash,
        lineCount: lines.length,
        newLineCount: 0,
        importedBy: actor.id,
        importedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      const other = firstOrThrow(
        await tx
          .select()
          .from(statementImports)
          .where(and(eq(statementImports.accountKey, account.key), eq(statementImports.fileHash, fileHash))),
      );
      return { importId: other.id, duplicate: true, results: {}, toConfirm: [] };
    }
    const { results, toConfirm, fresh } = await recordLines(tx, account, created.id, lines, {
      windowHours: settings.matchWindowHours,
      now,
      createdBy: actor.id,
      memo: (lineId, line, detail) => `Statement line ${lineId} (${account.label}, line ${line.lineNumber}): ${detail}`,
    });
    await tx.update(statementImports).set({ newLineCount: fresh }).where(eq(statementImports.id, created.id));
    await scanUnpaidOrders(tx, now, settings.unpaidAfterHours);
    await writeAudit(tx, {
      actor,
      action: 'statements.import',
      targetType: 'statement_import',
      targetId: created.id,
      after: { account: account.key, format: input.format, fileName: input.fileName, lines: lines.length, newLines: fresh, results },
      ip,
    });
    return { importId: created.id, duplicate: false, results, toConfirm };
  });

  const confirmed =
    !outcome.duplicate && settings.confirmMatchedPayments
      ? await confirmMatches(deps, account, outcome.toConfirm, ip, (item) => ({
          kind: 'statement_line',
          text: `Statement line ${item.lineId}: ${account.label}, ${item.line.reference ?? 'no reference'}, line ${item.line.lineNumber}`,
        }))
      : 0;
  const imported = await getImport(deps.db, outcome.importId);
  const known = lines.length - imported.newLineCount;
  return {
    import: imported,
    duplicate: outcome.duplicate,
    message: outcome.duplicate ? STATEMENT_MSG.alreadyImported : STATEMENT_MSG.imported(imported.newLineCount, known),
    results: outcome.results,
    confirmed,
  };
}

// --- reads ---

async function accountLabels(db: TDbOrTx, keys: string[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const methodIds = keys
    .filter((k) => k.startsWith('pm:'))
    .map((k) => Number(k.slice(3)))
    .filter((id) => Number.isInteger(id));
  const methods =
    methodIds.length > 0
      ? await db
          .select({ id: paymentMethods.id, name: paymentMethods.name })
          .from(paymentMethods)
          .where(inArray(paymentMethods.id, methodIds))
      : [];
  for (const method of methods) labels.set(`pm:${method.id}`, method.name);
  for (const key of keys) {
    if (labels.has(key)) continue;
    const [, coin, network] = key.split(':');
    labels.set(key, key.startsWith('wallet:') ? `${coin} wallet (${network})` : 'No payment method');
  }
  return labels;
}

const iso = (date: Date) => date.toISOString();
const plain = (value: string | null) => (value === null ? null : new Dec(value).toFixed());

async function closingBalances(db: TDbOrTx, importIds: number[]): Promise<Map<number, string | null>> {
  if (importIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([statementLines.importId], { importId: statementLines.importId, balance: statementLines.balance })
    .from(statementLines)
    .where(and(inArray(statementLines.importId, importIds), isNotNull(statementLines.balance)))
    .orderBy(statementLines.importId, desc(statementLines.occurredAt), desc(statementLines.lineNumber));
  return new Map(rows.map((row) => [row.importId, plain(row.balance)]));
}

async function toImports(db: TDbOrTx, rows: (typeof statementImports.$inferSelect)[]): Promise<TStatementImport[]> {
  const labels = await accountLabels(db, [...new Set(rows.map((r) => r.accountKey))]);
  const balances = await closingBalances(
    db,
    rows.map((r) => r.id),
  );
  const userIds = [...new Set(rows.map((r) => r.importedBy).filter((id): id is string => id !== null))];
  const names = new Map(
    userIds.length > 0
      ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))).map((u) => [u.id, u.name])
      : [],
  );
  return rows.map((row) => ({
    id: row.id,
    accountLabel: labels.get(row.accountKey) ?? row.accountKey,
    format: row.format,
    fileName: row.fileName,
    lineCount: row.lineCount,
    newLineCount: row.newLineCount,
    importedBy: row.importedBy ? (names.get(row.importedBy) ?? null) : null,
    importedAt: iso(row.importedAt),
    closingBalance: balances.get(row.id) ?? null,
  }));
}

async function getImport(db: TDbOrTx, id: number): Promise<TStatementImport> {
  const rows = await db.select().from(statementImports).where(eq(statementImports.id, id));
  if (rows.length === 0) throw notFound(STATEMENT_MSG.importNotFound);
  return firstOrThrow(await toImports(db, rows));
}

export async function listImports(deps: TPaymentsDeps): Promise<TStatementImport[]> {
  const rows = await deps.db
    .select()
    .from(statementImports)
    .orderBy(desc(statementImports.importedAt), desc(statementImports.id))
    .limit(200);
  return toImports(deps.db, rows);
}

function toLine(row: typeof statementLines.$inferSelect): TStatementLine {
  return {
    id: row.id,
    lineNumber: row.lineNumber,
    occurredAt: iso(row.occurredAt),
    direction: row.direction,
    amount: new Dec(row.amount).toFixed(),
    asset: row.asset,
    reference: row.reference,
    counterparty: row.counterparty,
    description: row.description,
    balance: plain(row.balance),
    result: row.result,
    orderId: row.orderId,
  };
}

export async function importLines(deps: TPaymentsDeps, importId: number) {
  const imported = await getImport(deps.db, importId);
  const rows = await deps.db
    .select()
    .from(statementLines)
    .where(eq(statementLines.importId, importId))
    .orderBy(asc(statementLines.lineNumber));
  return { import: imported, lines: rows.map(toLine) };
}

export async function listExceptions(deps: TPaymentsDeps, status: 'open' | 'resolved' | 'all'): Promise<TStatementException[]> {
  const where =
    status === 'open'
      ? eq(statementExceptions.status, 'open')
      : status === 'resolved'
        ? sql`${statementExceptions.status} <> 'open'`
        : undefined;
  const rows = await deps.db
    .select()
    .from(statementExceptions)
    .where(where)
    .orderBy(desc(statementExceptions.createdAt), desc(statementExceptions.id))
    .limit(500);
  return toExceptions(deps.db, rows);
}

async function toExceptions(db: TDbOrTx, rows: (typeof statementExceptions.$inferSelect)[]): Promise<TStatementException[]> {
  const lineIds = rows.map((r) => r.lineId).filter((id): id is number => id !== null);
  const lines = new Map(
    lineIds.length > 0
      ? (await db.select().from(statementLines).where(inArray(statementLines.id, lineIds))).map((l) => [l.id, toLine(l)])
      : [],
  );
  const orderIds = rows.map((r) => r.orderId).filter((id): id is number => id !== null);
  const orderRows = new Map(
    orderIds.length > 0 ? (await db.select().from(orders).where(inArray(orders.id, orderIds))).map((o) => [o.id, o]) : [],
  );
  const labels = await accountLabels(db, [...new Set(rows.map((r) => r.accountKey))]);
  const userIds = [...new Set(rows.map((r) => r.resolvedBy).filter((id): id is string => id !== null))];
  const names = new Map(
    userIds.length > 0
      ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))).map((u) => [u.id, u.name])
      : [],
  );
  const smsIds = rows.map((r) => r.smsMessageId).filter((id): id is number => id !== null);
  const texts = new Map(
    smsIds.length > 0
      ? (await db.select().from(smsMessages).where(inArray(smsMessages.id, smsIds))).map((m) => [
          m.id,
          { id: m.id, sender: m.sender, body: m.body, receivedAt: iso(m.receivedAt) },
        ])
      : [],
  );
  const depositIds = rows.map((r) => r.chainDepositId).filter((id): id is number => id !== null);
  const heldDeposits = new Set(
    depositIds.length > 0
      ? (
          await db
            .select({ id: chainDeposits.id })
            .from(chainDeposits)
            .where(and(inArray(chainDeposits.id, depositIds), isNotNull(chainDeposits.suspenseEntryId)))
        ).map((d) => d.id)
      : [],
  );
  return rows.map((row) => {
    const order = row.orderId === null ? undefined : orderRows.get(row.orderId);
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      accountLabel: labels.get(row.accountKey) ?? row.accountKey,
      line: row.lineId === null ? null : (lines.get(row.lineId) ?? null),
      chainDepositHeld: row.chainDepositId !== null && heldDeposits.has(row.chainDepositId),
      sms: row.smsMessageId === null ? null : (texts.get(row.smsMessageId) ?? null),
      orderId: row.orderId,
      expectedAmount: order ? new Dec(expectedAmount(order)).toFixed() : null,
      detail: row.detail,
      resolution:
        row.status === 'open' || !row.resolvedAt
          ? null
          : {
              by: row.resolvedBy ? (names.get(row.resolvedBy) ?? null) : null,
              at: iso(row.resolvedAt),
              orderId: row.resolvedOrderId,
              lineId: row.resolvedLineId,
              reference: row.reference,
              reason: row.reason,
            },
      createdAt: iso(row.createdAt),
    };
  });
}

// --- resolution ---

/**
 * Money held in suspense leaves it (an item refunded or written off): back out of the business
 * account it came into (the refund's reference in the memo), or to revenue.
 */
function releaseSuspense(
  tx: TTx,
  input: Extract<TResolveException, { resolution: 'refund' | 'write_off' }>,
  account: TResolvedAccount,
  amount: string,
  what: string,
  createdBy: string,
  at: Date,
) {
  return postEntry(tx, {
    kind: input.resolution === 'refund' ? 'suspense_refund' : 'suspense_write_off',
    memo: input.resolution === 'refund' ? `${what} refunded (${input.reference}): ${input.reason}` : `${what} written off: ${input.reason}`,
    createdBy,
    at,
    postings: [
      { account: suspenseAccount(account.asset), amount },
      {
        account: input.resolution === 'refund' ? account.ledger : writeOffAccount(account.asset),
        amount: new Dec(amount).negated().toFixed(),
      },
    ],
  });
}

/**
 * Resolves an item of the queue, once (a conditional update on `status = 'open'`), audited, in one
 * transaction with its ledger entries (docs/decisions/039):
 * - link: the line becomes the order's payment (the line's suspense entry is reversed: the order's
 *   own confirmation records the money); a "no statement line" item is linked to a line instead;
 * - refund: the money went back: Dr suspense, Cr the business account;
 * - write off: Dr suspense, Cr revenue:written_off (a "no statement line" item is closed with the reason, no money).
 */
export async function resolveException(
  deps: TPaymentsDeps,
  actor: TActor,
  id: number,
  input: TResolveException,
  ip: string,
): Promise<{ exception: TStatementException; message: string }> {
  const now = nowOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(statementExceptions).where(eq(statementExceptions.id, id));
    if (!before) throw notFound(STATEMENT_MSG.exceptionNotFound);
    if (before.status !== 'open') throw new AppError('EXCEPTION_ALREADY_RESOLVED', STATEMENT_MSG.exceptionResolved);
    const line =
      before.lineId === null ? null : firstOrThrow(await tx.select().from(statementLines).where(eq(statementLines.id, before.lineId)));
    // A text not understood has no amount to be an order's payment: staff confirm the order from its page and write the text off.
    // A payout the chain disagrees with (docs/decisions/067): settled where the money is, then closed with the reason.
    if (WRITE_OFF_ONLY_KINDS.includes(before.kind) && input.resolution !== 'write_off') {
      const message = before.kind === 'sms_unparsed' ? STATEMENT_MSG.smsWriteOffOnly : STATEMENT_MSG.payoutWriteOffOnly;
      throw new AppError('VALIDATION', message, { fields: { resolution: message } });
    }
    const status = input.resolution === 'link' ? 'linked' : input.resolution === 'refund' ? 'refunded' : 'written_off';
    // Claimed first: of two staff resolving at once, one changes it and the other is told.
    const [claimed] = await tx
      .update(statementExceptions)
      .set({
        status,
        resolvedBy: actor.id,
        resolvedAt: now,
        reference: input.resolution === 'refund' ? input.reference : null,
        reason: input.resolution === 'link' ? null : input.reason,
      })
      .where(and(eq(statementExceptions.id, id), eq(statementExceptions.status, 'open')))
      .returning();
    if (!claimed) throw new AppError('EXCEPTION_ALREADY_RESOLVED', STATEMENT_MSG.exceptionResolved);
    let ledgerEntryId: number | null = null;
    let resolvedOrderId: number | null = null;
    let resolvedLineId: number | null = null;

    if (before.chainDepositId !== null) {
      // A chain watcher's item (docs/decisions/058): the coins are on the order's own address. Link
      // says which order the deposit pays (staff then confirm what arrived on it); refund records
      // the transfer that sent them back; write off closes it with the reason. Coins the watcher
      // held in suspense (a deposit after expiry, to a closed order: docs/decisions/068) leave it as
      // a statement line's money does: linked, the entry is reversed (the order's confirmation
      // records them); refunded, back out of the wallet; written off, to revenue.
      if (input.resolution === 'link') {
        const orderId = input.orderId ?? before.orderId;
        if (!orderId) throw new AppError('VALIDATION', STATEMENT_MSG.orderRequired, { fields: { orderId: STATEMENT_MSG.orderRequired } });
        const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
        if (!order) throw new AppError('VALIDATION', STATEMENT_MSG.orderNotFound, { fields: { orderId: STATEMENT_MSG.orderNotFound } });
        resolvedOrderId = orderId;
      }
      const [deposit] = await tx.select().from(chainDeposits).where(eq(chainDeposits.id, before.chainDepositId)).for('update');
      if (deposit?.suspenseEntryId != null) {
        const account = await resolveAccount(tx, { coin: deposit.coinSymbol, network: deposit.network });
        const amount = new Dec(deposit.amount).toFixed();
        const entry =
          input.resolution === 'link'
            ? await reverseEntry(tx, deposit.suspenseEntryId, {
                memo: `Chain deposit ${deposit.id} is the payment of order #${resolvedOrderId}: out of suspense, the order's confirmation records it.`,
                createdBy: actor.id,
                at: now,
              })
            : await releaseSuspense(tx, input, account, amount, `Chain deposit ${deposit.id}`, actor.id, now);
        ledgerEntryId = entry.id;
        // Out of suspense for good: a reorganisation now has nothing to take back here.
        await tx.update(chainDeposits).set({ suspenseEntryId: null }).where(eq(chainDeposits.id, deposit.id));
      }
    } else if (input.resolution === 'link') {
      // The line and the order of the link: an item of a line names the order; an order's item names the line.
      let linkLine = line;
      let orderId: number;
      if (line) {
        orderId = input.orderId ?? before.orderId ?? 0;
        if (!orderId) throw new AppError('VALIDATION', STATEMENT_MSG.orderRequired, { fields: { orderId: STATEMENT_MSG.orderRequired } });
      } else {
        if (!input.lineId) throw new AppError('VALIDATION', STATEMENT_MSG.lineRequired, { fields: { lineId: STATEMENT_MSG.lineRequired } });
        const [picked] = await tx.select().from(statementLines).where(eq(statementLines.id, input.lineId));
        if (!picked) throw new AppError('VALIDATION', STATEMENT_MSG.lineNotFound, { fields: { lineId: STATEMENT_MSG.lineNotFound } });
        linkLine = picked;
        orderId = before.orderId!;
      }
      if (linkLine!.direction !== 'in' || ['refunded', 'written_off'].includes(linkLine!.result))
        throw new AppError('VALIDATION', STATEMENT_MSG.lineNotIncoming, { fields: { lineId: STATEMENT_MSG.lineNotIncoming } });
      const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
      if (!order) throw new AppError('VALIDATION', STATEMENT_MSG.orderNotFound, { fields: { orderId: STATEMENT_MSG.orderNotFound } });
      try {
        const [updated] = await tx
          .update(statementLines)
          .set({ orderId, result: 'linked' })
          .where(and(eq(statementLines.id, linkLine!.id), isNull(statementLines.orderId)))
          .returning();
        if (!updated) throw new AppError('STATEMENT_LINE_TAKEN', STATEMENT_MSG.lineTaken);
      } catch (error) {
        if (isUniqueViolation(error, 'statement_lines_order_unique'))
          throw new AppError('STATEMENT_LINE_TAKEN', STATEMENT_MSG.orderHasLine);
        throw error;
      }
      if (linkLine!.suspenseEntryId !== null) {
        ledgerEntryId = (
          await reverseEntry(tx, linkLine!.suspenseEntryId, {
            memo: `Statement line ${linkLine!.id} is the payment of order #${orderId}: out of suspense, the order's confirmation records it.`,
            createdBy: actor.id,
            at: now,
          })
        ).id;
      }
      // The line's own item (when an order's item was linked to it) and the order's item close with it.
      await tx
        .update(statementExceptions)
        .set({
          status: 'linked',
          resolvedBy: actor.id,
          resolvedAt: now,
          resolvedOrderId: orderId,
          resolvedLineId: linkLine!.id,
          ledgerEntryId,
        })
        .where(and(eq(statementExceptions.lineId, linkLine!.id), eq(statementExceptions.status, 'open')));
      await closeUnpaidItem(tx, orderId, linkLine!.id, now);
      resolvedOrderId = orderId;
      resolvedLineId = linkLine!.id;
    } else if (line) {
      if (line.direction !== 'in' || line.suspenseEntryId === null)
        throw new AppError('VALIDATION', STATEMENT_MSG.refundNeedsMoney, { fields: { resolution: STATEMENT_MSG.refundNeedsMoney } });
      const account = await resolveAccount(tx, parseAccountKey(line.accountKey)!);
      const amount = new Dec(line.amount).toFixed();
      const entry = await releaseSuspense(tx, input, account, amount, `Statement line ${line.id}`, actor.id, now);
      ledgerEntryId = entry.id;
      await tx
        .update(statementLines)
        .set({ result: status === 'refunded' ? 'refunded' : 'written_off' })
        .where(eq(statementLines.id, line.id));
      resolvedLineId = line.id;
    } else if (input.resolution === 'refund') {
      throw new AppError('VALIDATION', STATEMENT_MSG.refundNeedsMoney, { fields: { resolution: STATEMENT_MSG.refundNeedsMoney } });
    }
    const after = firstOrThrow(
      await tx
        .update(statementExceptions)
        .set({ ledgerEntryId, resolvedOrderId, resolvedLineId })
        .where(eq(statementExceptions.id, id))
        .returning(),
    );
    await writeAudit(tx, {
      actor,
      action: `statements.${input.resolution}`,
      targetType: 'statement_exception',
      targetId: id,
      before: { status: before.status, kind: before.kind, lineId: before.lineId, orderId: before.orderId },
      after: {
        status: after.status,
        orderId: resolvedOrderId,
        lineId: resolvedLineId,
        reference: after.reference,
        reason: after.reason,
        ledgerEntryId,
      },
      ip,
    });
    return after;
  });
  const [exception] = await toExceptions(deps.db, [row]);
  const message =
    input.resolution === 'link'
      ? STATEMENT_MSG.resolvedLinked
      : input.resolution === 'refund'
        ? STATEMENT_MSG.resolvedRefunded
        : STATEMENT_MSG.resolvedWrittenOff;
  return { exception: exception!, message };
}

// --- for treasury and settlement ---

/**
 * The closing balance the imported statements show for an account at `asOf`: the balance column of
 * its latest line at or before that instant (by the line's time, then its place in its file), or
 * null when no imported line of the account up to then has a balance. Treasury's daily settlement
 * compares the ledger with it (issue 28 point 6).
 */
export async function lastStatementBalance(
  db: TDbOrTx,
  account: { paymentMethodId: number } | { coin: string; network: string },
  asOf: Date,
): Promise<{ balance: string; at: Date } | null> {
  const [row] = await db
    .select({ balance: statementLines.balance, at: statementLines.occurredAt })
    .from(statementLines)
    .where(
      and(eq(statementLines.accountKey, accountKeyOf(account)), isNotNull(statementLines.balance), lte(statementLines.occurredAt, asOf)),
    )
    .orderBy(desc(statementLines.occurredAt), desc(statementLines.importId), desc(statementLines.lineNumber))
    .limit(1);
  return row && row.balance !== null ? { balance: new Dec(row.balance).toFixed(), at: row.at } : null;
}
