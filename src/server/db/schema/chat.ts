import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const CHAT_SENDERS = ['user', 'admin'] as const;
/** How a message came in: the chat itself, or the public contact form (docs/decisions/022). */
export const MESSAGE_VIAS = ['chat', 'contact_form'] as const;

/**
 * One support conversation per customer (docs/product.md §3: Conversation), created on first use;
 * and one per visitor email address for contact-form messages from someone not signed in
 * (docs/decisions/022): no account, the name and address they gave, answers go by email.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    /** The customer; null for a visitor's conversation. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A visitor's name and address (lower case) as given on the contact form; null for a customer's. */
    visitorName: text('visitor_name'),
    visitorEmail: text('visitor_email'),
    /** Staff have not read the customer's latest message. */
    hasUnreadUserMessage: boolean('has_unread_user_message').notNull().default(false),
    /** The customer has not read the latest support message. */
    hasUnreadAdminMessage: boolean('has_unread_admin_message').notNull().default(false),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /**
     * The staff member who has taken the conversation (issue 27 point 7, docs/decisions/034), and
     * since when; null when nobody has. Changed by one conditional update (modules/chat/assignment.ts).
     */
    assignedTo: text('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_user_unique').on(t.userId),
    uniqueIndex('conversations_visitor_email_unique')
      .on(t.visitorEmail)
      .where(sql`${t.userId} IS NULL`),
    index('conversations_last_message_idx').on(sql`${t.lastMessageAt} DESC NULLS LAST`),
    index('conversations_assigned_to_idx')
      .on(t.assignedTo)
      .where(sql`${t.assignedTo} IS NOT NULL`),
    check(
      'conversations_customer_or_visitor',
      sql`(${t.userId} IS NOT NULL AND ${t.visitorEmail} IS NULL AND ${t.visitorName} IS NULL) OR (${t.userId} IS NULL AND ${t.visitorEmail} IS NOT NULL AND ${t.visitorName} IS NOT NULL)`,
    ),
  ],
);

/** Chat message text is stored and shown as plain text, never HTML. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: CHAT_SENDERS }).notNull(),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    via: text('via', { enum: MESSAGE_VIAS }).notNull().default('chat'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);
