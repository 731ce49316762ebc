import { z } from 'zod';
import { ZDbBigIdText, ZDbId, ZDbIdParams } from './common.js';

/**
 * Live support chat (docs/product.md §2, §3, §4, §7): HTTP bodies and answers, and the typed events of
 * the realtime WebSocket. Messages are plain text end to end; the web app renders them as text.
 */

export const CHAT_SENDERS = ['user', 'admin'] as const;
export const ZChatSender = z.enum(CHAT_SENDERS);
export type TChatSender = z.infer<typeof ZChatSender>;
/** How a message came in: the chat, or the public contact form (docs/decisions/022). */
export const CHAT_MESSAGE_VIAS = ['chat', 'contact_form'] as const;
export const ZChatMessageVia = z.enum(CHAT_MESSAGE_VIAS);
export type TChatMessageVia = z.infer<typeof ZChatMessageVia>;

/** Longest message a person may send, in characters. */
export const CHAT_MAX_LENGTH = 2000;
/** docs/product.md §9: typing signals at most every 500 ms; the indicator goes after 3 s without one. */
export const TYPING_SIGNAL_INTERVAL_MS = 500;
export const TYPING_INDICATOR_MS = 3000;
/** Messages returned by one call: the latest ones when a conversation opens, or after an id. */
export const CHAT_PAGE_SIZE = 200;
/** Largest WebSocket frame the server accepts from a client (events are tiny). */
export const CHAT_SOCKET_MAX_PAYLOAD = 4096;

/** WebSocket close codes the client acts on (4000-4999 are free for applications). */
export const CHAT_CLOSE = {
  /** Too many events or connections: reconnect later. */
  rateLimited: 4008,
  /** The session ended (logout elsewhere, expiry, idle staff session): do not reconnect. */
  sessionEnded: 4001,
  /**
   * The account changed (role, deletion, ban, second-factor reset): re-read the session, whose
   * answer decides what the screen shows; reconnect only if the screen is still there.
   */
  accountChanged: 4002,
} as const;

export const CHAT_MSG = {
  conversationNotFound: 'Conversation not found',
  messageRequired: 'Type a message first.',
  messageTooLong: `Messages can be at most ${CHAT_MAX_LENGTH} characters.`,
  messageInvalid: 'This message contains characters that cannot be sent.',
  tooFast: 'You are sending messages too quickly. Please wait a moment.',
  loading: 'Loading chat...',
  supportTyping: 'Support is typing...',
  userTyping: 'User is typing...',
  noMessages: 'No messages yet',
  selectConversation: 'Select a conversation to start chatting',
  placeholder: 'Type a message...',
  /** The inbox's marks for what came through the contact form (docs/decisions/022). */
  contactForm: 'Contact form',
  viaContactForm: 'Sent with the contact form',
  visitor: 'No account',
  visitorReplies: (email: string) => `Sent with the contact form by someone without an account: your replies are emailed to ${email}.`,
} as const;

export const ZChatText = z
  .string({ message: CHAT_MSG.messageRequired })
  .trim()
  .min(1, CHAT_MSG.messageRequired)
  .max(CHAT_MAX_LENGTH, CHAT_MSG.messageTooLong)
  // PostgreSQL text cannot hold NUL; other control characters are harmless as text.
  .refine((text) => !text.includes('\u0000'), CHAT_MSG.messageInvalid);

