import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  CHAT_MSG,
  CHAT_PAGE_SIZE,
  type TChatMessage,
  type TChatMessageVia,
  type TChatSender,
  type TConversationSummary,
} from '#shared/contracts/chat.js';
import type { TDb, TDbOrTx } from '#server/db/client.js';
import { users } from '#server/db/schema/auth.js';
import { chatMessages, conversations } from '#server/db/schema/chat.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { renderSupportReplyEmail } from '#server/lib/email/templates.js';
import { AppError } from '#server/lib/errors.js';
import { getCompanyDetails } from '#server/modules/content/service.js';
import type { RealtimeBus } from '#server/modules/realtime/bus.js';
import type { TChatSource } from '#server/modules/realtime/hub.js';
import { firstOrThrow } from '#server/db/rows.js';

/**
 * `appUrl` and `onEmailQueued`: a staff answer to a contact-form message is also emailed
 * (docs/decisions/022); without them (the realtime hub's reads, `chatSource`) nothing is sent.
 */
export type TChatDeps = { db: TDb; bus: RealtimeBus; appUrl?: string; onEmailQueued?: () => void };

type TConversationRow = typeof conversations.$inferSelect;
type TMessageRow = typeof chatMessages.$inferSelect;

/** The staff list shows at most this many conversations (the most recently active). */
export const CONVERSATION_LIST_LIMIT = 200;

export const conversationNotFound = () => new AppError('NOT_FOUND', CHAT_MSG.conversationNotFound);

export function toChatMessage(row: TMessageRow): TChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    sender: row.sender,
    text: row.text,
    via: row.via,
    createdAt: row.createdAt.toISOString(),
  };
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

type TConversationRef = Pick<TConversationRow, 'id' | 'userId'>;

/**
 * Stores a message in `tx`: marks it unread for the other side, moves the conversation's
 * last-message time and notifies every server process (sent on commit).
 */
export async function storeMessage(
  tx: TDbOrTx,
  bus: RealtimeBus,
  input: { conversation: TConversationRef; sender: TChatSender; senderId: string | null; text: string; via?: TChatMessageVia },
): Promise<TMessageRow> {
  const { conversation, sender } = input;
  const inserted = firstOrThrow(
    await tx
      .insert(chatMessages)
      .values({ conversationId: conversation.id, sender, senderId: input.senderId, text: input.text, via: input.via ?? 'chat' })
      .returning(),
  );
  await tx
    .update(conversations)
    .set({
      lastMessageAt: inserted.createdAt,
      ...(sender === 'user' ? { hasUnreadUserMessage: true } : { hasUnreadAdminMessage: true }),
    })
    .where(eq(conversations.id, conversation.id));
  await bus.publish({ t: 'message', id: inserted.id, c: conversation.id, u: conversation.userId }, tx);
  return inserted;
}

/**
 * Who a staff answer is also emailed to (docs/decisions/022): a visitor (their only way to read
 * it), or a customer whose latest message came with the contact form (they may not open the
 * chat). Null when the answer stays in the chat.
 */
async function replyEmailRecipient(
  tx: TDbOrTx,
  conversation: TConversationRow,
): Promise<{ to: string; name: string; hasAccount: boolean } | null> {
  if (conversation.userId === null) {
    return conversation.visitorEmail ? { to: conversation.visitorEmail, name: conversation.visitorName ?? '', hasAccount: false } : null;
  }
  const [latest] = await tx
    .select({ via: chatMessages.via })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.sender, 'user')))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  if (latest?.via !== 'contact_form') return null;
  const [user] = await tx
    .select({ email: users.email, fullName: users.fullName, name: users.name })
    .from(users)
    .where(eq(users.id, conversation.userId));
  return user ? { to: user.email, name: user.fullName || user.name, hasAccount: true } : null;
}

/**
 * Stores a message and, in the same transaction, marks it unread for the other side, moves the
 * conversation's last-message time and notifies every server process (sent on commit). A staff
 * answer to a contact-form message is emailed in that transaction too (docs/decisions/022).
 */
export async function sendMessage(
  deps: TChatDeps,
  input: { conversation: TConversationRow; sender: TChatSender; senderId: string; text: string },
): Promise<TChatMessage> {
  let emailed = false;
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await storeMessage(tx, deps.bus, input);
    if (input.sender === 'admin' && deps.appUrl !== undefined) {
      const recipient = await replyEmailRecipient(tx, input.conversation);
      if (recipient) {
        const company = await getCompanyDetails(tx);
        await queueEmail(
          tx,
          recipient.to,
          renderSupportReplyEmail({
            name: recipient.name,
            text: input.text,
            hasAccount: recipient.hasAccount,
            appUrl: deps.appUrl,
            company,
          }),
        );
        emailed = true;
      }
    }
    return inserted;
  });
  if (emailed) deps.onEmailQueued?.();
  return toChatMessage(row);
}

