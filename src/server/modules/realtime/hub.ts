import { and, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  CHAT_CLOSE,
  ZCustomerSocketEvent,
  ZStaffSocketEvent,
  type TChatMessage,
  type TChatSender,
  type TServerSocketEvent,
} from '#shared/contracts/chat.js';
import { canAccess, isStaffRole, STAFF_IDLE_MINUTES, type TArea, type TStaffRole } from '#shared/permissions.js';
import type { TDb } from '#server/db/client.js';
import { sessions, users } from '#server/db/schema/auth.js';
import { settings } from '#server/db/schema/app.js';
import { DEFAULT_CUSTOMER_IDLE_HOURS } from '#shared/session-activity.js';
import type { TOrderSocketEvent } from '#shared/contracts/orders.js';
import type { TStaffLiveEvent } from '#shared/contracts/staff-live.js';
import type { RealtimeBus, TRealtimeEvent } from './bus.js';

/** A conversation: its id and its customer (null for a contact-form visitor's, docs/decisions/022). */
export type TConversationRef = { id: number; userId: string | null };

/**
 * What the hub reads and writes of the chat (modules/chat provides it, `chatSource`): the hub
 * lives below chat and sees only this, so chat may use the hub and never the other way round.
 */
export type TChatSource = {
  /** The customer's own conversation, if they have one. */
  conversationOfUser(userId: string): Promise<TConversationRef | undefined>;
  /** The conversation `id`, or undefined when there is none. */
  conversation(id: number): Promise<TConversationRef | undefined>;
  /** The messages with these ids, in id order. */
  loadMessages(ids: number[]): Promise<TChatMessage[]>;
  /** `reader` has read the conversation: the flag cleared and announced. */
  markRead(conversation: TConversationRef, reader: TChatSender): Promise<void>;
};

/** Per socket: a bucket of this many events, refilled at EVENTS_PER_SECOND. */
const EVENT_BURST = 20;
const EVENTS_PER_SECOND = 4;
/**
 * Open sockets one person may hold (tabs, devices); one more closes the connection. A back-office
 * tab holds up to three (live, orders, chat: docs/decisions/032), so ten tabs or so.
 */
const MAX_SOCKETS_PER_USER = 30;
/** Every socket is pinged this often; one that has not answered the last ping is dropped. */
const HEARTBEAT_MS = 30_000;
/** How often the sessions behind open sockets are checked (logout elsewhere, expiry, a missed account change). */
const SESSION_CHECK_MS = 60_000;

/** A token bucket: `take()` is false once the caller is over its rate. */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = capacity;
    this.updatedAt = now();
  }

  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * What a socket is for: the chat (customer widget, staff Live Chat), orders (a customer's order
 * screens, the staff order queue), or live (every back-office page: KYC, the compliance desk,
 * holds, chat unread, paid orders; docs/decisions/032). Staff sockets of each need that area of
 * the role matrix (live: any staff role, and each event its own area).
 */
export type TSocketTopic = 'chat' | 'orders' | 'live';

/** The area a staff socket of a topic needs to stay open. */
const TOPIC_AREA: Record<TSocketTopic, TArea> = { chat: 'chat', orders: 'orders', live: 'dashboard' };

/** Order statuses that mean "waits for staff now": the live socket's `paid` (and its optional notification). */
const WAITS_FOR_STAFF = new Set(['payment_submitted', 'deposit_submitted']);

type TConnection = {
  socket: WebSocket;
  userId: string;
  side: TChatSender;
  topic: TSocketTopic;
  sessionToken: string | undefined;
  /** A staff socket's role when it opened (a role change closes it): what a live socket may hear. */
  role: TStaffRole | null;
  bucket: TokenBucket;
  isAlive: boolean;
  /** A customer's conversation id, once known. */
  conversationId?: number;
};

