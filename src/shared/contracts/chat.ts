import { z } from 'zod';
import { ZKycStatus } from './account.js';
import { ZDbBigIdText, ZDbId, ZDbIdParams } from './common.js';
import { ZFiatCurrency, ZOrderStatus, ZOrderType } from './orders.js';

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

export { CHAT_CLOSE } from '#shared/socket-close.js';

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
  // Assignment (issue 27 point 7, docs/decisions/034).
  assignedTo: (name: string) => `Assigned: ${name}`,
  unassigned: 'Unassigned',
  assignToMe: 'Assign to me',
  assignTo: 'Assign to',
  assign: 'Assign',
  unassign: 'Unassign',
  assignFilterLabel: 'Show conversations',
  assignFilters: { mine: 'Mine', unassigned: 'Unassigned', all: 'All' },
  noConversationsInFilter: 'No conversations here.',
  /** Someone else changed the assignment first (two agents taking the same conversation at once). */
  assignedMeanwhile: (name: string | null) =>
    name === null
      ? 'This conversation was unassigned a moment ago. Look again and choose.'
      : `${name} took this conversation a moment ago. Ask them or a super admin to hand it over.`,
  /** Support changing a conversation assigned to someone else (only a super admin may). */
  assignedToOther: (name: string) => `${name} has this conversation. Only they or a super admin can hand it over.`,
  assigneeNotAgent: 'Choose a staff member who answers chats.',
  visitorNoAssignee: 'Only conversations with a customer can be assigned.',
  // The customer beside the conversation (issue 27 point 7, docs/decisions/034): tier and last orders only.
  customerHeading: 'Customer',
  tier: (tier: number) => `Tier ${tier}`,
  lastOrders: 'Last orders',
  noOrders: 'No orders yet.',
  visitorNoAccount: 'No account: nothing to show.',
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
  /** The staff member who has taken it (docs/decisions/034), by id and name; null when nobody has. */
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
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

/** A staff user id (better-auth's text ids). */
const ZStaffId = z.string().min(1).max(64);
/**
 * Assign a conversation (docs/decisions/034): to `assigneeId`, or to nobody (null). `currentAssigneeId`
 * is the assignee the agent saw: the change is made only if it still is (one winner of two at once).
 */
export const ZAssignConversationRequest = z.object({ assigneeId: ZStaffId.nullable(), currentAssigneeId: ZStaffId.nullable() }).strict();
export type TAssignConversationRequest = z.infer<typeof ZAssignConversationRequest>;
export const ZAssignConversationResponse = z.object({ conversation: ZConversationSummary });
/** The staff members a conversation can be assigned to: every active one whose role answers chats. */
export const ZChatAgent = z.object({ id: z.string(), name: z.string() });
export type TChatAgent = z.infer<typeof ZChatAgent>;
export const ZChatAgentList = z.object({ agents: z.array(ZChatAgent) });

/** How many of a customer's orders the chat shows beside the conversation. */
export const CHAT_CUSTOMER_ORDERS = 5;
/**
 * One of the customer's last orders beside the conversation: what the customer sees of it, never
 * more. `status` is the order's own status (a held order waits in its submitted status, as the
 * customer sees it); no hold, alert or case is in here (tipping-off, docs/decisions/034).
 */
export const ZChatCustomerOrder = z
  .object({
    id: z.number().int(),
    type: ZOrderType,
    coinSymbol: z.string(),
    amountFiat: z.string(),
    fiatCurrency: ZFiatCurrency,
    amountCrypto: z.string(),
    status: ZOrderStatus,
    createdAt: z.string(),
  })
  .strict();
export type TChatCustomerOrder = z.infer<typeof ZChatCustomerOrder>;
/** GET /api/admin/chat/conversations/:id/customer: null `customer` for a visitor's conversation. */
export const ZChatCustomerContext = z
  .object({
    customer: z.object({ tier: z.number().int(), kycStatus: ZKycStatus }).strict().nullable(),
    orders: z.array(ZChatCustomerOrder),
  })
  .strict();
export type TChatCustomerContext = z.infer<typeof ZChatCustomerContext>;

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
  /** Staff only: who has the conversation changed (docs/decisions/034); the list reads it again. */
  z.object({ type: z.literal('assigned'), conversationId: z.number().int() }),
  /** Events may have been missed (server-side listener reconnected): fetch after the last id. */
  z.object({ type: z.literal('resync') }),
  /** A client event was refused (bad shape); the connection stays open. */
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type TServerSocketEvent = z.infer<typeof ZServerSocketEvent>;
