import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterCommit } from '#server/db/after-commit.js';
import type { TDatabase, TDbOrTx } from '#server/db/client.js';
import { PgNotifyBus, REALTIME_CHANNEL, ZRealtimeEvent, type RealtimeBus, type TRealtimeEvent, type TRealtimeHandlers } from './bus.js';

/**
 * The transport for many app servers (issue 30 point 2, docs/decisions/051): Redis pub/sub
 * (REDIS_URL, ioredis). An event given a transaction is published after that transaction commits
 * (db/after-commit.ts), so no business transaction waits on NOTIFY's commit lock, and a rolled-back
 * change tells nobody. The channel is named after the database (`realtime_events:<database>`):
 * servers of one database hear each other, those of another (a test file's, staging) do not.
 * The database triggers' events (KYC, alerts, cases, destination changes: migrations 0021, 0026)
 * still arrive by NOTIFY, on a direct connection (TDatabase.sessionPool), through the same handlers.
 * A subscriber that lost Redis and got it back calls onResync: each screen reads again.
 */
export class RedisBus implements RealtimeBus {
  private readonly publisher: Redis;
  private subscriber: Redis | undefined;
  private readonly triggers: PgNotifyBus;
  /**
   * Asked of the database once, when the bus is made: never later from inside a transaction
   * (on PGlite, one connection, that query would wait for the transaction and the transaction for it).
   */
  private readonly channel: Promise<string>;

  constructor(private readonly options: { url: string; database: TDatabase; log: FastifyBaseLogger }) {
    // Commands wait for a reconnection instead of failing after 20 tries: an event is late, not lost.
    this.publisher = new Redis(options.url, { maxRetriesPerRequest: null });
    this.publisher.on('error', (error) => options.log.warn({ err: error }, 'realtime: Redis publisher connection failed'));
    this.triggers = new PgNotifyBus(options.database, options.log);
    this.channel = options.database.db
      .execute(sql`select current_database() as name`)
      .then((result) => `${REALTIME_CHANNEL}:${(result as unknown as { rows: { name: string }[] }).rows[0]!.name}`);
    // Awaited by start() and every publish, which report a failure; not an unhandled rejection meanwhile.
    this.channel.catch(() => undefined);
  }

  async publish(event: TRealtimeEvent, tx?: TDbOrTx): Promise<void> {
    const send = () => {
      void this.channel
        .then((channel) => this.publisher.publish(channel, JSON.stringify(event)))
        .catch((error: unknown) => this.options.log.warn({ err: error, event: event.t }, 'realtime: publishing to Redis failed'));
    };
    if (tx) afterCommit(tx, send);
    else send();
  }

  async start(handlers: TRealtimeHandlers): Promise<void> {
    const { log } = this.options;
    const channel = await this.channel;
    const subscriber = this.publisher.duplicate();
    this.subscriber = subscriber;
    let lost = false;
    subscriber.on('error', (error) => log.warn({ err: error }, 'realtime: Redis subscriber connection failed'));
    subscriber.on('close', () => (lost = true));
    subscriber.on('ready', () => {
      if (!lost) return;
      lost = false;
      log.info('realtime: Redis subscriber reconnected');
      handlers.onResync();
    });
    subscriber.on('message', (from: string, payload: string) => {
      if (from !== channel) return;
      let event: TRealtimeEvent;
      try {
        event = ZRealtimeEvent.parse(JSON.parse(payload));
      } catch (error) {
        log.warn({ err: error }, 'realtime: ignoring a malformed Redis message');
        return;
      }
      handlers.onEvent(event);
    });
    await subscriber.subscribe(channel);
    await this.triggers.start(handlers);
  }

  async close(): Promise<void> {
    await this.triggers.close();
    this.subscriber?.disconnect();
    this.subscriber = undefined;
    // QUIT sends what is queued first; a publisher that never connected is simply dropped.
    if (this.publisher.status === 'ready') await this.publisher.quit().catch(() => undefined);
    else this.publisher.disconnect();
  }
}
