import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  type AnyPgColumn,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TColumnMapping, TExceptionKind, TExceptionStatus, TImportFormat, TLineResult } from '#shared/contracts/statements.js';
import { SMS_MESSAGE_STATUSES, type TSmsMessageStatus, type TSmsNetwork } from '#shared/contracts/sms-forwarders.js';
import { paymentMethods } from './app.js';
import { users } from './auth.js';
import { ledgerEntries } from './ledger.js';
import { orders } from './orders.js';
import { chainDeposits } from './chain.js';

/**
 * Statement import and reconciliation (issue 28 point 5, docs/decisions/039). An account is named
 * by `account_key`: `pm:<payment method id>` for a MoMo wallet or bank account, `wallet:<COIN>:<network>`
 * for a coin wallet.
 */

/** Reconciliation settings, record id 1 (apart from `settings` so the two change independently). */
export const reconciliationSettings = pgTable(
  'reconciliation_settings',
  {
    id: integer('id').primaryKey().default(1),
    confirmMatchedPayments: boolean('confirm_matched_payments').notNull().default(false),
    matchWindowHours: integer('match_window_hours').notNull().default(48),
    unpaidAfterHours: integer('unpaid_after_hours').notNull().default(24),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('reconciliation_settings_one_row', sql`${t.id} = 1`)],
);