/**
 * The realtime side of chat, orders and the back office live in one process (docs/decisions/042):
 * the open sockets, and the fan-out of bus events to them. Customers receive events of their own conversation and orders only (matched
 * by user id); staff receive every conversation's (chat sockets, the chat area) or every order's
 * (order sockets, the orders area). Events reach other processes through the bus.
 */
export class RealtimeHub {
  readonly bus: RealtimeBus;
  /** Staff chat sockets. */
  private readonly staff = new Set<TConnection>();
  /** Staff order sockets. */
  private readonly orderStaff = new Set<TConnection>();
  /** Staff live sockets (docs/decisions/032): each event goes to the roles of its area only. */
  private readonly liveStaff = new Set<TConnection>();
  private readonly byUser = new Map<string, Set<TConnection>>();
  /** conversation id -> customer id, null for a visitor's (owners never change). */
  private readonly owners = new Map<number, string | null>();
  /** Bus events are handled in arrival order, a batch at a time (one query loads a batch's messages). */
  private pending: TRealtimeEvent[] = [];
  private isDraining = false;
  private drained: Promise<void> = Promise.resolve();
  private heartbeat: NodeJS.Timeout | undefined;
  private sessionCheck: NodeJS.Timeout | undefined;

  constructor(private readonly deps: { db: TDb; log: FastifyBaseLogger; bus: RealtimeBus; chat: TChatSource }) {
    this.bus = deps.bus;
  }

  async start(): Promise<void> {
    await this.bus.start({
      onEvent: (event) => this.enqueue(event),
      onResync: () => {
        this.tellOrderListeners();
        this.broadcastAll({ type: 'resync' });
      },
    });
    this.heartbeat = setInterval(() => this.ping(), HEARTBEAT_MS);
    this.heartbeat.unref();
    this.sessionCheck = setInterval(() => void this.checkSessions(), SESSION_CHECK_MS);
    this.sessionCheck.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    clearInterval(this.sessionCheck);
    for (const connection of this.connections()) connection.socket.close(1001, 'Server shutting down');
    await this.bus.close();
    await this.drained;
  }

  /**
   * The account of `userId` changed (role, deletion, ban, second-factor reset; call it after the
   * change is committed): every socket of theirs closes with CHAT_CLOSE.accountChanged, in every
   * process. Local sockets close at once; other processes hear it through the bus. Their clients
   * re-read the session and reconnect only if the new one still has the screen.
   */
  async accountChanged(userId: string): Promise<void> {
    this.closeUser(userId);
    await this.bus.publish({ t: 'disconnect', u: userId });
  }

