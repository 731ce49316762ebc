import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bigint,
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LEDGER_ACCOUNT_KINDS, type TLedgerAccountKind } from '#shared/ledger.js';
import { orders } from './orders.js';

/**
 * The double-entry ledger (issue 28 point 4, docs/decisions/037). Accounts are data: each business
 * MoMo wallet, bank account and coin wallet is an asset account, what customers are owed a
 * liability account per customer and asset, fees revenue, network and MoMo charges expenses, and
 * one trading account per asset lets an order that swaps cedis for coins balance in each asset.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    /** Stable and unique: `asset:momo:3`, `liability:customer:<user id>:GHS`, `trading:BTC`. */
    code: text('code').notNull(),
    kind: text('kind').$type<TLedgerAccountKind>().notNull(),
    /** What the account counts: GHS, USD, or a coin symbol in upper case (BTC, USDT). */
    asset: text('asset').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_unique').on(t.code),
    // The target of the postings' (account, asset) key: a posting is in its account's asset.
    uniqueIndex('ledger_accounts_id_asset_unique').on(t.id, t.asset),
    check('ledger_accounts_kind_known', sql`${t.kind} IN (${sql.raw(LEDGER_ACCOUNT_KINDS.map((kind) => `'${kind}'`).join(', '))})`),
    check('ledger_accounts_asset_form', sql`${t.asset} ~ '^[A-Z0-9]{2,10}$'`),
  ],
);

/**
 * One movement of money: its postings sum to zero in each asset. Append-only (migration 0028's
 * triggers refuse UPDATE, DELETE and TRUNCATE; a correction is a new entry that reverses the
 * mistaken one) and hash-chained: `seq` counts entries without gaps, and `hash` is the SHA-256 of
 * the previous entry's hash with this entry and its postings (src/server/modules/ledger/chain.ts).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 1, 2, 3... in the order the entries were written: the chain's order. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** What happened (src/shared/ledger.ts LEDGER_ENTRY_KINDS). */
    kind: text('kind').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** The entry this one reverses (a correction). */
    reversesEntryId: bigint('reverses_entry_id', { mode: 'number' }).references((): AnyPgColumn => ledgerEntries.id, {
      onDelete: 'restrict',
    }),
    memo: text('memo').notNull().default(''),
    /** Who wrote it; null for the system. Without a foreign key, as in the audit log: an entry never changes. */
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_entries_seq_unique').on(t.seq),
    uniqueIndex('ledger_entries_hash_unique').on(t.hash),
    index('ledger_entries_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} IS NOT NULL`),
    index('ledger_entries_created_idx').on(t.createdAt),
    // A correction reverses one entry once.
    uniqueIndex('ledger_entries_reverses_unique')
      .on(t.reversesEntryId)
      .where(sql`${t.reversesEntryId} IS NOT NULL`),
  ],
);

/**
 * The lines of an entry: a signed amount on one account, positive a debit and negative a credit,
 * in the account's asset. numeric(38,18): every coin's smallest unit and any cedi amount, exact.
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    accountId: integer('account_id').notNull(),
    /** The account's asset, repeated so an entry's sums per asset need no join (kept equal by the foreign key). */
    asset: text('asset').notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
  },
  (t) => [
    foreignKey({
      name: 'ledger_postings_account_asset_fk',
      columns: [t.accountId, t.asset],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.asset],
    }).onDelete('restrict'),
    index('ledger_postings_entry_idx').on(t.entryId),
    // An account's balance at any instant: its postings up to an entry.
    index('ledger_postings_account_idx').on(t.accountId, t.entryId),
    check('ledger_postings_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

/** The head of the chain: one row, locked by each entry's transaction so entries are chained one at a time. */
export const ledgerHead = pgTable(
  'ledger_head',
  {
    id: integer('id').primaryKey().default(1),
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    hash: text('hash').notNull(),
  },
  (t) => [check('ledger_head_one_row', sql`${t.id} = 1`)],
);
