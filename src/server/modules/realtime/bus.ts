import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { ZOrderStatus } from '#shared/contracts/orders.js';
import { afterCommit } from '#server/db/after-commit.js';
import type { TDatabase, TDbOrTx } from '#server/db/client.js';

/**
 * The one PostgreSQL channel every server process on the database listens on (chat, order and
 * back-office events; migration 0032 moved the database triggers to it from `chat_events`).
 */
export const REALTIME_CHANNEL = 'realtime_events';

/**
 * What travels through NOTIFY: ids and a type only (a payload must stay under 8000 bytes).
 * A receiver loads a message row by its id. `u` is the customer the conversation belongs to, null
 * for a contact-form visitor's conversation (docs/decisions/022: staff sockets only).
 */
export const ZRealtimeEvent = z.discriminatedUnion('t', [
  z.object({ t: z.literal('message'), id: z.number().int(), c: z.number().int(), u: z.string().nullable() }),
  z.object({ t: z.literal('typing'), c: z.number().int(), u: z.string().nullable(), s: z.enum(['user', 'admin']) }),
  z.object({ t: z.literal('read'), c: z.number().int(), u: z.string().nullable(), by: z.enum(['user', 'admin']) }),
  /** Who has conversation `c` changed (docs/decisions/034): staff chat sockets only. */
  z.object({ t: z.literal('assign'), c: z.number().int() }),
  /** Close every socket of this user: their account changed (role, deletion, ban, second-factor reset). */
  z.object({ t: z.literal('disconnect'), u: z.string() }),
  /** Order `id` of customer `u` changed to status `s` (docs/decisions/014): its screens read it again. */
  z.object({ t: z.literal('order'), id: z.number().int(), u: z.string(), s: ZOrderStatus }),
  /*
   * Published by database triggers (migration 0021, docs/decisions/032), whichever code wrote the row:
   * a KYC submission `id` was made or changed; a compliance alert `id` (of order `o`, a hold when
   * `h`) was raised or changed, a hold's release included; a compliance case `id` opened or changed.
   */
  z.object({ t: z.literal('kyc'), id: z.number().int() }),
  z.object({ t: z.literal('alert'), id: z.number().int(), o: z.number().int().nullable(), h: z.boolean() }),
  z.object({ t: z.literal('case'), id: z.number().int() }),
  /** A pending change of where money goes `id` was asked, decided or applied (migration 0026, docs/decisions/035). */
  z.object({ t: z.literal('destination'), id: z.number().int() }),
]);
export type TRealtimeEvent = z.infer<typeof ZRealtimeEvent>;

export type TRealtimeHandlers = {
  onEvent: (event: TRealtimeEvent) => void;
  /** The listener was down for a while: events may have been lost. */
  onResync: () => void;
};

/**
 * How realtime events travel between the server processes (docs/decisions/042): one transport per
 * app, shared by chat, orders and the back office live. `publish` with a transaction sends the
 * event only if and when that transaction commits; `start` delivers every process's events
 * (its own included) to `handlers` until `close`.
 */
export interface RealtimeBus {
  publish(event: TRealtimeEvent, tx?: TDbOrTx): Promise<void>;
  start(handlers: TRealtimeHandlers): Promise<void>;
  close(): Promise<void>;
}

/**
 * The transport of one PostgreSQL database: LISTEN/NOTIFY. Publishing is a
 * `pg_notify` through Drizzle (inside the caller's transaction when given one, so an event goes
 * out only when its data is committed). Listening differs by driver: PGlite's own listen(), or
 * one dedicated node-postgres connection (a pooled one would lose LISTEN when returned), made
 * like the database's session connections (DATABASE_DIRECT_URL when the pool is PgBouncer's).
 *
 * PGlite serves one process, so nobody else could hear a NOTIFY of ours: there the app's own
 * events go straight to this process's handlers after their transaction commits (db/after-commit.ts),
 * as the NOTIFY would have, without its statement (2,400 of them in a 30-second bench:peak,
 * docs/decisions/069). The database triggers' events still come by NOTIFY and listen().
 */
export class PgNotifyBus implements RealtimeBus {
  /** PGlite: this process's handlers, once started (an event published before start reaches nobody, as a NOTIFY would not). */
  private local: TRealtimeHandlers | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private client: pg.Client | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelayMs = 500;

  constructor(
    private readonly database: TDatabase,
    private readonly log: FastifyBaseLogger,
  ) {}

  async publish(event: TRealtimeEvent, tx: TDbOrTx = this.database.db): Promise<void> {
    if (this.database.kind === 'pglite') {
      // Delivered on a later turn, as a notification is: never inside the publisher's own code.
      afterCommit(tx, () => queueMicrotask(() => this.local?.onEvent(event)));
      return;
    }
    await tx.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
  }

  async start(handlers: TRealtimeHandlers): Promise<void> {
    const deliver = (payload: string | undefined) => {
      let event: TRealtimeEvent;
      try {
        event = ZRealtimeEvent.parse(JSON.parse(payload ?? ''));
      } catch (error) {
        this.log.warn({ err: error }, 'realtime: ignoring a malformed notification');
        return;
      }
      handlers.onEvent(event);
    };

    const { pglite, pool } = this.database;
    if (this.database.kind === 'pglite' && pglite) {
      const unlisten = await pglite.listen(REALTIME_CHANNEL, deliver);
      this.local = handlers;
      // The database may close before the app's other close hooks run: nothing to undo then.
      this.stopListening = async () => {
        if (!pglite.closed) await unlisten();
      };
      return;
    }
    if (!pool) throw new Error('realtime bus: the database has neither PGlite nor a pool');

    const connect = async (isReconnect: boolean) => {
      const client = new pg.Client((this.database.sessionPool ?? pool).options);
      client.on('notification', (message) => {
        if (message.channel === REALTIME_CHANNEL) deliver(message.payload);
      });
      client.on('error', (error) => {
        if (this.closed) return;
        this.log.warn({ err: error }, 'realtime: listener connection failed; reconnecting');
        scheduleReconnect(client);
      });
      client.on('end', () => {
        if (!this.closed && this.client === client) scheduleReconnect(client);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${REALTIME_CHANNEL}`);
      } catch (error) {
        client.end().catch(() => undefined);
        throw error;
      }
      if (this.closed) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.reconnectDelayMs = 500;
      if (isReconnect) {
        this.log.info('realtime: listener reconnected');
        handlers.onResync();
      }
    };

    const scheduleReconnect = (failed?: pg.Client) => {
      if (failed) {
        if (this.client === failed) this.client = undefined;
        failed.end().catch(() => undefined);
      }
      if (this.closed || this.reconnectTimer) return;
      const delay = this.reconnectDelayMs;
      this.reconnectDelayMs = Math.min(this.reconnectDelayMs * 2, 15_000);
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = undefined;
        if (this.closed) return;
        connect(true).catch((error: unknown) => {
          this.log.warn({ err: error }, 'realtime: listener reconnect failed');
          scheduleReconnect();
        });
      }, delay);
      this.reconnectTimer.unref();
    };

    this.stopListening = async () => {
      const client = this.client;
      this.client = undefined;
      await client?.end();
    };
    // The listener lives no longer than the database: closing the database (even before the app)
    // ends it first, so no connection of ours is left open on a database being dropped.
    const closeDatabase = this.database.close;
    this.database.close = async () => {
      await this.close();
      await closeDatabase();
    };
    await connect(false);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.local = undefined;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const stop = this.stopListening;
    this.stopListening = undefined;
    try {
      await stop?.();
    } catch (error) {
      this.log.warn({ err: error }, 'realtime: closing the listener failed');
    }
  }
}