  /** Adopts an authenticated socket. Must be called synchronously in the upgrade handler. */
  accept(
    socket: WebSocket,
    user: { id: string; side: TChatSender; sessionToken: string | undefined; topic?: TSocketTopic; role?: TStaffRole | null },
  ): void {
    const connection: TConnection = {
      socket,
      userId: user.id,
      side: user.side,
      topic: user.topic ?? 'chat',
      sessionToken: user.sessionToken,
      role: user.role ?? null,
      bucket: new TokenBucket(EVENT_BURST, EVENTS_PER_SECOND),
      isAlive: true,
    };
    const mine = this.byUser.get(user.id) ?? new Set<TConnection>();
    if (mine.size >= MAX_SOCKETS_PER_USER) {
      socket.close(CHAT_CLOSE.rateLimited, 'Too many connections');
      return;
    }
    mine.add(connection);
    this.byUser.set(user.id, mine);
    if (user.side === 'admin') {
      ({ chat: this.staff, orders: this.orderStaff, live: this.liveStaff })[connection.topic].add(connection);
    }

    socket.on('pong', () => {
      connection.isAlive = true;
    });
    socket.on('message', (data, isBinary) => {
      if (!connection.bucket.take()) {
        socket.close(CHAT_CLOSE.rateLimited, 'Too many events');
        return;
      }
      if (isBinary) {
        this.send(connection, { type: 'error', message: 'Send JSON text frames.' });
        return;
      }
      // Order and live sockets only listen.
      if (connection.topic !== 'chat') return;
      void this.onClientEvent(connection, String(data)).catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'realtime: handling a client event failed');
      });
    });
    socket.on('close', () => this.remove(connection));
  }

  // ------------------------------------------------------------------ client -> server

  private async onClientEvent(connection: TConnection, raw: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      this.send(connection, { type: 'error', message: 'Events must be JSON.' });
      return;
    }
    if (connection.side === 'user') {
      const parsed = ZCustomerSocketEvent.safeParse(json);
      if (!parsed.success) {
        this.send(connection, { type: 'error', message: 'Unknown event.' });
        return;
      }
      const conversation = await this.customerConversation(connection);
      if (!conversation) return; // nothing to type into or read yet
      if (parsed.data.type === 'typing') {
        await this.bus.publish({ t: 'typing', c: conversation.id, u: connection.userId, s: 'user' });
      } else {
        await this.deps.chat.markRead(conversation, 'user');
      }
      return;
    }
    const parsed = ZStaffSocketEvent.safeParse(json);
    if (!parsed.success) {
      this.send(connection, { type: 'error', message: 'Unknown event.' });
      return;
    }
    const owner = await this.ownerOf(parsed.data.conversationId);
    if (!owner) {
      this.send(connection, { type: 'error', message: 'Conversation not found' });
      return;
    }
    const conversation = { id: parsed.data.conversationId, userId: owner.userId };
    if (parsed.data.type === 'typing') {
      await this.bus.publish({ t: 'typing', c: conversation.id, u: owner.userId, s: 'admin' });
    } else {
      await this.deps.chat.markRead(conversation, 'admin');
    }
  }

  private async customerConversation(connection: TConnection) {
    if (connection.conversationId === undefined) {
      const row = await this.deps.chat.conversationOfUser(connection.userId);
      if (!row) return undefined;
      connection.conversationId = row.id;
      this.remember(row.id, row.userId);
    }
    return { id: connection.conversationId, userId: connection.userId };
  }

  /** The conversation's customer (null for a visitor's, docs/decisions/022); undefined when there is no such conversation. */
  private async ownerOf(conversationId: number): Promise<{ userId: string | null } | undefined> {
    const known = this.owners.get(conversationId);
    if (known !== undefined) return { userId: known };
    const row = await this.deps.chat.conversation(conversationId);
    if (!row) return undefined;
    this.remember(row.id, row.userId);
    return { userId: row.userId };
  }

  // ------------------------------------------------------------------ bus -> clients

  private enqueue(event: TRealtimeEvent): void {
    this.pending.push(event);
    if (this.isDraining) return;
    this.isDraining = true;
    this.drained = this.drain();
  }

  private async drain(): Promise<void> {
    // Nothing awaits between the emptiness check and the flag reset: a later event starts a new drain.
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0);
      try {
        const ids = batch.flatMap((event) => (event.t === 'message' && this.hasRecipients(event.u) ? [event.id] : []));
        const messages = new Map((await this.deps.chat.loadMessages(ids)).map((message) => [message.id, message]));
        for (const event of batch) this.deliver(event, messages);
      } catch (error) {
        this.deps.log.error({ err: error }, 'realtime: delivering events failed');
      }
    }
    this.isDraining = false;
  }

  private hasRecipients(customerId: string | null): boolean {
    return this.staff.size > 0 || this.liveStaff.size > 0 || this.customerSockets(customerId).some((c) => c.topic === 'chat');
  }

  /** The sockets of a conversation's customer: none for a visitor's conversation. */
  private customerSockets(customerId: string | null): TConnection[] {
    return customerId === null ? [] : [...(this.byUser.get(customerId) ?? [])];
  }

  private remember(conversationId: number, userId: string | null): void {
    if (this.owners.size >= 100_000) this.owners.clear(); // a cache: re-read when needed
    this.owners.set(conversationId, userId);
  }

  private readonly orderListeners = new Set<() => void>();

  /**
   * Calls `listener` whenever this process hears that an order changed (any process's change, over
   * the bus) or that changes may have been missed (a resync), before any socket is told. Answers a
   * function that stops it.
   */
  onOrderChange(listener: () => void): () => void {
    this.orderListeners.add(listener);
    return () => this.orderListeners.delete(listener);
  }

  private tellOrderListeners(): void {
    for (const listener of this.orderListeners) listener();
  }

  private deliver(event: TRealtimeEvent, messages: Map<number, TChatMessage>): void {
    if (event.t === 'disconnect') {
      this.closeUser(event.u);
      return;
    }
    if (event.t === 'order') {
      // Before any screen hears of it: a read it makes then must not be answered from before the change.
      this.tellOrderListeners();
      const owners = [...(this.byUser.get(event.u) ?? [])].filter((c) => c.side === 'user' && c.topic === 'orders');
      this.sendTo([...owners, ...this.orderStaff], { type: 'order', orderId: event.id, status: event.s });
      if (WAITS_FOR_STAFF.has(event.s)) this.sendLive('orders', { type: 'paid', orderId: event.id });
      return;
    }
    if (event.t === 'kyc') {
      this.sendLive('kyc', { type: 'kyc' });
      return;
    }
    if (event.t === 'destination') {
      // Pending changes of where money goes: the admins who approve them (docs/decisions/035).
      this.sendLive('destinationChanges', { type: 'destination' });
      return;
    }
    if (event.t === 'alert' || event.t === 'case') {
      // A hold placed or released changes the "Needs action" count (held orders are counted apart).
      if (event.t === 'alert' && event.h) this.tellOrderListeners();
      // The desk only: a role without it never hears of an alert, a hold or a case (tipping-off).
      this.sendLive('compliance', { type: 'compliance' });
      // A hold placed or released changes what an order's screens show (Approve, the hold badge):
      // they read it again, told nothing more (permissions.ts, complianceHolds).
      if (event.t === 'alert' && event.h && event.o !== null) this.sendLive('orderViews', { type: 'order', orderId: event.o });
      return;
    }
    if (event.t === 'assign') {
      // Staff only: the customer is never told who answers them.
      this.sendTo(this.staff, { type: 'assigned', conversationId: event.c });
      return;
    }
    this.remember(event.c, event.u);
    const customers = this.customerSockets(event.u).filter((c) => c.side === 'user' && c.topic === 'chat');
    if (event.t === 'message') {
      const message = messages.get(event.id);
      if (!message) return;
      for (const connection of customers) connection.conversationId ??= event.c;
      this.sendTo([...customers, ...this.staff], { type: 'message', message });
      this.sendLive('chat', { type: 'chat', conversationId: event.c, fromCustomer: message.sender === 'user' });
      return;
    }
    if (event.t === 'typing') {
      // Each side hears the other one typing.
      this.sendTo(event.s === 'user' ? this.staff : customers, { type: 'typing', conversationId: event.c, sender: event.s });
      return;
    }
    this.sendTo([...customers, ...this.staff], { type: 'read', conversationId: event.c, reader: event.by });
    this.sendLive('chat', { type: 'chat', conversationId: event.c, fromCustomer: false });
  }

  /** To the live sockets whose role has `area` (src/shared/permissions.ts), and no other. */
  private sendLive(area: TArea, event: TStaffLiveEvent): void {
    this.sendTo(
      [...this.liveStaff].filter((c) => canAccess(c.role, area)),
      event,
    );
  }

  private sendTo(connections: Iterable<TConnection>, event: TServerSocketEvent | TOrderSocketEvent | TStaffLiveEvent): void {
    const data = JSON.stringify(event);
    for (const connection of connections) {
      if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(data);
    }
  }

  private send(connection: TConnection, event: TServerSocketEvent): void {
    this.sendTo([connection], event);
  }

  /** Every socket, chat or orders: both read everything again on 'resync'. */
  private broadcastAll(event: { type: 'resync' }): void {
    this.sendTo(this.connections(), event);
  }

  private *connections(): Generator<TConnection> {
    for (const set of this.byUser.values()) yield* set;
  }

  private closeUser(userId: string): void {
    for (const connection of this.byUser.get(userId) ?? []) connection.socket.close(CHAT_CLOSE.accountChanged, 'Account changed');
  }

  private remove(connection: TConnection): void {
    this.staff.delete(connection);
    this.orderStaff.delete(connection);
    this.liveStaff.delete(connection);
    const mine = this.byUser.get(connection.userId);
    mine?.delete(connection);
    if (mine && mine.size === 0) this.byUser.delete(connection.userId);
  }

  private ping(): void {
    for (const connection of this.connections()) {
      if (!connection.isAlive) {
        connection.socket.terminate();
        continue;
      }
      connection.isAlive = false;
      connection.socket.ping();
    }
  }

  /**
   * Sockets whose session was revoked (logout, password reset) or expired are closed; so are
   * staff sockets whose session has been idle past STAFF_IDLE_MINUTES (an unattended back-office
   * screen stops showing customers' messages, as its next request would find it signed out), and
   * staff sockets whose role no longer has their area, chat or orders (a role change whose
   * notification this process missed, e.g. while its listener reconnected). Customer sockets
   * close once their session has been idle past the Settings' hours (docs/decisions/020).
   */
  async checkSessions(): Promise<void> {
    const open = [...this.connections()].filter((c) => c.sessionToken);
    if (open.length === 0) return;
    try {
      const now = Date.now();
      const staffIdleSince = new Date(now - STAFF_IDLE_MINUTES * 60_000);
      const [setting] = await this.deps.db.select({ hours: settings.customerIdleHours }).from(settings).where(eq(settings.id, 1));
      const customerIdleSince = new Date(now - (setting?.hours ?? DEFAULT_CUSTOMER_IDLE_HOURS) * 3_600_000);
      const tokens = [...new Set(open.map((c) => c.sessionToken!))];
      const live = new Map<string, { lastActiveAt: Date; role: string | null }>();
      for (let i = 0; i < tokens.length; i += 500) {
        const rows = await this.deps.db
          .select({ token: sessions.token, lastActiveAt: sessions.lastActiveAt, role: users.role })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(and(inArray(sessions.token, tokens.slice(i, i + 500)), gt(sessions.expiresAt, new Date(now))));
        for (const row of rows) live.set(row.token, row);
      }
      for (const connection of open) {
        const session = live.get(connection.sessionToken!);
        const isStaffSocket = connection.side === 'admin';
        const idleSince = isStaffRole(session?.role) ? staffIdleSince : customerIdleSince;
        if (!session || session.lastActiveAt <= idleSince) {
          connection.socket.close(CHAT_CLOSE.sessionEnded, 'Session ended');
        } else if (
          isStaffSocket &&
          (!(isStaffRole(session.role) && canAccess(session.role, TOPIC_AREA[connection.topic])) ||
            // A live socket hears by the role it opened with: another role reconnects with its own.
            (connection.topic === 'live' && session.role !== connection.role))
        ) {
          connection.socket.close(CHAT_CLOSE.accountChanged, 'Account changed');
        }
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, 'realtime: session check failed');
    }
  }
}

/**
 * Makes `hub` the app's (app.realtime): its LISTEN starts when the app is ready and it closes with
 * the app. @fastify/websocket itself is registered by buildApp before any route.
 */
export function registerRealtime(app: FastifyInstance, hub: RealtimeHub): RealtimeHub {
  app.decorate('realtime', hub);
  app.addHook('onReady', async () => hub.start());
  app.addHook('onClose', async () => hub.close());
  return hub;
}