export const ZChatMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  sender: ZChatSender,
  text: z.string(),
  via: ZChatMessageVia,
  createdAt: z.string(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

// --- customer ---------------------------------------------------------------------------

/** The customer's own conversation. No id is ever taken from a customer: it is always theirs. */
export const ZMyConversation = z.object({
  id: z.number().int(),
  hasUnreadAdminMessage: z.boolean(),
  lastMessageAt: z.string().nullable(),
});
/** GET /api/chat/conversation: status only (the red dot), null until first use. */
export const ZMyConversationStatus = z.object({ conversation: ZMyConversation.nullable() });
/** POST /api/chat/conversation: get or create, with the latest messages (oldest first). */
export const ZMyConversationOpen = z.object({ conversation: ZMyConversation, messages: z.array(ZChatMessage) });

/** `after`: the last message id the client holds; the answer has what came later, oldest first. */
export const ZMessagesAfterQuery = z.object({ after: ZDbBigIdText.default(0) }).strict();
/** `hasMore`: more messages follow; ask again with the last id. */
export const ZMessagesAfter = z.object({ messages: z.array(ZChatMessage), hasMore: z.boolean() });

export const ZSendMessageRequest = z.object({ text: ZChatText }).strict();
export type TSendMessageRequest = z.infer<typeof ZSendMessageRequest>;
export const ZSendMessageResponse = z.object({ message: ZChatMessage });

// --- staff -------------------------------------------------------------------------------

/**
 * A conversation in the staff inbox. A visitor's (a contact-form message from someone not signed
 * in, docs/decisions/022) has no `userId`, `isVisitor` set, and the name and email they gave.
 */
export const ZConversationSummary = z.object({
  id: z.number().int(),
  userId: z.string().nullable(),
  isVisitor: z.boolean(),
  userName: z.string(),
  userEmail: z.string(),
  lastMessageText: z.string().nullable(),
  lastMessageSender: ZChatSender.nullable(),
  lastMessageVia: ZChatMessageVia.nullable(),
  lastMessageAt: z.string().nullable(),
  hasUnreadUserMessage: z.boolean(),
  hasUnreadAdminMessage: z.boolean(),
});
export type TConversationSummary = z.infer<typeof ZConversationSummary>;
/** Ordered by last message, newest first; conversations without messages last. */
export const ZConversationList = z.object({ conversations: z.array(ZConversationSummary) });
/** How many conversations have a customer message no staff member has read (the back-office menu badge). */
export const ZUnreadConversations = z.object({ count: z.number().int().min(0) });
export type TUnreadConversations = z.infer<typeof ZUnreadConversations>;
export const ZConversationDetail = z.object({ conversation: ZConversationSummary, messages: z.array(ZChatMessage) });
export const ZConversationIdParams = ZDbIdParams;
/** Canned responses for the quick-reply dialog (readable by whoever answers chats). */
export const ZQuickReply = z.object({ id: z.number(), title: z.string(), message: z.string() });
export type TQuickReply = z.infer<typeof ZQuickReply>;
export const ZQuickReplyList = z.object({ cannedResponses: z.array(ZQuickReply) });

// --- realtime events -----------------------------------------------------------------------

/** Customer -> server. A customer never names a conversation: theirs is implied. */
export const ZCustomerSocketEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing') }).strict(),
  z.object({ type: z.literal('read') }).strict(),
]);
/** Staff -> server: about one conversation. */
export const ZStaffSocketEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing'), conversationId: ZDbId }).strict(),
  z.object({ type: z.literal('read'), conversationId: ZDbId }).strict(),
]);
export type TCustomerSocketEvent = z.infer<typeof ZCustomerSocketEvent>;
export type TStaffSocketEvent = z.infer<typeof ZStaffSocketEvent>;
export type TClientSocketEvent = TCustomerSocketEvent | TStaffSocketEvent;

/** Server -> client. */
export const ZServerSocketEvent = z.discriminatedUnion('type', [
  /** A new message in a conversation the client may see. */
  z.object({ type: z.literal('message'), message: ZChatMessage }),
  /** The other side is typing (the indicator hides after TYPING_INDICATOR_MS without another). */
  z.object({ type: z.literal('typing'), conversationId: z.number().int(), sender: ZChatSender }),
  /** `reader` read the conversation: the unread mark of the other side's messages is cleared. */
  z.object({ type: z.literal('read'), conversationId: z.number().int(), reader: ZChatSender }),
  /** Events may have been missed (server-side listener reconnected): fetch after the last id. */
  z.object({ type: z.literal('resync') }),
  /** A client event was refused (bad shape); the connection stays open. */
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type TServerSocketEvent = z.infer<typeof ZServerSocketEvent>;
