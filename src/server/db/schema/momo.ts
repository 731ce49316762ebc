import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TMomoPaymentState } from '#shared/contracts/momo.js';
import { users } from './auth.js';
import { orders } from './orders.js';

/**
 * A payment asked of a customer's wallet through the mobile money provider (issue 33 point 3,
 * docs/decisions/060): one row per prompt, written (with its reference) before the provider is
 * called, so a call whose answer was lost is made again with the same reference and nothing is
 * asked twice. Its state moves once, from pending to successful or failed, by a conditional
 * update; the callback and the poller both only make the server read the status back.
 */
export const momoPayments = pgTable(
  'momo_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** 'mtn' (src/server/lib/momo/provider.ts). */
    provider: text('provider').notNull(),
    /** 'collection': a buyer's payment asked of their wallet; 'payout': a seller's cedis sent to theirs (docs/decisions/061). */
    kind: text('kind').$type<'collection' | 'payout'>().notNull().default('collection'),
    /** The UUID v4 sent as X-Reference-Id: the provider's idempotency key. */
    referenceId: uuid('reference_id').notNull(),
    /** +233XXXXXXXXX, the wallet prompted. */
    phone: text('phone').notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    state: text('state').$type<TMomoPaymentState>().notNull().default('pending'),
    /** The provider's reason code (src/server/lib/momo/provider.ts TMomoFailureCode). */
    failureCode: text('failure_code'),
    /** What the provider says of a successful payment: its transaction id and the wallet that paid. */
    providerTransactionId: text('provider_transaction_id'),
    payerParty: text('payer_party'),
    /** The wallet holder's name as the provider gives it (compared with the KYC name). */
    holderName: text('holder_name'),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** Times the request was sent (again only when the provider says it never got it). */
    sends: integer('sends').notNull().default(0),
    /** Status reads so far, and when the next one is due (the poller's backoff). */
    checks: integer('checks').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
    /** The last status read begun: a callback makes one at once, unless one began in the last seconds. */
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('momo_payments_reference_unique').on(t.referenceId),
    // One prompt at a time per order: a second is refused while the first is pending.
    uniqueIndex('momo_payments_one_pending_per_order')
      .on(t.orderId, t.kind)
      .where(sql`${t.state} = 'pending'`),
    // One automatic payout per order, ever: a failed one is left to staff, never tried again by itself.
    uniqueIndex('momo_payments_one_payout_per_order')
      .on(t.orderId)
      .where(sql`${t.kind} = 'payout'`),
    // A provider's transaction confirms one payment for ever.
    uniqueIndex('momo_payments_provider_transaction_unique')
      .on(t.provider, t.providerTransactionId)
      .where(sql`${t.providerTransactionId} IS NOT NULL`),
    index('momo_payments_due_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.state} = 'pending'`),
    index('momo_payments_order_idx').on(t.orderId, t.createdAt),
    check('momo_payments_state_known', sql`${t.state} IN ('pending', 'successful', 'failed')`),
    check('momo_payments_kind_known', sql`${t.kind} IN ('collection', 'payout')`),
    check('momo_payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The auto-payout policy (issue 33 points 4-5, docs/decisions/061), record id 1: off by default.
 * On, a sell whose deposit is confirmed is paid out by the provider without staff when every rule
 * holds; otherwise it waits for staff with the reason on the order.
 */
export const autoPayoutPolicy = pgTable(
  'auto_payout_policy',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    /** An order's cedis at most this (GHS). */
    maxGhs: numeric('max_ghs', { precision: 20, scale: 2 }).notNull().default('2000'),
    /** The cedis paid out automatically in a business day (Africa/Accra) at most this. */
    dailyCapGhs: numeric('daily_cap_ghs', { precision: 20, scale: 2 }).notNull().default('20000'),
    /** The customer's tier at least this. */
    minTier: integer('min_tier').notNull().default(1),
    /** The business wallet the cedis leave from (a payment method, MTN MoMo). */
    paidFromMethodId: integer('paid_from_method_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('auto_payout_policy_one_row', sql`${t.id} = 1`),
    check('auto_payout_policy_amounts', sql`${t.maxGhs} > 0 AND ${t.dailyCapGhs} > 0 AND ${t.minTier} BETWEEN 0 AND 2`),
  ],
);
