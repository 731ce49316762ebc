import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TDestinationKind, TDestinationStatus } from '#shared/contracts/destination-changes.js';
import { users } from './auth.js';

/**
 * A change of where money goes, waiting for a second admin (issue 27 point 3, docs/decisions/030):
 * a payment method's account (kind payment_method, target its id; a new method has no target
 * until applied), a coin's deposit addresses (kind deposit_address, target the coin's symbol), and
 * later a watch-only key (issue 32 adds a kind). `before` is what was in force when it was asked,
 * `after` what it becomes; applying checks that `before` is still in force, once.
 */
export const destinationChanges = pgTable(
  'destination_changes',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<TDestinationKind>().notNull(),
    targetId: text('target_id'),
    /** What the list shows: the method's or the coin's name. */
    targetLabel: text('target_label').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<TDestinationStatus>().notNull().default('pending'),
    requestedBy: text('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the requester was the only admin able to approve: it takes effect at this time unless rejected. */
    lapsesAt: timestamp('lapses_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('destination_changes_status_idx').on(t.status),
    // One change waiting per destination: a second one is refused until the first is decided.
    uniqueIndex('destination_changes_one_pending_idx')
      .on(t.kind, t.targetId)
      .where(sql`status = 'pending' and target_id is not null`),
  ],
);
