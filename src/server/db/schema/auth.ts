import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Tables owned by better-auth (user, session, account, verification, rate limit), with the
 * fields of its username and admin plugins and our profile fields (docs/product.md §3).
 * The JS keys are the field names better-auth uses; columns are snake_case.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // username plugin (stores the normalised lower-case name in `username`)
    username: text('username'),
    displayUsername: text('display_username'),
    // admin plugin
    role: text('role'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    // profile
    fullName: text('full_name').notNull().default(''),
    phone: text('phone'),
    kycStatus: text('kyc_status').notNull().default('unverified'),
    tradingVolumeUsd: numeric('trading_volume_usd', { precision: 20, scale: 2 }).notNull().default('0'),
    /** Verification tier (docs/decisions/016): 0 signed up, 1 phone and identity, 2 address and source of funds. */
    tier: integer('tier').notNull().default(0),
    /**
     * When the phone number in `phone` was verified by a one-time code; null: not verified. A
     * change of `phone` that does not set it clears it (trigger users_phone_change_unverifies, migration 0012).
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** The customer asked for an SMS when an order is created, completed, cancelled or expires. */
    smsOrderUpdates: boolean('sms_order_updates').notNull().default(false),
    /** A closed account keeps its records for the retention period, then is anonymised (anonymisedAt). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    /**
     * A legal hold (issue 34 point 5, docs/decisions/074): while set, retention does not anonymise
     * the account, whatever its closing date. Placed and lifted by compliance, each audited.
     */
    legalHoldAt: timestamp('legal_hold_at', { withTimezone: true }),
    legalHoldBy: text('legal_hold_by'),
    legalHoldReason: text('legal_hold_reason'),
    /**
     * A staff member removed from Admin Management: the row stays so that the orders, KYC decisions,
     * chat replies and notes they made still name them (docs/decisions/017, "Records retention");
     * they cannot sign in, their address is freed, and they are no longer listed.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * The password last signed in with is shorter than the policy's minimum or on the common-password
     * list (docs/decisions/023): the person is asked to change it. Set at each password sign-in.
     */
    passwordChangeRequested: boolean('password_change_requested').notNull().default(false),
    /**
     * The second factor was reset (by a super admin or the console): enrolling again needs the
     * emailed link, not the password alone (issue 26, docs/decisions/023). Cleared by the enrolment.
     */
    twoFactorLinkRequired: boolean('two_factor_link_required').notNull().default(false),
    // two-factor plugin
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    // decisions/013 D7: one username, whatever its case, even for two simultaneous signups.
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    // A verified phone number belongs to one account (docs/decisions/016, migration 0013): the
    // limits are a person's, and the phone is one of the two facts behind Tier 1.
    uniqueIndex('users_verified_phone_unique')
      .on(t.phone)
      .where(sql`${t.phoneVerifiedAt} IS NOT NULL`),
    index('users_created_at_idx').on(t.createdAt),
    index('users_role_idx').on(t.role),
    // Substring searches (admin users and orders lists) use trigram indexes.
    index('users_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    /** Ours, not better-auth's: staff sessions end after a period without requests. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** TOTP secrets and backup codes of the two-factor plugin (both stored encrypted). */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factors_user_id_idx').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
);

/**
 * Authenticator codes already used to sign in, so a code seen once (over a shoulder, in a
 * proxy log) cannot be replayed within its validity window. Only a hash of the code is kept.
 */
export const usedTotpCodes = pgTable(
  'used_totp_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);