/** The column mapping of a payment method's CSV (a bank, another wallet), saved once per account. */
export const statementMappings = pgTable('statement_mappings', {
  paymentMethodId: integer('payment_method_id')
    .primaryKey()
    .references(() => paymentMethods.id, { onDelete: 'cascade' }),
  mapping: jsonb('mapping').$type<TColumnMapping>().notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One uploaded file. The same file (by its SHA-256) on the same account is one import. */
export const statementImports = pgTable(
  'statement_imports',
  {
    id: serial('id').primaryKey(),
    accountKey: text('account_key').notNull(),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'restrict' }),
    coin: text('coin'),
    network: text('network'),
    format: text('format').$type<TImportFormat>().notNull(),
    fileName: text('file_name').notNull().default(''),
    fileHash: text('file_hash').notNull(),
    lineCount: integer('line_count').notNull(),
    newLineCount: integer('new_line_count').notNull(),
    importedBy: text('imported_by').references(() => users.id, { onDelete: 'set null' }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statement_imports_file_unique').on(t.accountKey, t.fileHash),
    index('statement_imports_account_idx').on(t.accountKey, t.importedAt),
  ],
);

/**
 * One transaction of a statement. Its identity on the account (the provider's transaction id or
 * hash, else a hash of its normalized fields) is unique: an overlapping file adds only new lines.
 * `amount` is positive; `direction` says whether money came in or went out.
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => statementImports.id, { onDelete: 'restrict' }),
    accountKey: text('account_key').notNull(),
    identity: text('identity').notNull(),
    lineNumber: integer('line_number').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    asset: text('asset').notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    reference: text('reference'),
    /** The reference's canonical key on the account's rail (src/shared/transaction-id.ts paymentTxKeyOf). */
    referenceKey: text('reference_key'),
    counterparty: text('counterparty'),
    /** The counterparty number in the payer-number form (digits, 233 as a leading 0), as orders.payer_number_key. */
    counterpartyKey: text('counterparty_key'),
    description: text('description'),
    /** The account's balance after this line, when the statement has it. */
    balance: numeric('balance', { precision: 38, scale: 18 }),
    result: text('result').$type<TLineResult>().notNull(),
    /** The order this line paid: a clean match, or linked by staff. One line, one order. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** The suspense entry of money received that no order claimed yet (docs/decisions/039). */
    suspenseEntryId: bigint('suspense_entry_id', { mode: 'number' }).references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    raw: jsonb('raw').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statement_lines_identity_unique').on(t.accountKey, t.identity),
    uniqueIndex('statement_lines_order_unique')
      .on(t.orderId)
      .where(sql`${t.orderId} IS NOT NULL`),
    index('statement_lines_import_idx').on(t.importId, t.lineNumber),
    index('statement_lines_account_time_idx').on(t.accountKey, t.occurredAt),
    check('statement_lines_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** An item of the exceptions queue: a line that is not a clean match, or a paid order no statement shows. */
export const statementExceptions = pgTable(
  'statement_exceptions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<TExceptionKind>().notNull(),
    status: text('status').$type<TExceptionStatus>().notNull().default('open'),
    accountKey: text('account_key').notNull(),
    lineId: bigint('line_id', { mode: 'number' }).references(() => statementLines.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    detail: text('detail').notNull().default(''),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedOrderId: integer('resolved_order_id').references(() => orders.id, { onDelete: 'restrict' }),
    resolvedLineId: bigint('resolved_line_id', { mode: 'number' }).references(() => statementLines.id, { onDelete: 'restrict' }),
    reference: text('reference'),
    reason: text('reason'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    /** The forwarded text an 'sms_unparsed' item is about (docs/decisions/059). */
    smsMessageId: bigint('sms_message_id', { mode: 'number' }).references((): AnyPgColumn => smsMessages.id, { onDelete: 'restrict' }),
    /** A deposit a chain watcher saw (docs/decisions/058): the item of a wrong amount, a late deposit, one to a closed order, a reorg. */
    chainDepositId: bigint('chain_deposit_id', { mode: 'number' }).references(() => chainDeposits.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statement_exceptions_sms_unique')
      .on(t.smsMessageId)
      .where(sql`${t.smsMessageId} IS NOT NULL`),
    // One item of each kind per chain deposit: the watcher's next poll does not add it again.
    uniqueIndex('statement_exceptions_chain_deposit_unique')
      .on(t.chainDepositId, t.kind)
      .where(sql`${t.chainDepositId} IS NOT NULL`),
    // One item per line, and one "no statement line" item per order.
    uniqueIndex('statement_exceptions_line_unique')
      .on(t.lineId)
      .where(sql`${t.lineId} IS NOT NULL`),
    uniqueIndex('statement_exceptions_unpaid_order_unique')
      .on(t.orderId)
      .where(sql`${t.kind} = 'no_statement_line'`),
    index('statement_exceptions_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * A phone that forwards the texts of a business MoMo wallet's SIM (issue 33 point 6,
 * docs/decisions/059). Its id is in the webhook's URL; its secret signs every request and is kept
 * encrypted with the server secret (src/server/lib/secrets.ts), shown once when it is made.
 * Its texts are lines of its own import (`import_id`, format 'sms') on the payment method's account.
 */
export const smsForwarders = pgTable(
  'sms_forwarders',
  {
    id: text('id').primaryKey(),
    label: text('label').notNull(),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'restrict' }),
    importId: integer('import_id')
      .notNull()
      .references(() => statementImports.id, { onDelete: 'restrict' }),
    secretEncrypted: text('secret_encrypted').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('sms_forwarders_method_idx').on(t.paymentMethodId)],
);

/**
 * Every text a forwarder sent, kept before it is read (nothing lost). A request is one text: its
 * event id and the hash of its signed body are unique per device, so a replayed request changes
 * nothing. `line_id` is the statement line a parsed payment became.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    forwarderId: text('forwarder_id')
      .notNull()
      .references(() => smsForwarders.id, { onDelete: 'restrict' }),
    eventId: text('event_id').notNull(),
    bodyHash: text('body_hash').notNull(),
    /** Who sent the text: the network's sender name ('MobileMoney', 'T-CASH') or a number. */
    sender: text('sender').notNull(),
    body: text('body').notNull(),
    /** When the phone received it, as the forwarder says. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    status: text('status').$type<TSmsMessageStatus>().notNull(),
    network: text('network').$type<TSmsNetwork>(),
    parsed: jsonb('parsed').$type<Record<string, string | null>>(),
    lineId: bigint('line_id', { mode: 'number' }).references(() => statementLines.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sms_messages_event_unique').on(t.forwarderId, t.eventId),
    uniqueIndex('sms_messages_body_unique').on(t.forwarderId, t.bodyHash),
    check('sms_messages_status_known', sql`${t.status} IN (${sql.raw(SMS_MESSAGE_STATUSES.map((s) => `'${s}'`).join(', '))})`),
    index('sms_messages_forwarder_time_idx').on(t.forwarderId, t.createdAt),
  ],
);
