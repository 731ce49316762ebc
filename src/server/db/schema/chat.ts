import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const CHAT_SENDERS = ['user', 'admin'] as const;

/** One support conversation per customer (docs/product.md §3: Conversation), created on first use. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Staff have not read the customer's latest message. */
    hasUnreadUserMessage: boolean('has_unread_user_message').notNull().default(false),
    /** The customer has not read the latest support message. */
    hasUnreadAdminMessage: boolean('has_unread_admin_message').notNull().default(false),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_user_unique').on(t.userId),
    index('conversations_last_message_idx').on(sql`${t.lastMessageAt} DESC NULLS LAST`),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);
