import type { WebsocketPluginOptions } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOk } from '#shared/contracts/common.js';
import {
  CHAT_MSG,
  CHAT_SOCKET_MAX_PAYLOAD,
  ZConversationDetail,
  ZAssignConversationRequest,
  ZAssignConversationResponse,
  ZChatAgentList,
  ZChatCustomerContext,
  ZConversationIdParams,
  ZConversationList,
  ZMessagesAfter,
  ZMessagesAfterQuery,
  ZMyConversationOpen,
  ZMyConversationStatus,
  ZQuickReplyList,
  ZSendMessageRequest,
  ZSendMessageResponse,
  ZUnreadConversations,
  type TChatSender,
} from '#shared/contracts/chat.js';
import type { TConfig } from '#server/config.js';
import type { TDb } from '#server/db/client.js';
import { unauthenticated } from '#server/lib/errors.js';
import { actorOf, type TAccess } from '#server/plugins/access.js';
import { assignConversation, getChatCustomerContext, listChatAgents } from './assignment.js';
import type { RealtimeHub } from '#server/modules/realtime/hub.js';
import { perUser, RATE_LIMITS } from '#server/plugins/rate-limit.js';
import { listCannedResponses } from '#server/modules/canned-responses/service.js';
import {
  conversationNotFound,
  countUnreadConversations,
  findConversationOfUser,
  getConversationById,
  getConversationSummary,
  getOrCreateConversation,
  latestMessages,
  listConversations,
  markRead,
  messagesAfter,
  sendMessage,
  toMyConversation,
  type TChatDeps,
} from './service.js';

type TChatRouteDeps = TChatDeps & { realtime: RealtimeHub };

/**
 * Live support chat. Customers only ever reach their own conversation (no route takes a
 * conversation id from them); staff with the chat area reach all. Two WebSocket endpoints carry
 * the realtime events, one per side, each behind its own access rule.
 */
