import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { CHAT_MSG, CHAT_PAGE_SIZE, type TChatMessage, type TChatSender, type TConversationSummary } from '#shared/contracts/chat.js';
import type { TDb } from '#server/db/client.js';
import { users } from '#server/db/schema/auth.js';
import { chatMessages, conversations } from '#server/db/schema/chat.js';
import { AppError } from '#server/lib/errors.js';
import type { ChatBus } from './bus.js';
import { firstOrThrow } from '#server/db/rows.js';

export type TChatDeps = { db: TDb; bus: ChatBus };

type TConversationRow = typeof conversations.$inferSelect;
type TMessageRow = typeof chatMessages.$inferSelect;

/** The staff list shows at most this many conversations (the most recently active). */
export const CONVERSATION_LIST_LIMIT = 200;

export const conversationNotFound = () => new AppError('NOT_FOUND', CHAT_MSG.conversationNotFound);

export function toChatMessage(row: TMessageRow): TChatMessage {
  return { id: row.id, conversationId: row.conversationId, sender: row.sender, text: row.text, createdAt: row.createdAt.toISOString() };
}

export function toMyConversation(row: TConversationRow) {
  return { id: row.id, hasUnreadAdminMessage: row.hasUnreadAdminMessage, lastMessageAt: row.lastMessageAt?.toISOString() ?? null };
}

export async function findConversationOfUser(db: TDb, userId: string): Promise<TConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.userId, userId));
  return row;
}

/** One conversation per customer, created on first use (a unique index settles two at once). */
export async function getOrCreateConversation(db: TDb, userId: string): Promise<TConversationRow> {
  const existing = await findConversationOfUser(db, userId);
  if (existing) return existing;
  await db.insert(conversations).values({ userId }).onConflictDoNothing({ target: conversations.userId });
  const created = await findConversationOfUser(db, userId);
  if (!created) throw new Error('conversation vanished after insert');
  return created;
}

/** The latest messages of a conversation, oldest first. */
export async function latestMessages(db: TDb, conversationId: number, limit = CHAT_PAGE_SIZE): Promise<TChatMessage[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse().map(toChatMessage);
}

/** What a client missed: messages after the last id it holds, oldest first, a page at a time. */
export async function messagesAfter(db: TDb, conversationId: number, after: number) {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.id, after)))
    .orderBy(asc(chatMessages.id))
    .limit(CHAT_PAGE_SIZE + 1);
  return { messages: rows.slice(0, CHAT_PAGE_SIZE).map(toChatMessage), hasMore: rows.length > CHAT_PAGE_SIZE };
}

export async function loadMessages(db: TDb, ids: number[]): Promise<TChatMessage[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(chatMessages).where(inArray(chatMessages.id, ids)).orderBy(asc(chatMessages.id));
  return rows.map(toChatMessage);
}

/**
 * Stores a message and, in the same transaction, marks it unread for the other side, moves the
 * conversation's last-message time and notifies every server process (sent on commit).
 */
export async function sendMessage(
  deps: TChatDeps,
  input: { conversation: Pick<TConversationRow, 'id' | 'userId'>; sender: TChatSender; senderId: string; text: string },
): Promise<TChatMessage> {
  const { conversation, sender } = input;
  const row = await deps.db.transaction(async (tx) => {
    const inserted = firstOrThrow(
      await tx
        .insert(chatMessages)
        .values({ conversationId: conversation.id, sender, senderId: input.senderId, text: input.text })
        .returning(),
    );
    await tx
      .update(conversations)
      .set({
        lastMessageAt: inserted.createdAt,
        ...(sender === 'user' ? { hasUnreadUserMessage: true } : { hasUnreadAdminMessage: true }),
      })
      .where(eq(conversations.id, conversation.id));
    await deps.bus.publish({ t: 'message', id: inserted.id, c: conversation.id, u: conversation.userId }, tx);
    return inserted;
  });
  return toChatMessage(row);
}

/**
 * `reader` has read the conversation: clears the unread mark of the other side's messages.
 * Other clients are told only when a mark was actually cleared.
 */
export async function markRead(deps: TChatDeps, conversation: Pick<TConversationRow, 'id' | 'userId'>, reader: TChatSender): Promise<void> {
  const flag = reader === 'admin' ? conversations.hasUnreadUserMessage : conversations.hasUnreadAdminMessage;
  await deps.db.transaction(async (tx) => {
    const cleared = await tx
      .update(conversations)
      .set(reader === 'admin' ? { hasUnreadUserMessage: false } : { hasUnreadAdminMessage: false })
      .where(and(eq(conversations.id, conversation.id), eq(flag, true)))
      .returning({ id: conversations.id });
    if (cleared.length > 0) await deps.bus.publish({ t: 'read', c: conversation.id, u: conversation.userId, by: reader }, tx);
  });
}

// --- staff ----------------------------------------------------------------------------------

const lastMessage = sql<{ text: string; sender: TChatSender } | null>`(
  SELECT json_build_object('text', m.text, 'sender', m.sender)
  FROM ${chatMessages} m
  WHERE m.conversation_id = ${conversations.id}
  ORDER BY m.id DESC
  LIMIT 1
)`;

const summaryColumns = {
  id: conversations.id,
  userId: conversations.userId,
  fullName: users.fullName,
  name: users.name,
  email: users.email,
  lastMessageAt: conversations.lastMessageAt,
  hasUnreadUserMessage: conversations.hasUnreadUserMessage,
  hasUnreadAdminMessage: conversations.hasUnreadAdminMessage,
  lastMessage,
};

type TSummaryRow = {
  id: number;
  userId: string;
  fullName: string;
  name: string;
  email: string;
  lastMessageAt: Date | string | null;
  hasUnreadUserMessage: boolean;
  hasUnreadAdminMessage: boolean;
  lastMessage: { text: string; sender: TChatSender } | string | null;
};

function toSummary(row: TSummaryRow): TConversationSummary {
  // A json column arrives parsed from node-postgres and as text from some drivers.
  const last =
    typeof row.lastMessage === 'string' ? (JSON.parse(row.lastMessage) as { text: string; sender: TChatSender }) : row.lastMessage;
  return {
    id: row.id,
    userId: row.userId,
    userName: row.fullName || row.name,
    userEmail: row.email,
    lastMessageText: last?.text ?? null,
    lastMessageSender: last?.sender ?? null,
    lastMessageAt: row.lastMessageAt ? new Date(row.lastMessageAt).toISOString() : null,
    hasUnreadUserMessage: row.hasUnreadUserMessage,
    hasUnreadAdminMessage: row.hasUnreadAdminMessage,
  };
}

/** Every conversation, the most recent message first; conversations without messages last. */
export async function listConversations(db: TDb): Promise<TConversationSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.userId))
    .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, desc(conversations.id))
    .limit(CONVERSATION_LIST_LIMIT);
  return rows.map(toSummary);
}

/** Conversations with a customer message that no staff member has read yet. */
export async function countUnreadConversations(db: TDb): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(eq(conversations.hasUnreadUserMessage, true));
  return Number(row?.count ?? 0);
}

export async function getConversationSummary(db: TDb, id: number): Promise<TConversationSummary> {
  const [row] = await db
    .select(summaryColumns)
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.userId))
    .where(eq(conversations.id, id));
  if (!row) throw conversationNotFound();
  return toSummary(row);
}

export async function getConversationById(db: TDb, id: number): Promise<TConversationRow> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  if (!row) throw conversationNotFound();
  return row;
}
