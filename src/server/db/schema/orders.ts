import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { paymentMethods } from './app.js';
import { FIAT_CURRENCIES, ORDER_STATUSES, ORDER_TYPES, type TPayout } from '#shared/contracts/orders.js';

/**
 * A price the server promised a customer for a short time (decisions/013 D2). Orders take every number from
 * their quote; a quote serves one order at most.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coinSymbol: text('coin_symbol').notNull(),
    side: text('side', { enum: ORDER_TYPES }).notNull(),
    fiatCurrency: text('fiat_currency', { enum: FIAT_CURRENCIES }).notNull(),
    amountFiat: numeric('amount_fiat', { precision: 20, scale: 2 }).notNull(),
    amountUsd: numeric('amount_usd', { precision: 20, scale: 2 }).notNull(),
    amountCrypto: numeric('amount_crypto', { precision: 30, scale: 8 }).notNull(),
    unitPriceUsd: numeric('unit_price_usd', { precision: 30, scale: 8 }).notNull(),
    baseUsd: numeric('base_usd', { precision: 30, scale: 8 }).notNull(),
    ghsRate: numeric('ghs_rate', { precision: 20, scale: 6 }).notNull(),
    feePercentage: numeric('fee_percentage', { precision: 5, scale: 2 }).notNull(),
    feeUsd: numeric('fee_usd', { precision: 20, scale: 2 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quotes_user_idx').on(t.userId), index('quotes_expires_idx').on(t.expiresAt)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id),
    type: text('type', { enum: ORDER_TYPES }).notNull(),
    coinSymbol: text('coin_symbol').notNull(),
    amountCrypto: numeric('amount_crypto', { precision: 30, scale: 8 }).notNull(),
    amountFiat: numeric('amount_fiat', { precision: 20, scale: 2 }).notNull(),
    fiatCurrency: text('fiat_currency', { enum: FIAT_CURRENCIES }).notNull(),
    amountUsd: numeric('amount_usd', { precision: 20, scale: 2 }).notNull(),
    unitPriceUsd: numeric('unit_price_usd', { precision: 30, scale: 8 }).notNull(),
    ghsRate: numeric('ghs_rate', { precision: 20, scale: 6 }).notNull(),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    paymentMethod: text('payment_method').notNull(),
    /** Buy: the mobile money / bank transaction id. Sell: the on-chain transaction id. As typed (trimmed). */
    paymentTxId: text('payment_tx_id').notNull(),
    /**
     * The id's canonical key (src/shared/transaction-id.ts): what the live-order uniqueness rule
     * and the admin search compare. Rows of before migration 0008 may hold other keys
     * (docs/decisions/009-canonical-transaction-ids.md).
     */
    paymentTxKey: text('payment_tx_key').notNull(),
    walletAddress: text('wallet_address'),
    network: text('network'),
    destinationTag: text('destination_tag'),
    payout: jsonb('payout').$type<TPayout>(),
    notes: text('notes'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the canonical request body sent with the Idempotency-Key: a replay must match it. */
    idempotencyBodyHash: text('idempotency_body_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('orders_quote_unique').on(t.quoteId),
    uniqueIndex('orders_idempotency_unique')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    // A payment transaction id serves one live order, however it was written: a cancelled order frees it.
    uniqueIndex('orders_live_payment_tx_key_unique')
      .on(t.paymentTxKey)
      .where(sql`${t.status} <> 'cancelled'`),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_amount_fiat_idx').on(t.amountFiat),
    index('orders_payment_tx_trgm_idx').using('gin', t.paymentTxId.op('gin_trgm_ops')),
    index('orders_payment_tx_key_trgm_idx').using('gin', t.paymentTxKey.op('gin_trgm_ops')),
  ],
);
