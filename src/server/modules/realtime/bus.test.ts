import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDatabase } from '#server/db/client.js';
import { openTestDatabase } from '#test/helpers/test-app.js';
import { WAIT } from '#test/helpers/timeouts.js';
import { PgNotifyBus, REALTIME_CHANNEL, type TRealtimeEvent } from './bus.js';

/**
 * The PGlite side of the NOTIFY bus (docs/decisions/069): PGlite serves one process, so the app's
 * own events go to this process's handlers after their commit without a pg_notify statement; the
 * database triggers' NOTIFYs still arrive through listen(). (On PostgreSQL every event is a NOTIFY:
 * the API suite's realtime tests run there too.)
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('the realtime bus on PGlite', () => {
  const log = pino({ level: 'silent' });
  let database: TDatabase;
  let bus: PgNotifyBus;
  const heard: TRealtimeEvent[] = [];
  /** What went out as a NOTIFY on the channel, heard by a listener of its own. */
  const notified: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    bus = new PgNotifyBus(database, log);
    await bus.start({ onEvent: (event) => heard.push(event), onResync: () => undefined });
    await database.pglite!.listen(REALTIME_CHANNEL, (payload) => notified.push(payload));
  });
  afterAll(async () => {
    await bus.close();
    await database.close();
  });

  it('hands an event of a transaction to the handlers after its commit, without a NOTIFY, and none of a rolled-back one', async () => {
    await database.db.transaction(async (tx) => {
      await bus.publish({ t: 'assign', c: 7 }, tx);
      await Promise.resolve();
      expect(heard).toEqual([]);
    });
    await vi.waitFor(() => expect(heard).toEqual([{ t: 'assign', c: 7 }]), WAIT);

    await database.db
      .transaction(async (tx) => {
        await bus.publish({ t: 'assign', c: 8 }, tx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await bus.publish({ t: 'assign', c: 9 });
    await vi.waitFor(
      () =>
        expect(heard).toEqual([
          { t: 'assign', c: 7 },
          { t: 'assign', c: 9 },
        ]),
      WAIT,
    );

    // A trigger's NOTIFY (here one by hand) still reaches the handlers; the app's events above were never one.
    await database.db.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ t: 'case', id: 3 })})`);
    await vi.waitFor(() => expect(heard).toContainEqual({ t: 'case', id: 3 }), WAIT);
    expect(notified).toEqual([JSON.stringify({ t: 'case', id: 3 })]);
  });
});