export const chatRoutes: FastifyPluginAsyncZod<TChatRouteDeps> = async (app, deps) => {
  const { db, realtime } = deps;
  // Messages one person may send, counted across every server process.
  const sendLimit = perUser(RATE_LIMITS.chatSendsPerUser, { message: CHAT_MSG.tooFast });
  const customer = 'customer' as const;
  const staff = { area: 'chat' } as const;

  // --- customer --------------------------------------------------------------------------

  app.get(
    '/api/chat/conversation',
    { config: { access: customer }, schema: { tags: ['chat'], response: { 200: ZMyConversationStatus } } },
    async (request) => {
      const actor = actorOf(request);
      const row = await findConversationOfUser(db, actor.id);
      return { conversation: row ? toMyConversation(row) : null };
    },
  );

  app.post(
    '/api/chat/conversation',
    { config: { access: customer }, schema: { tags: ['chat'], response: { 200: ZMyConversationOpen } } },
    async (request) => {
      const actor = actorOf(request);
      const row = await getOrCreateConversation(db, actor.id);
      return { conversation: toMyConversation(row), messages: await latestMessages(db, row.id) };
    },
  );

  app.get(
    '/api/chat/messages',
    {
      config: { access: customer, errors: ['NOT_FOUND'] },
      schema: { tags: ['chat'], querystring: ZMessagesAfterQuery, response: { 200: ZMessagesAfter } },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await findConversationOfUser(db, actor.id);
      if (!row) throw conversationNotFound();
      return messagesAfter(db, row.id, request.query.after);
    },
  );

  app.post(
    '/api/chat/messages',
    {
      config: { access: customer, rateLimit: sendLimit },
      schema: { tags: ['chat'], body: ZSendMessageRequest, response: { 201: ZSendMessageResponse } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const conversation = await getOrCreateConversation(db, actor.id);
      const message = await sendMessage(deps, { conversation, sender: 'user', senderId: actor.id, text: request.body.text });
      return reply.status(201).send({ message });
    },
  );

  app.post('/api/chat/read', { config: { access: customer }, schema: { tags: ['chat'], response: { 200: ZOk } } }, async (request) => {
    const actor = actorOf(request);
    const row = await findConversationOfUser(db, actor.id);
    if (row) await markRead(deps, row, 'user');
    return { ok: true as const };
  });

  // --- staff -----------------------------------------------------------------------------

  app.get(
    '/api/admin/chat/conversations',
    { config: { access: staff }, schema: { tags: ['chat'], response: { 200: ZConversationList } } },
    async () => ({ conversations: await listConversations(db) }),
  );

  app.get(
    '/api/admin/chat/unread',
    { config: { access: staff }, schema: { tags: ['chat'], response: { 200: ZUnreadConversations } } },
    async () => ({ count: await countUnreadConversations(db) }),
  );

  app.get(
    '/api/admin/chat/conversations/:id',
    { config: { access: staff }, schema: { tags: ['chat'], params: ZConversationIdParams, response: { 200: ZConversationDetail } } },
    async (request) => {
      const conversation = await getConversationSummary(db, request.params.id);
      return { conversation, messages: await latestMessages(db, conversation.id) };
    },
  );

  app.get(
    '/api/admin/chat/conversations/:id/messages',
    {
      config: { access: staff },
      schema: { tags: ['chat'], params: ZConversationIdParams, querystring: ZMessagesAfterQuery, response: { 200: ZMessagesAfter } },
    },
    async (request) => {
      const row = await getConversationById(db, request.params.id);
      return messagesAfter(db, row.id, request.query.after);
    },
  );

  app.post(
    '/api/admin/chat/conversations/:id/messages',
    {
      config: { access: staff, rateLimit: sendLimit },
      schema: { tags: ['chat'], params: ZConversationIdParams, body: ZSendMessageRequest, response: { 201: ZSendMessageResponse } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const conversation = await getConversationById(db, request.params.id);
      const message = await sendMessage(deps, { conversation, sender: 'admin', senderId: actor.id, text: request.body.text });
      return reply.status(201).send({ message });
    },
  );

  app.post(
    '/api/admin/chat/conversations/:id/read',
    { config: { access: staff }, schema: { tags: ['chat'], params: ZConversationIdParams, response: { 200: ZOk } } },
    async (request) => {
      const conversation = await getConversationById(db, request.params.id);
      await markRead(deps, conversation, 'admin');
      return { ok: true as const };
    },
  );

  // The customer beside the conversation (docs/decisions/034): tier and last orders, nothing of compliance.
  app.get(
    '/api/admin/chat/conversations/:id/customer',
    {
      config: { access: staff, errors: ['NOT_FOUND'] },
      schema: { tags: ['chat'], params: ZConversationIdParams, response: { 200: ZChatCustomerContext } },
    },
    async (request) => getChatCustomerContext(db, request.params.id),
  );

  // Who answers a conversation (docs/decisions/034): the agents it can go to, and the assignment.
  app.get(
    '/api/admin/chat/agents',
    { config: { access: staff }, schema: { tags: ['chat'], response: { 200: ZChatAgentList } } },
    async () => ({ agents: await listChatAgents(db) }),
  );

  app.put(
    '/api/admin/chat/conversations/:id/assignee',
    {
      config: { access: staff, errors: ['NOT_FOUND', 'CONVERSATION_ASSIGNED', 'CONVERSATION_NOT_YOURS', 'ASSIGNEE_INVALID'] },
      schema: {
        tags: ['chat'],
        params: ZConversationIdParams,
        body: ZAssignConversationRequest,
        response: { 200: ZAssignConversationResponse },
      },
    },
    async (request) => ({
      conversation: await assignConversation(deps, { actor: actorOf(request), ip: request.ip }, request.params.id, request.body),
    }),
  );

  // Canned responses are managed by super_admin and manager; support reads them here.
  app.get(
    '/api/admin/chat/quick-replies',
    { config: { access: staff }, schema: { tags: ['chat'], response: { 200: ZQuickReplyList } } },
    async () => ({
      cannedResponses: await listCannedResponses(db),
    }),
  );

  // --- realtime --------------------------------------------------------------------------

  const socketRoute = (url: string, access: TAccess, side: TChatSender) =>
    // isWebSocket: the Origin is checked with the CSRF rule (plugins/security.ts), before access.
    app.get(url, { websocket: true, config: { access, isWebSocket: true }, schema: { tags: ['chat'], hide: true } }, (socket, request) => {
      // The access rule ran before the upgrade and let this caller through.
      const user = request.actor;
      if (!user) {
        socket.close(1008, unauthenticated().message);
        return;
      }
      realtime.accept(socket, { id: user.id, side, sessionToken: request.sessionToken });
    });

  socketRoute('/api/chat/socket', customer, 'user');
  socketRoute('/api/admin/chat/socket', staff, 'admin');
};

/** For @fastify/websocket: frames are small; a misbehaving client is a warning, not a server error. */
export const chatWebsocketOptions: WebsocketPluginOptions = {
  options: { maxPayload: CHAT_SOCKET_MAX_PAYLOAD },
  errorHandler: (error, socket, request) => {
    request.log.warn({ err: error }, 'websocket error');
    socket.terminate();
  },
};

export type TRegisterChatDeps = { db: TDb; realtime: RealtimeHub; config: TConfig; onEmailQueued?: () => void };

/**
 * Registers the chat routes on the app's realtime hub (modules/realtime). @fastify/websocket itself
 * is registered by buildApp before any route, so every route answers an upgrade attempt properly.
 */
export async function registerChat(app: FastifyInstance, deps: TRegisterChatDeps): Promise<void> {
  const { db, realtime } = deps;
  // Staff answers to contact-form messages are emailed too (docs/decisions/022).
  await app.register(chatRoutes, { db, bus: realtime.bus, realtime, appUrl: deps.config.appUrl, onEmailQueued: deps.onEmailQueued });
}
