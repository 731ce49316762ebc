import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOBS_MSG, type TJobsOverview } from '#shared/contracts/jobs.js';
import { buildApp } from '#server/app.js';
import { openDatabase, type TDatabase } from '#server/db/client.js';
import { auditLog } from '#server/db/schema/app.js';
import { smsLog } from '#server/db/schema/compliance.js';
import { queueSms } from '#server/lib/sms/outbox.js';
import { renderOrderStatusSms } from '#server/lib/sms/templates.js';
import pino from 'pino';
import { PeriodicJob } from '#server/lib/periodic-job.js';
import { createTestApp, openTestDatabase, SUPER_ADMIN, testConfig, type TTestApp } from '#test/helpers/test-app.js';
import { WAIT } from '#test/helpers/timeouts.js';
import { DEAD_LETTER_QUEUE, JobEngine } from './engine.js';

const METRICS_TOKEN = 'metrics-token-for-the-jobs-test-0123456789';

/** Background jobs on pg-boss (issue 30 point 1, docs/decisions/052): the Jobs page, and one run per tick across app instances. */
describe('jobs', () => {
  let t: TTestApp;
  let superAdmin: string;

  beforeAll(async () => {
    // The engine without workers: the failed job below stays failed until the test retries it.
    t = await createTestApp({ METRICS_TOKEN }, {}, undefined, { jobs: { workers: false, tickers: false } });
    superAdmin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
  });
  afterAll(() => t.close());

  const overview = async (cookie = superAdmin) => {
    const response = await t.request({ method: 'GET', url: '/api/admin/jobs', cookie });
    expect(response.statusCode).toBe(200);
    return response.json() as TJobsOverview;
  };
  const retry = (queue: string, id: string, cookie?: string) =>
    t.request({ method: 'POST', url: `/api/admin/jobs/${queue}/${id}/retry`, ...(cookie ? { cookie } : {}) });

  /** A housekeeping job that failed for good (no retries left), as a worker's failure leaves it. */
  const failedHousekeeping = async (message: string) => {
    const boss = t.app.jobs.pgBoss;
    const id = await boss.send('housekeeping', {}, { retryLimit: 0 });
    expect(id).not.toBeNull();
    const [job] = await boss.fetch('housekeeping');
    expect(job?.id).toBe(id);
    await boss.fail('housekeeping', id!, { message });
    return id!;
  };

  it('is refused to anonymous callers, customers and every staff role but the super admin', async () => {
    const id = await failedHousekeeping('refused callers do not see this');
    expect((await t.request({ method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(401);
    expect((await retry('housekeeping', id)).statusCode).toBe(401);
    const cookies = [(await t.signUp()).cookie];
    for (const role of ['manager', 'support', 'compliance'] as const) cookies.push((await t.createStaff(role)).cookie);
    for (const cookie of cookies) {
      const refused = await t.request({ method: 'GET', url: '/api/admin/jobs', cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('refused callers');
      expect((await retry('housekeeping', id, cookie)).statusCode).toBe(403);
    }
    expect((await t.app.jobs.pgBoss.getJobById('housekeeping', id))?.state).toBe('failed');
  });

  it('lists every queue with its counts and the failed jobs with their error; the failure is dead-lettered', async () => {
    const id = await failedHousekeeping('SMTP refused the connection');
    const { queues, failed } = await overview();
    expect(queues.map((queue) => queue.name)).toEqual([
      'housekeeping',
      'order_expiry',
      'retention',
      'matched_payments',
      // The audit log's hash chain (docs/decisions/073).
      'audit_seal',
      // The large cash transaction report (docs/decisions/077).
      'large_cash_report',
      // The chain watchers, one per network (docs/decisions/058).
      'chain_watch_erc20',
      'chain_watch_bep20',
      // Bitcoin and Litecoin by an Esplora API (docs/decisions/062).
      'chain_watch_btc',
      'chain_watch_ltc',
      // USDT on TRON by TronGrid's API (docs/decisions/065).
      'chain_watch_trc20',
      // Dogecoin by a Blockbook API (docs/decisions/071).
      'chain_watch_doge',
      // XRP by the XRP Ledger's JSON-RPC API (docs/decisions/072).
      'chain_watch_xrp',
      'email_delivery',
      'sms_delivery',
      DEAD_LETTER_QUEUE,
    ]);
    expect(queues.find((queue) => queue.name === 'housekeeping')?.failed).toBeGreaterThanOrEqual(1);
    expect(queues.find((queue) => queue.name === DEAD_LETTER_QUEUE)?.waiting).toBeGreaterThanOrEqual(1);
    expect(failed).toContainEqual(expect.objectContaining({ id, queue: 'housekeeping', error: 'SMTP refused the connection' }));
  });

  it('counts the waiting, active and failed jobs of each queue in /metrics', async () => {
    const scrape = async () => {
      const response = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.statusCode).toBe(200);
      const count = (queue: string, state: string) =>
        Number(
          new RegExp(`^cedicrypto_job_queue_jobs\\{queue="${queue}",state="${state}"\\} (\\d+)$`, 'm').exec(response.body)?.[1] ??
            Number.NaN,
        );
      return count;
    };
    const before = await scrape();
    await failedHousekeeping('counted by the metrics');
    await t.app.jobs.pgBoss.send('retention', {});
    const after = await scrape();
    expect(after('housekeeping', 'failed')).toBe(before('housekeeping', 'failed') + 1);
    expect(after('retention', 'waiting')).toBe(before('retention', 'waiting') + 1);
    expect(after('dead_letter', 'waiting')).toBe(before('dead_letter', 'waiting') + 1);
    expect(after('email_delivery', 'active')).toBe(0);
  });

  it('retries a failed job once on a double click, audited once', async () => {
    const id = await failedHousekeeping('a double click retries once');
    const answers = await Promise.all([retry('housekeeping', id, superAdmin), retry('housekeeping', id, superAdmin)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!.json() as { error: { code: string; message: string } };
    expect(refused.error).toMatchObject({ code: 'JOB_NOT_FAILED', message: JOBS_MSG.notFailed });
    expect((await t.app.jobs.pgBoss.getJobById('housekeeping', id))?.state).toBe('retry');
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.retry'), eq(auditLog.targetId, id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      targetType: 'job',
      before: expect.objectContaining({ queue: 'housekeeping', error: 'a double click retries once' }),
    });
    expect((await overview()).failed.map((job) => job.id)).not.toContain(id);
  });

  it('refuses a retry of a job that is not failed, or of a queue it does not know', async () => {
    const id = await t.app.jobs.pgBoss.send('retention', {});
    expect((await retry('retention', id!, superAdmin)).statusCode).toBe(409);
    expect((await retry('no_such_queue', id!, superAdmin)).statusCode).toBe(409);
    expect((await retry('retention', 'not-a-job', superAdmin)).statusCode).toBe(400);
  });
});

describe('jobs across two app instances on one database', () => {
  let t: TTestApp;
  let second: FastifyInstance;
  let secondDatabase: TDatabase;

  beforeAll(async () => {
    const jobs = { workers: true, tickers: false };
    t = await createTestApp({}, {}, undefined, { jobs });
    // PostgreSQL: a pool of its own on the same database, as a second process has. PGlite: the one database of this process.
    const url = (t.database.pool?.options as { connectionString?: string } | undefined)?.connectionString;
    secondDatabase = t.database.kind === 'postgres' && url ? await openDatabase({ databaseUrl: url }) : t.database;
    second = await buildApp(testConfig(), { database: secondDatabase, logger: false, jobs });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    if (secondDatabase !== t.database) await secondDatabase.close();
    await t.close();
  });

  const runs = (name: string) => (t.app.jobs.runs.get(name) ?? 0) + (second.jobs.runs.get(name) ?? 0);

  it('runs a periodic job once per tick, however many processes tick', async () => {
    // Housekeeping's slot is 10 minutes: every tick below falls in one slot (unless the clock crosses its edge, then two).
    const sent = await Promise.all([t.app, second, t.app, second].map((app) => app.jobs.tick('housekeeping')));
    const slots = sent.filter(Boolean).length;
    expect(slots).toBeGreaterThanOrEqual(1);
    expect(slots).toBeLessThanOrEqual(2);
    const jobs = () => t.app.jobs.pgBoss.findJobs('housekeeping');
    await vi.waitFor(async () => {
      const all = await jobs();
      expect(all.map((job) => job.state)).toEqual(Array<string>(slots).fill('completed'));
    }, WAIT);
    expect(runs('housekeeping')).toBe(slots);
  });

  it('delivers an outbox when woken: one delivery run, the row sent', async () => {
    const id = await queueSms(t.database.db, {
      userId: null,
      to: '+233245550431',
      kind: 'order_status',
      body: renderOrderStatusSms({ orderId: 41, status: 'completed', appUrl: 'https://cedicrypto.test' }),
    });
    await Promise.all([t.app.jobs.wake('sms_delivery'), second.jobs.wake('sms_delivery')]);
    await vi.waitFor(async () => {
      const [row] = await t.database.db.select({ status: smsLog.status }).from(smsLog).where(eq(smsLog.id, id));
      expect(row?.status).toBe('sent');
    }, WAIT);
  });
});

describe('wakes of an outbox while its job waits', () => {
  let database: TDatabase;
  let engine: JobEngine;
  const log = pino({ level: 'silent' });
  /** Each run waits for its release, so a job stays running or waiting as long as the test wants. */
  const releases: (() => void)[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    engine = new JobEngine({ database, log });
    const outbox = new PeriodicJob({
      name: 'burst',
      intervalMs: 60_000,
      log,
      run: () => new Promise<void>((resolve) => releases.push(resolve)),
    });
    engine.wakeable('burst', 60_000, outbox);
    await engine.start({ workers: true, tickers: false });
  });
  afterAll(async () => {
    for (const release of releases) release();
    await engine.stop();
    await database.close();
  });

  it('are the job already waiting: one send, until a run of this process starts (docs/decisions/069)', async () => {
    const send = vi.spyOn(engine.pgBoss, 'send');
    expect(await engine.wake('burst')).toBe(true);
    await vi.waitFor(() => expect(engine.runs.get('burst')).toBe(1), WAIT);
    // The first run is under way: the next wake is a job of its own, which waits behind it.
    expect(await engine.wake('burst')).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
    // Twenty emails queued meanwhile: the waiting job will read them; no statement each.
    for (let i = 0; i < 20; i += 1) expect(await engine.wake('burst')).toBe(false);
    expect(send).toHaveBeenCalledTimes(2);
    // The first run ends and the waiting job starts: what is queued now needs a job again.
    releases.shift()!();
    await vi.waitFor(() => expect(engine.runs.get('burst')).toBe(2), WAIT);
    expect(await engine.wake('burst')).toBe(true);
    expect(send).toHaveBeenCalledTimes(3);
    send.mockRestore();
  });
});

describe('a run that fails', () => {
  let database: TDatabase;
  let engine: JobEngine;
  const log = pino({ level: 'silent' });
  let tries = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    engine = new JobEngine({ database, log });
    const flaky = new PeriodicJob({
      name: 'flaky',
      intervalMs: 60_000,
      log,
      run: () => {
        tries += 1;
        return Promise.reject(new Error(`provider down (try ${tries})`));
      },
    });
    engine.every('flaky', 60_000, flaky);
    await engine.start({ workers: true, tickers: false });
  });
  afterAll(async () => {
    await engine.stop();
    await database.close();
  });

  it('is retried later with backoff, then failed and dead-lettered with its error', async () => {
    expect(await engine.tick('flaky')).toBe(true);
    const boss = engine.pgBoss;
    const [sent] = await boss.findJobs('flaky');
    await vi.waitFor(async () => expect((await boss.getJobById('flaky', sent!.id))?.state).toBe('retry'), WAIT);
    // Not at once: pg-boss waits the backoff (5 s and up, with jitter) before the next try.
    const waiting = await boss.getJobById('flaky', sent!.id);
    expect(waiting!.startAfter.getTime()).toBeGreaterThan(Date.now());
    expect(tries).toBe(1);
    // The last retry's failure, without waiting out the backoff: as the worker would record it.
    await boss.getDb().executeSql(`UPDATE pgboss.job SET retry_count = retry_limit, start_after = now() WHERE id = $1`, [sent!.id]);
    await vi.waitFor(async () => expect((await boss.getJobById('flaky', sent!.id))?.state).toBe('failed'), WAIT);
    expect(tries).toBe(2);
    expect((await engine.failedJobs()).find((job) => job.id === sent!.id)?.error).toBe('provider down (try 2)');
    const [dead] = await boss.findJobs(DEAD_LETTER_QUEUE);
    expect(dead).toBeDefined();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('processes starting at once on a database without the jobs schema', () => {
  it('all start, round after round: one installs the schema while the others wait for it', async () => {
    const log = pino({ level: 'silent' });
    const first = await openTestDatabase();
    // Other processes: pools of their own on the same database (its direct URL when a pooler is in front).
    const url = (first.pool?.options as { connectionString?: string } | undefined)?.connectionString;
    const others = [await openDatabase({ databaseUrl: url! }), await openDatabase({ databaseUrl: url! })];
    try {
      // Before: each found no schema and created it; a loser failed with "already exists" (which
      // pg-boss survives) or with "duplicate key value violates unique constraint
      // pg_namespace_nspname_index" (which it did not), and its process exited
      // (tests/api/two-processes.test.ts in CI). Several rounds give the race its chances.
      for (let round = 0; round < 5; round += 1) {
        // As a database that never ran the app (the test template may hold the schema already).
        await first.pool!.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
        const engines = [first, ...others].map((database) => new JobEngine({ database, log }));
        try {
          const started = await Promise.allSettled(engines.map((engine) => engine.start({ workers: false, tickers: false })));
          expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual([
            'started',
            'started',
            'started',
          ]);
        } finally {
          await Promise.all(engines.map((engine) => engine.stop()));
        }
      }
    } finally {
      await Promise.all(others.map((database) => database.close()));
      await first.close();
    }
  }, 120_000);
});
