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
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ZPaymentMethodDetails } from '#shared/contracts/admin.js';
import { KEY_FAMILIES } from '#shared/deposit-keys.js';
import { DEFAULT_RULE_ACTIONS, MONITORING_SETTINGS, type TMonitoringSetting } from '#shared/compliance-rules/index.js';

const ghsColumn = (name: string, value: string) => numeric(name, { precision: 20, scale: 2 }).notNull().default(value);
const wholeColumn = (name: string, value: number) => integer(name).notNull().default(value);

/**
 * The monitoring rules' settings columns, built from the rules' declarations
 * (src/shared/compliance-rules, docs/decisions/041): a rule's new threshold is a column here by
 * itself, and `npm run db:generate` writes its migration.
 */
const monitoringColumns = Object.fromEntries(
  MONITORING_SETTINGS.map((setting) => [
    setting.key,
    setting.kind === 'ghs' ? ghsColumn(setting.column, setting.default) : wholeColumn(setting.column, setting.default),
  ]),
) as { [S in TMonitoringSetting as S['key']]: S extends { kind: 'ghs' } ? ReturnType<typeof ghsColumn> : ReturnType<typeof wholeColumn> };

/** Settings, record id 1 (docs/product.md §3). The SMTP password is stored encrypted (decisions/013 D5). */
export const settings = pgTable('settings', {
  id: integer('id').primaryKey(),
  serviceFeePercentage: numeric('service_fee_percentage', { precision: 5, scale: 2 }).notNull().default('2.5'),
  notificationEmail: text('notification_email'),
  smtpHost: text('smtp_host'),
  smtpPort: integer('smtp_port'),
  smtpSecure: boolean('smtp_secure').notNull().default(true),
  smtpUser: text('smtp_user'),
  smtpPassEncrypted: text('smtp_pass_encrypted'),
  /**
   * The SMTP settings a test email last went out with (issue 27 point 7, docs/decisions/033): a keyed
   * hash of host, port, SSL/TLS, username, password and sender (lib/email/smtp-fingerprint.ts), and
   * when. The setup checklist's SMTP item is done only while the settings still hash to it.
   */
  smtpTestedFingerprint: text('smtp_tested_fingerprint'),
  smtpTestedAt: timestamp('smtp_tested_at', { withTimezone: true }),
  /** How long a buyer has to pay after creating an order, and a seller to send (docs/decisions/014). */
  paymentWindowMinutes: integer('payment_window_minutes').notNull().default(30),
  depositWindowMinutes: integer('deposit_window_minutes').notNull().default(60),
  /** The smallest order, and the largest (null: none), in GHS. */
  minOrderGhs: numeric('min_order_ghs', { precision: 20, scale: 2 }).notNull().default('10'),
  maxOrderGhs: numeric('max_order_ghs', { precision: 20, scale: 2 }),
  /** Verification tiers and monitoring (docs/decisions/016): every threshold is a setting. */
  tier0LimitUsd: numeric('tier0_limit_usd', { precision: 20, scale: 2 }).notNull().default('20'),
  tier1DailyLimitGhs: numeric('tier1_daily_limit_ghs', { precision: 20, scale: 2 }).notNull().default('5000'),
  tier1MonthlyLimitGhs: numeric('tier1_monthly_limit_ghs', { precision: 20, scale: 2 }).notNull().default('50000'),
  tier2DailyLimitGhs: numeric('tier2_daily_limit_ghs', { precision: 20, scale: 2 }).notNull().default('100000'),
  tier2MonthlyLimitGhs: numeric('tier2_monthly_limit_ghs', { precision: 20, scale: 2 }).notNull().default('1000000'),
  /**
   * Two people above this many cedis (issue 28 point 2, docs/decisions/038): who confirmed an
   * order's payment may not pay it out or refund it.
   */
  twoPeopleAboveGhs: numeric('two_people_above_ghs', { precision: 20, scale: 2 }).notNull().default('5000'),
  /** Every monitoring rule's thresholds (large_order_ghs, structuring_band_percent, ...): declared by the rules. */
  ...monitoringColumns,
  /** Per monitoring rule: 'hold' (the order waits for compliance) or 'flag' (an alert only); a missing rule has its default. */
  ruleActions: jsonb('rule_actions').$type<Record<string, 'hold' | 'flag'>>().notNull().default(DEFAULT_RULE_ACTIONS),
  retentionYears: integer('retention_years').notNull().default(6),
  /**
   * goAML reports to the FIC (issue 34 point 3, docs/decisions/077-goaml-export.md): the
   * reporting entity id the FIC gave the business (goAML's rentity_id, a whole number; empty: not
   * registered yet, and the goAML export refuses), and the large cash transaction report's
   * threshold: orders of this many cedis or more are in the day's file.
   */
  ficReportingEntityId: text('fic_reporting_entity_id').notNull().default(''),
  largeCashThresholdGhs: ghsColumn('large_cash_threshold_ghs', '50000'),
  /** A customer session ends after this many hours without a person's request (docs/decisions/020). */
  customerIdleHours: integer('customer_idle_hours').notNull().default(12),
  /** How long a staff member's claim on a paid order lasts before it lapses (docs/decisions/029). */
  claimMinutes: integer('claim_minutes').notNull().default(10),
  /**
   * Four eyes on money destinations (issue 27, docs/decisions/030): a change of a payment method's
   * account or a deposit address requested by the only admin able to approve takes effect after
   * this many hours.
   */
  destinationCoolingOffHours: integer('destination_cooling_off_hours').notNull().default(24),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The settings columns of the trading rules (TTradingRules): read by the market answer and by order creation. */
export const tradingRulesColumns = {
  paymentWindowMinutes: settings.paymentWindowMinutes,
  depositWindowMinutes: settings.depositWindowMinutes,
  minOrderGhs: settings.minOrderGhs,
  maxOrderGhs: settings.maxOrderGhs,
};

export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;

/** Every email the product produces, written in the transaction of the event (decisions/013 D12). */
export const emailLog = pgTable(
  'email_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** The body with every secret masked (docs/decisions/021); the sender puts them back from `secretsSealed`. */
    body: text('body').notNull(),
    /** The body's secrets (link tokens), sealed with the server secret, until delivered or failed for good; then null. */
    secretsSealed: text('secrets_sealed'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Lower goes first (lib/outbox.ts DELIVERY_PRIORITY): 0 what a person waits for at the screen, 1 notices, 2 staff summaries. */
    priority: smallint('priority').notNull().default(1),
  },
  (t) => [
    index('email_log_due_idx')
      .on(t.priority, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('email_log_sent_at_idx').on(t.sentAt),
    index('email_log_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const coins = pgTable('coins', {
  id: serial('id').primaryKey(),
  symbol: text('symbol').notNull().unique(),
  name: text('name').notNull(),
  isEnabled: boolean('is_enabled').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * Where customers send a coin they sell, one address per coin and network (docs/decisions/014:
 * USDT on TRC20, ERC20 and BEP20 each its own). Networks are those of src/shared/networks.ts.
 */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    address: text('address').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.network] })],
);

/**
 * Watch-only account keys that sell orders' own deposit addresses are derived from (issue 32
 * point 1, docs/decisions/056): public keys only. One row per key, however many coins and networks
 * use it (one EVM key may serve ETH, USDT-ERC20 and USDT-BEP20), so an index is given once per key:
 * `next_index` is the next receive index (chain 0) to give, raised in the order's transaction. A
 * key taken off a coin keeps its row and its counter; set again, it continues where it was.
 */
export const depositKeys = pgTable(
  'deposit_keys',
  {
    id: serial('id').primaryKey(),
    family: text('family', { enum: KEY_FAMILIES }).notNull(),
    /** The extended public key as the operator entered it (xpub, zpub, Ltub, dgub). */
    extendedKey: text('extended_key').notNull(),
    /** BIP32 fingerprint of the account key (8 hex digits), shown beside orders' indexes. */
    fingerprint: text('fingerprint').notNull(),
    /** SHA-256 of the public key and chain code: the same key under another prefix is the same key. */
    identity: text('identity').notNull(),
    nextIndex: integer('next_index').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deposit_keys_identity_unique').on(t.family, t.identity),
    check('deposit_keys_next_index_range', sql`${t.nextIndex} >= 0`),
    check('deposit_keys_family_known', sql`${t.family} IN (${sql.raw(KEY_FAMILIES.map((s) => `'${s}'`).join(', '))})`),
  ],
);

/** Which key a coin's sell orders on a network take their address from (none: the fixed address of deposit_addresses). */
export const coinDepositKeys = pgTable(
  'coin_deposit_keys',
  {
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    keyId: integer('key_id')
      .notNull()
      .references(() => depositKeys.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.network] })],
);

