import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { KYC_ID_TYPES, KYC_SUBMISSION_STATUSES } from '#shared/contracts/kyc.js';
import { users } from './auth.js';

/**
 * A customer's identity documents (docs/product.md §3). Document files live in private storage
 * under random keys; the table holds only the keys and their verified content types.
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    idType: text('id_type', { enum: KYC_ID_TYPES }).notNull(),
    idNumber: text('id_number').notNull(),
    /**
     * The ID number as compared across accounts (idNumberKey in src/shared/contracts/kyc.ts),
     * written at insert; migration 0014 computed it in SQL for older rows. Null when the number
     * does not key (a non-Latin letter in a number accepted before 0014: written to the audit log).
     */
    idNumberKey: text('id_number_key'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    frontKey: text('front_key'),
    frontType: text('front_type'),
    backKey: text('back_key'),
    backType: text('back_type'),
    status: text('status', { enum: KYC_SUBMISSION_STATUSES }).notNull().default('pending'),
    /** The tier this submission asks for: 1 (identity and selfie) or 2 (address and source of funds). */
    level: integer('level').notNull().default(1),
    /** The Ghana Card number (GHA-XXXXXXXXX-X): required with every ID type but a passport. */
    ghanaCardNumber: text('ghana_card_number'),
    /** With a passport: 'Ghana' or the country the customer named (docs/decisions/016); null with other IDs. */
    nationality: text('nationality'),
    /** Tier 1: a selfie holding the card. */
    selfieKey: text('selfie_key'),
    selfieType: text('selfie_type'),
    /** Tier 2: a proof of address (utility bill, bank statement) and where the money comes from. */
    addressProofKey: text('address_proof_key'),
    addressProofType: text('address_proof_type'),
    sourceOfFunds: text('source_of_funds'),
    sourceOfFundsDetail: text('source_of_funds_detail'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('kyc_submissions_submitted_at_idx').on(t.submittedAt),
    index('kyc_submissions_user_idx').on(t.userId),
    // At most one submission under review per customer, even for two simultaneous uploads.
    uniqueIndex('kyc_submissions_one_pending_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    // The same ID on two accounts (docs/decisions/016): looked up by the Ghana Card number and by
    // the ID number as compared (idNumberKey in src/shared/contracts/kyc.ts).
    index('kyc_submissions_ghana_card_idx')
      .on(t.ghanaCardNumber)
      .where(sql`${t.ghanaCardNumber} IS NOT NULL`),
    index('kyc_submissions_id_number_key_idx')
      .on(t.idType, t.idNumberKey)
      .where(sql`${t.idNumberKey} IS NOT NULL`),
  ],
);
