import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { depositKeys, paymentMethods } from './app.js';
import { EVIDENCE_KINDS, FIAT_CURRENCIES, ORDER_STATUSES, ORDER_TYPES, type TPayout, type TPayTo } from '#shared/contracts/orders.js';

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
    /** Cedis paid (buy) or paid out (sell), fixed at creation; null on orders before the lifecycle. */
    amountGhs: numeric('amount_ghs', { precision: 20, scale: 2 }),
    unitPriceUsd: numeric('unit_price_usd', { precision: 30, scale: 8 }).notNull(),
    ghsRate: numeric('ghs_rate', { precision: 20, scale: 6 }).notNull(),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    paymentMethod: text('payment_method').notNull(),
    /**
     * Buy: the mobile money / bank transaction id. Sell: the on-chain transaction id. As typed
     * (trimmed); null until "I have paid" / "I have sent".
     */
    paymentTxId: text('payment_tx_id'),
    /**
     * The id's canonical key (src/shared/transaction-id.ts): what the live-order uniqueness rule
     * and the admin search compare. Rows of before migration 0008 may hold other keys
     * (docs/decisions/009-canonical-transaction-ids.md).
     */
    paymentTxKey: text('payment_tx_key'),
    /** What the customer writes in the reference field of the payment (src/shared/payment-reference.ts); null on older orders. */
    paymentReference: text('payment_reference'),
    /** Until when the customer may pay or send; the expiry worker ends the order after it. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    payerNumber: text('payer_number'),
    payerName: text('payer_name'),
    /**
     * The payer number and a sell's MoMo payout number in one form (digits, 233 as a leading 0),
     * kept by PostgreSQL: the shared-number rule finds every customer of a number through their
     * indexes (modules/compliance/phone-numbers.ts canonicalPhone is the same rule in TypeScript).
     */
    payerNumberKey: text('payer_number_key').generatedAlwaysAs(
      sql`nullif(regexp_replace(regexp_replace(coalesce(payer_number, ''), '[^0-9]', '', 'g'), '^233', '0'), '')`,
    ),
    payoutNumberKey: text('payout_number_key').generatedAlwaysAs(
      sql`case when payout ->> 'type' = 'momo' then nullif(regexp_replace(regexp_replace(coalesce(payout ->> 'number', ''), '[^0-9]', '', 'g'), '^233', '0'), '') end`,
    ),
    /** The name on the payment as staff saw it (recorded on approval): the name-mismatch rule compares it with the KYC name. */
    recordedPayerName: text('recorded_payer_name'),
    /**
     * The number on the payment as staff saw it (recorded on approval, migration 0013), kept in the
     * shared-number rule's form (0XXXXXXXXX): the rule counts it like the customer's own payer number.
     */
    recordedPayerNumber: text('recorded_payer_number'),
    /** What staff paid out with: the outgoing transaction hash (buy) or the MoMo or bank reference (sell). */
    payoutReference: text('payout_reference'),
    /** Why a sell was not paid out automatically, or why its automatic payout failed (docs/decisions/061); staff read it. */
    autoPayoutNote: text('auto_payout_note'),
    /**
     * The payout reference's canonical key (src/shared/transaction-id.ts payoutReferenceKeyOf): one
     * payout serves one order, for ever (issue 28 point 1, docs/decisions/036).
     */
    payoutReferenceKey: text('payout_reference_key'),
    /**
     * The fee of the order, fixed at creation from its quote (issue 28 point 6): the percentage and
     * the cedis (src/server/modules/orders/quotes.ts calculateFee). Null on orders before migration
     * 0029 whose quote could not say.
     */
    feePercentage: numeric('fee_percentage', { precision: 5, scale: 2 }),
    feeGhs: numeric('fee_ghs', { precision: 20, scale: 2 }),
    /**
     * Staff's confirmation that the money (buy, cedis) or coins (sell) arrived (issue 28 point 2,
     * docs/decisions/038): how much, into which ledger account (src/shared/ledger.ts account
     * codes), when, the evidence, who and when. The payment_received ledger entry records the same.
     */
    receivedAmount: numeric('received_amount', { precision: 30, scale: 8 }),
    receivedAccount: text('received_account'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    evidenceKind: text('evidence_kind', { enum: EVIDENCE_KINDS }),
    evidence: text('evidence'),
    confirmedBy: text('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The payout's facts: the ledger account it left from, what was sent, the network or MoMo charge. */
    paidFromAccount: text('paid_from_account'),
    amountSent: numeric('amount_sent', { precision: 30, scale: 8 }),
    payoutFee: numeric('payout_fee', { precision: 30, scale: 8 }),
    /**
     * A refund (issue 28 point 3): all of it (status refunded), or the difference of an over
     * payment completed for the amount ordered. Its reference is claimed for ever like a payout's.
     */
    refundAmount: numeric('refund_amount', { precision: 30, scale: 8 }),
    refundAccount: text('refund_account'),
    refundReference: text('refund_reference'),
    refundReferenceKey: text('refund_reference_key'),
    refundFee: numeric('refund_fee', { precision: 30, scale: 8 }),
    refundReason: text('refund_reason'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Why staff cancelled, as the customer is told. */
    cancelReason: text('cancel_reason'),
    /** Buy: the account to pay to as it was at creation (a later edit of the method does not change it). */
    payTo: jsonb('pay_to').$type<TPayTo>(),
    /** Sell: the coin's deposit address on the order's network at creation, and the order's own tag on tag chains. */
    depositAddress: text('deposit_address'),
    depositTag: text('deposit_tag'),
    /**
     * Sell on a network with a watch-only key (issue 32 point 1, docs/decisions/056): the key and
     * receive index the order's own deposit address was derived from. Given once, never again.
     */
    depositKeyId: integer('deposit_key_id').references(() => depositKeys.id),
    depositIndex: integer('deposit_index'),
    /** The payment screenshot of "I have paid" (document storage key and sniffed type). */
    proofKey: text('proof_key'),
    proofType: text('proof_type', { enum: ['image/jpeg', 'image/png'] }),
    walletAddress: text('wallet_address'),
    network: text('network'),
    destinationTag: text('destination_tag'),
    payout: jsonb('payout').$type<TPayout>(),
    notes: text('notes'),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the canonical request body sent with the Idempotency-Key: a replay must match it. */
    idempotencyBodyHash: text('idempotency_body_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Claim, then pay (issue 27, docs/decisions/029): the staff member paying this order out now,
     * since when, and until when (the setting claimMinutes at the time of the claim). A claim past
     * its end is no claim; only a live claimant may approve.
     */
    claimedBy: text('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimExpiresAt: timestamp('claim_expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_quote_unique').on(t.quoteId),
    uniqueIndex('orders_idempotency_unique')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    // A payment transaction id serves one order, however it was written, for ever: cancelling,
    // expiring or refunding the order does not free it (issue 28 point 1, docs/decisions/036).
    uniqueIndex('orders_payment_tx_key_unique').on(t.paymentTxKey),
    // A payout reference (the outgoing hash, the MoMo or bank reference) pays one order.
    uniqueIndex('orders_payout_reference_key_unique').on(t.payoutReferenceKey),
    uniqueIndex('orders_refund_reference_key_unique').on(t.refundReferenceKey),
    // The status values and the amounts, checked by the database too (issue 28 point 1). Which
    // status may follow which is the trigger of migrations 0027 and 0029 (src/shared/order-transitions.ts).
    check('orders_status_known', sql`${t.status} IN (${sql.raw(ORDER_STATUSES.map((s) => `'${s}'`).join(', '))})`),
    check('orders_type_known', sql`${t.type} IN (${sql.raw(ORDER_TYPES.map((s) => `'${s}'`).join(', '))})`),
    check('orders_fiat_currency_known', sql`${t.fiatCurrency} IN (${sql.raw(FIAT_CURRENCIES.map((s) => `'${s}'`).join(', '))})`),
    check(
      'orders_amounts_positive',
      sql`${t.amountCrypto} > 0 AND ${t.amountFiat} > 0 AND ${t.amountUsd} > 0 AND (${t.amountGhs} IS NULL OR ${t.amountGhs} > 0) AND ${t.unitPriceUsd} > 0 AND ${t.ghsRate} > 0`,
    ),
    // What moved (issue 28 points 2 and 3, docs/decisions/038): amounts > 0, charges >= 0, and the
    // evidence's kind one of src/shared/contracts/orders.ts EVIDENCE_KINDS.
    check(
      'orders_movements_positive',
      sql`(${t.receivedAmount} IS NULL OR ${t.receivedAmount} > 0) AND (${t.amountSent} IS NULL OR ${t.amountSent} > 0) AND (${t.refundAmount} IS NULL OR ${t.refundAmount} > 0) AND (${t.payoutFee} IS NULL OR ${t.payoutFee} >= 0) AND (${t.refundFee} IS NULL OR ${t.refundFee} >= 0) AND (${t.feeGhs} IS NULL OR ${t.feeGhs} >= 0)`,
    ),
    check('orders_evidence_kind_known', sql`${t.evidenceKind} IN (${sql.raw(EVIDENCE_KINDS.map((s) => `'${s}'`).join(', '))})`),
    uniqueIndex('orders_payment_reference_unique').on(t.paymentReference),
    uniqueIndex('orders_deposit_tag_unique').on(t.depositTag),
    // An address derived from a key serves one order, for ever (docs/decisions/056).
    uniqueIndex('orders_deposit_key_index_unique')
      .on(t.depositKeyId, t.depositIndex)
      .where(sql`${t.depositKeyId} IS NOT NULL`),
    check('orders_deposit_key_index_together', sql`(${t.depositKeyId} IS NULL) = (${t.depositIndex} IS NULL)`),
    // The expiry worker's scan: orders still waiting for the customer, by deadline.
    index('orders_awaiting_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.status} IN ('awaiting_payment', 'awaiting_deposit')`),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_amount_fiat_idx').on(t.amountFiat),
    index('orders_payment_tx_trgm_idx').using('gin', t.paymentTxId.op('gin_trgm_ops')),
    index('orders_payment_tx_key_trgm_idx').using('gin', t.paymentTxKey.op('gin_trgm_ops')),
    // The admin search's "contains" on the payment reference (issue 27 point 7, docs/decisions/034):
    // with it every arm of the search is indexed, the payer number's three equalities included.
    index('orders_payment_reference_trgm_idx').using('gin', t.paymentReference.op('gin_trgm_ops')),
    index('orders_payer_number_key_idx')
      .on(t.payerNumberKey)
      .where(sql`${t.payerNumberKey} IS NOT NULL`),
    index('orders_payout_number_key_idx')
      .on(t.payoutNumberKey)
      .where(sql`${t.payoutNumberKey} IS NOT NULL`),
    index('orders_recorded_payer_number_idx')
      .on(t.recordedPayerNumber)
      .where(sql`${t.recordedPayerNumber} IS NOT NULL`),
  ],
);

/**
 * Every change of an order's status, written in the transaction of the change (docs/decisions/014):
 * who (a customer, a staff member or the expiry worker), when, from, to, and what came with it
 * (the transaction id, the payout reference, the reason). The order's timeline reads it.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The person who acted; null for the system (expiry). Kept without a foreign key, as in the audit log. */
    actorId: text('actor_id'),
    actorKind: text('actor_kind', { enum: ['customer', 'staff', 'system'] }).notNull(),
    /** Null for the creation. */
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    details: jsonb('details').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);
