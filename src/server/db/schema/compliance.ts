import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ALERT_RULES } from '#shared/compliance-rules/index.js';
import { IMAGE_KINDS } from '#shared/contracts/compliance.js';
import { users } from './auth.js';
import { kycSubmissions } from './kyc.js';
import { orders } from './orders.js';

/*
 * Verification tiers, phone verification, SMS and the compliance desk (issue 18,
 * docs/decisions/016-verification-tiers.md).
 */

/**
 * One-time codes that verify a customer's phone number. Only a hash of the code is kept; a code
 * expires, allows a few attempts, and is used once (consumedAt, set by one conditional update).
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The number the code was sent to, in international form (+233…): verifying it sets users.phone. */
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('phone_verifications_user_idx').on(t.userId, t.createdAt)],
);

export const SMS_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export const SMS_KINDS = ['phone_code', 'order_status'] as const;

/** Every SMS the product produces, written in the transaction of its event, as the email log is. */
export const smsLog = pgTable(
  'sms_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id'),
    to: text('to').notNull(),
    kind: text('kind', { enum: SMS_KINDS }).notNull(),
    /** The text with every one-time code masked (docs/decisions/021); the sender puts it back from `secretsSealed`. */
    body: text('body').notNull(),
    /** The text's codes, sealed with the server secret, until delivered or failed for good; then null. */
    secretsSealed: text('secrets_sealed'),
    status: text('status', { enum: SMS_STATUSES }).notNull().default('pending'),
    provider: text('provider'),
    /** The provider's id of the delivered message (Arkesel's message id), for tracing a delivery with them. */
    providerMessageId: text('provider_message_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Lower goes first (lib/outbox.ts DELIVERY_PRIORITY): 0 what a person waits for at the screen, 1 notices, 2 staff summaries. */
    priority: smallint('priority').notNull().default(1),
  },
  (t) => [
    index('sms_log_due_idx')
      .on(t.priority, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('sms_log_created_at_idx').on(t.createdAt),
    index('sms_log_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const ALERT_ACTIONS = ['hold', 'flag'] as const;
export const ALERT_STATUSES = ['open', 'cleared', 'escalated'] as const;

/**
 * An alert of a monitoring rule, raised in the order transaction. `dedupeKey` makes each rule
 * raise its alert once for the same facts (the order, the customer and day, the number). A
 * 'hold' alert that is open, or escalated and not released, keeps its order from being approved
 * (modules/compliance/rules.ts).
 */
export const complianceAlerts = pgTable(
  'compliance_alerts',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    rule: text('rule', { enum: ALERT_RULES }).notNull(),
    action: text('action', { enum: ALERT_ACTIONS }).notNull(),
    status: text('status', { enum: ALERT_STATUSES }).notNull().default('open'),
    /** What the rule saw (amounts, thresholds, the other customers of a number): shown on the desk. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key').notNull(),
    caseId: integer('case_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    /**
     * An escalated 'hold' alert whose hold compliance released (migration 0013): the alert stays
     * escalated (its case runs on), its order may be approved or cancelled again.
     */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: text('released_by'),
  },
  (t) => [
    uniqueIndex('compliance_alerts_dedupe_unique').on(t.dedupeKey),
    index('compliance_alerts_status_created_idx').on(t.status, t.createdAt),
    index('compliance_alerts_order_idx').on(t.orderId),
    index('compliance_alerts_user_idx').on(t.userId),
  ],
);

export const CASE_STATUSES = ['open', 'filed', 'no_report'] as const;

/** A suspicious-activity case: escalated from an alert, due for filing with the FIC 24 hours after. */
export const complianceCases = pgTable(
  'compliance_cases',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: CASE_STATUSES }).notNull().default('open'),
    openedBy: text('opened_by').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    filedAt: timestamp('filed_at', { withTimezone: true }),
    filedBy: text('filed_by'),
    /** The FIC's reference for the filed report. */
    ficReference: text('fic_reference'),
    /** Why no report was needed (status 'no_report', migration 0023), as compliance wrote it. */
    noReportReason: text('no_report_reason'),
  },
  (t) => [index('compliance_cases_status_due_idx').on(t.status, t.dueAt), index('compliance_cases_user_idx').on(t.userId)],
);

/** Notes of the compliance desk about a customer, on an alert or a case. Never shown to the customer. */
export const complianceNotes = pgTable(
  'compliance_notes',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    alertId: integer('alert_id').references(() => complianceAlerts.id, { onDelete: 'restrict' }),
    caseId: integer('case_id').references(() => complianceCases.id, { onDelete: 'restrict' }),
    authorId: text('author_id').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('compliance_notes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The perceptual hash of every uploaded payment screenshot and KYC photo (issue 27 point 4,
 * docs/decisions/031), beside its file's storage key: a new upload is compared with all of them
 * (src/server/lib/image-hash.ts, modules/compliance/reused-images.ts). `hash` is null when the
 * file could not be decoded.
 */
export const imageHashes = pgTable(
  'image_hashes',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: IMAGE_KINDS }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    kycSubmissionId: integer('kyc_submission_id').references(() => kycSubmissions.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    hash: text('hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('image_hashes_storage_key_unique').on(t.storageKey),
    index('image_hashes_order_idx').on(t.orderId),
    index('image_hashes_kyc_submission_idx').on(t.kycSubmissionId),
  ],
);

/**
 * The daily large cash transaction reports (issue 34 point 3, docs/decisions/077-goaml-export.md):
 * one row per Accra day (Africa/Accra is UTC all year), written once by the job the morning after
 * (modules/compliance/large-cash.ts) with the threshold of that moment, the CSV and, when the FIC
 * reporting entity id was set, the goAML XML (report_code CTR). Kept as produced: what was filed.
 */
export const largeCashReports = pgTable('large_cash_reports', {
  day: date('day', { mode: 'string' }).primaryKey(),
  thresholdGhs: numeric('threshold_ghs', { precision: 20, scale: 2 }).notNull(),
  orderCount: integer('order_count').notNull(),
  totalGhs: numeric('total_ghs', { precision: 20, scale: 2 }).notNull(),
  csv: text('csv').notNull(),
  xml: text('xml'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
