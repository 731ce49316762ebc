import { date, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TSettlementFigures } from '#shared/contracts/treasury.js';

/**
 * A signed-off settlement day (issue 28 point 6, docs/decisions/040): who signed, when, and the
 * day's figures as they were then, frozen. The day is the key, so a day is signed once: the
 * insert that comes second does nothing (ON CONFLICT DO NOTHING) and is answered "already signed".
 */
export const settlementSignOffs = pgTable('settlement_sign_offs', {
  /** The business day, Africa/Accra (src/shared/business-day.ts). */
  day: date('day', { mode: 'string' }).primaryKey(),
  /** Who signed; kept without a foreign key, as in the audit log: a sign-off never changes. */
  signedBy: text('signed_by').notNull(),
  /** Their name at the time, as the page shows it. */
  signedByName: text('signed_by_name').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  figures: jsonb('figures').$type<TSettlementFigures>().notNull(),
});
