import pino from 'pino';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '#server/db/client.js';
import { RedisBus } from '#server/modules/realtime/redis-bus.js';
import type { TRealtimeEvent } from '#server/modules/realtime/bus.js';
import { openTestDatabase } from '#test/helpers/test-app.js';

/** Polls until `check` holds; the test's own timeout bounds the wait. */
async function until(check: () => boolean) {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
}

/**
 * Realtime over Redis (issue 30 point 2, docs/decisions/051; the run is `bash
 * scripts/with-redis.sh npm run test:api`, which also puts every app of the API suite on it):
 * events given a transaction leave after its commit and never after a rollback; a subscriber
 * that lost Redis asks its screens to read again.
 */
describe.skipIf(!process.env.REDIS_URL)('the Redis realtime bus', () => {
  const log = pino({ level: process.env.REDIS_TEST_LOG ?? 'silent' });
  let database: TDatabase;
  let sender: RedisBus;
  let receiver: RedisBus;
  const heard: TRealtimeEvent[] = [];
  let resyncs = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    // Two "servers" of one database: one publishes, the other hears.
    sender = new RedisBus({ url: process.env.REDIS_URL!, database, log });
    receiver = new RedisBus({ url: process.env.REDIS_URL!, database, log });
    await receiver.start({ onEvent: (event) => heard.push(event), onResync: () => (resyncs += 1) });
  });
  afterAll(async () => {
    await sender.close();
    await receiver.close();
    await database.close();
  });

  /** An event sent at once; once it is heard, everything published before it has been too (Redis keeps one connection's order). */
  async function marker(id: number) {
    await sender.publish({ t: 'case', id });
    await until(() => heard.some((event) => event.t === 'case' && event.id === id));
  }

  it('sends an event of a transaction after its commit, and none of a rolled-back one', async () => {
    await database.db.transaction(async (tx) => {
      await sender.publish({ t: 'assign', c: 1 }, tx);
      // Still inside: a marker sent now arrives, the transaction's event has not left.
      await marker(101);
      expect(heard.some((event) => event.t === 'assign' && event.c === 1)).toBe(false);
    });
    await until(() => heard.some((event) => event.t === 'assign' && event.c === 1));
    expect(heard.findIndex((event) => event.t === 'assign')).toBeGreaterThan(
      heard.findIndex((event) => event.t === 'case' && event.id === 101),
    );

    await database.db
      .transaction(async (tx) => {
        await sender.publish({ t: 'assign', c: 2 }, tx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await marker(102);
    expect(heard.some((event) => event.t === 'assign' && event.c === 2)).toBe(false);
  });

  it('asks for a resync after its Redis connection was cut, and hears again', async () => {
    const admin = new Redis(process.env.REDIS_URL!);
    try {
      await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    } finally {
      admin.disconnect();
    }
    await until(() => resyncs > 0);
    await marker(103);
  });
});
