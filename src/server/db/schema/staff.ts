import { boolean, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * A single-use invitation for a new staff member to set their password (docs/product.md §2: Admin
 * Management). Only the SHA-256 of the token is stored; the link in the email carries the token.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_invitations_user_idx').on(t.userId)],
);

/**
 * A staff member's live notifications (issue 27 point 6, docs/decisions/032): a sound and a
 * desktop notification for a new paid order, a new chat and an overdue case. Off by default: no
 * row means both off. Kept on the server, never in the browser (decisions/013 D10).
 */
export const staffNotificationSettings = pgTable('staff_notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sound: boolean('sound').notNull().default(false),
  desktop: boolean('desktop').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
