import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { TDatabase } from '#server/db/client.js';
import { openTestDatabase } from '#test/helpers/test-app.js';

/**
 * Behind PgBouncer in transaction pooling (issue 30 point 3, docs/decisions/050; the run is
 * `with-postgres bash scripts/with-pgbouncer.sh npm run test:api`): the app's queries go through
 * the pooler, while LISTEN, session locks and migrations use the direct server. The whole API
 * suite runs this way in CI; this file checks the wiring itself.
 */
describe.skipIf(!process.env.DATABASE_DIRECT_URL)('through PgBouncer', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('queries through the pooler and keeps sessions on the server', async () => {
    const pooled = new URL(process.env.DATABASE_URL!);
    const direct = new URL(process.env.DATABASE_DIRECT_URL!);
    expect(pooled.port).not.toBe(direct.port);
    expect(String(database.pool!.options.port ?? new URL(database.pool!.options.connectionString!).port)).toBe(pooled.port);
    expect(new URL(database.sessionPool!.options.connectionString!).port).toBe(direct.port);
  });

  it('hears a NOTIFY sent through the pooler on a session connection', async () => {
    const listener = new pg.Client(database.sessionPool!.options);
    await listener.connect();
    try {
      const heard = new Promise<string | undefined>((resolve) => listener.on('notification', (message) => resolve(message.payload)));
      await listener.query('LISTEN pgbouncer_test');
      await database.pool!.query("SELECT pg_notify('pgbouncer_test', 'through the pooler')");
      expect(await heard).toBe('through the pooler');
    } finally {
      await listener.end();
    }
  });

  it('holds a session advisory lock on the session pool until it is released', async () => {
    const holder = await database.sessionPool!.connect();
    const other = await database.sessionPool!.connect();
    try {
      expect((await holder.query('SELECT pg_try_advisory_lock(42) AS locked')).rows[0].locked).toBe(true);
      expect((await other.query('SELECT pg_try_advisory_lock(42) AS locked')).rows[0].locked).toBe(false);
      await holder.query('SELECT pg_advisory_unlock(42)');
      expect((await other.query('SELECT pg_try_advisory_lock(42) AS locked')).rows[0].locked).toBe(true);
      await other.query('SELECT pg_advisory_unlock(42)');
    } finally {
      holder.release();
      other.release();
    }
  });
});