/**
 * `reader` has read the conversation: clears the unread mark of the other side's messages.
 * Other clients are told only when a mark was actually cleared.
 */
export async function markRead(deps: TChatDeps, conversation: TConversationRef, reader: TChatSender): Promise<void> {
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

type TLastMessage = { text: string; sender: TChatSender; via: TChatMessageVia };

const lastMessage = sql<TLastMessage | null>`(
  SELECT json_build_object('text', m.text, 'sender', m.sender, 'via', m.via)
  FROM ${chatMessages} m
  WHERE m.conversation_id = ${conversations.id}
  ORDER BY m.id DESC
  LIMIT 1
)`;

const summaryColumns = {
  id: conversations.id,
  userId: conversations.userId,
  visitorName: conversations.visitorName,
  visitorEmail: conversations.visitorEmail,
  fullName: users.fullName,
  name: users.name,
  email: users.email,
  lastMessageAt: conversations.lastMessageAt,
  hasUnreadUserMessage: conversations.hasUnreadUserMessage,
  hasUnreadAdminMessage: conversations.hasUnreadAdminMessage,
  lastMessage,
  // Who has taken the conversation (docs/decisions/034), by name.
  assigneeId: conversations.assignedTo,
  assigneeName: sql<
    string | null
  >`(select coalesce(nullif(assignee.full_name, ''), assignee.name) from ${users} as assignee where assignee.id = ${conversations.assignedTo})`,
};

type TSummaryRow = {
  id: number;
  userId: string | null;
  visitorName: string | null;
  visitorEmail: string | null;
  fullName: string | null;
  name: string | null;
  email: string | null;
  lastMessageAt: Date | string | null;
  hasUnreadUserMessage: boolean;
  hasUnreadAdminMessage: boolean;
  lastMessage: TLastMessage | string | null;
  assigneeId: string | null;
  assigneeName: string | null;
};

function toSummary(row: TSummaryRow): TConversationSummary {
  // A json column arrives parsed from node-postgres and as text from some drivers.
  const last = typeof row.lastMessage === 'string' ? (JSON.parse(row.lastMessage) as TLastMessage) : row.lastMessage;
  const isVisitor = row.userId === null;
  return {
    id: row.id,
    userId: row.userId,
    isVisitor,
    // A visitor's conversation (docs/decisions/022) shows the name and address given on the contact form.
    userName: (isVisitor ? row.visitorName : row.fullName || row.name) ?? '',
    userEmail: (isVisitor ? row.visitorEmail : row.email) ?? '',
    lastMessageText: last?.text ?? null,
    lastMessageSender: last?.sender ?? null,
    lastMessageVia: last?.via ?? null,
    lastMessageAt: row.lastMessageAt ? new Date(row.lastMessageAt).toISOString() : null,
    hasUnreadUserMessage: row.hasUnreadUserMessage,
    hasUnreadAdminMessage: row.hasUnreadAdminMessage,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeId === null ? null : (row.assigneeName ?? ''),
  };
}

/** Every conversation, the most recent message first; conversations without messages last. */
export async function listConversations(db: TDb): Promise<TConversationSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(conversations)
    .leftJoin(users, eq(users.id, conversations.userId))
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
    .leftJoin(users, eq(users.id, conversations.userId))
    .where(eq(conversations.id, id));
  if (!row) throw conversationNotFound();
  return toSummary(row);
}

export async function getConversationById(db: TDb, id: number): Promise<TConversationRow> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  if (!row) throw conversationNotFound();
  return row;
}

/** What the realtime hub (modules/realtime/hub.ts) reads and writes of the chat. */
export function chatSource(deps: TChatDeps): TChatSource {
  return {
    conversationOfUser: (userId) => findConversationOfUser(deps.db, userId),
    // Any failure reads as "no such conversation": the socket is told so.
    conversation: (id) => getConversationById(deps.db, id).catch(() => undefined),
    loadMessages: (ids) => loadMessages(deps.db, ids),
    markRead: (conversation, reader) => markRead(deps, conversation, reader),
  };
}