export type TPaymentMethodDetails = z.infer<typeof ZPaymentMethodDetails>;

export const paymentMethods = pgTable('payment_methods', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  isEnabled: boolean('is_enabled').notNull().default(true),
  details: jsonb('details').$type<TPaymentMethodDetails>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Contact page content, record id 1 (docs/product.md §3), and the company's identity shown in the
 * footer, on About and in order emails (src/shared/company.ts). '' is a field not set.
 */
export const contactPageContent = pgTable('contact_page_content', {
  id: integer('id').primaryKey(),
  headline: text('headline').notNull(),
  introParagraph: text('intro_paragraph').notNull(),
  supportEmail: text('support_email').notNull(),
  supportPhone: text('support_phone').notNull(),
  whatsappNumber: text('whatsapp_number').notNull().default(''),
  companyName: text('company_name').notNull().default(''),
  registrationNumber: text('registration_number').notNull().default(''),
  licenceNumber: text('licence_number').notNull().default(''),
  streetAddress: text('street_address').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cannedResponses = pgTable('canned_responses', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Staff audit log: append-only. The application only inserts; a trigger refuses UPDATE and
 * DELETE so not even a bug can rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key: the log outlives the accounts it names (a deleted admin's entries stay
    // as written, with the email), and an ON DELETE action would be an UPDATE it refuses.
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The hash chain (issue 34 point 5, docs/decisions/073): set once by the sealer
    // (modules/audit/chain.ts), in the order it seals; null until then.
    seq: bigint('seq', { mode: 'number' }).unique('audit_log_seq_unique'),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_unsealed_idx')
      .on(t.id)
      .where(sql`${t.hash} is null`),
  ],
);

/** The audit log's chain head: the last sealed row's sequence number and hash (one row). */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    id: integer('id').primaryKey().default(1),
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    hash: text('hash').notNull(),
  },
  (t) => [check('audit_chain_head_one_row', sql`${t.id} = 1`)],
);
