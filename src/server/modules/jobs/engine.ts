import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite, type Db, type JobWithMetadata } from 'pg-boss';
import type pg from 'pg';
import type { TDatabase } from '#server/db/client.js';
import type { PeriodicJob } from '#server/lib/periodic-job.js';

/**
 * Background work on pg-boss (issue 30 point 1, docs/decisions/052), on the app's own database:
 * PGlite through pg-boss's PGlite adapter (one connection, in this process), PostgreSQL through the
 * app's pool. Two kinds of job:
 *
 * - `every`: a periodic job (housekeeping, order expiry, retention). Each process ticks once per
 *   interval and sends a job throttled to the interval's slot (pg-boss `singletonSeconds`, one
 *   unique row per slot), so across all processes a slot gets one job and one run. The queue's
 *   `singleton` policy keeps two runs from overlapping.
 * - `wake`: a delivery run of an outbox (email, SMS). Its rows (email_log, sms_log) stay the
 *   record and keep their own attempts and backoff (lib/outbox.ts); the job only says "deliver
 *   now". The queue's `stately` policy keeps at most one waiting and one running, so a burst of
 *   wakes from every process is one run, and a wake during a run is one more after it.
 *
 * A run that throws is retried with backoff (RETRY); after the last retry it stays `failed` and a
 * copy goes to DEAD_LETTER_QUEUE. The Jobs page (routes.ts) lists both and retries a failed job.
 */

/** Where a job goes after its last failed retry. Nothing works it: it waits for a person. */
export const DEAD_LETTER_QUEUE = 'dead_letter';

/** Retries of a failed run: after about 5, 10 then 20 seconds (pg-boss's backoff has jitter). */
const RETRY = { retryLimit: 3, retryDelay: 5, retryBackoff: true, retryDelayMax: 300 } as const;

/** How often an idle worker looks for a job; a wake in this process is picked up at once (notifyWorker). */
const WAKE_POLL_SECONDS = 1;
const EVERY_POLL_SECONDS = 2;

export type TJobKind = 'every' | 'wake';

/**
 * The advisory lock (any constant of ours) under which a process installs or migrates pg-boss's
 * schema on PostgreSQL. pg-boss takes two installs at once for a race it survives only when
 * PostgreSQL says "already exists"; a concurrent CREATE SCHEMA can instead fail on
 * pg_namespace's unique index ("duplicate key value"), and that process exited (CI's
 * tests/api/two-processes.test.ts, twice).
 */
const JOBS_SCHEMA_LOCK = 7_301_330_001;

type TDefinedJob = { name: string; kind: TJobKind; intervalMs: number; job: PeriodicJob; workerId?: string; timer?: NodeJS.Timeout };

/** PostgreSQL: pg-boss's statements on the app's pool (a multi-statement text answers one result per statement). */
function poolExecutor(pool: pg.Pool): Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = (await pool.query(text, values)) as unknown as { rows: unknown[] } | { rows: unknown[] }[];
      return Array.isArray(result) ? { rows: result.flatMap((part) => part.rows) } : result;
    },
  };
}

export type TJobEngineOptions = {
  database: TDatabase;
  log: FastifyBaseLogger;
  /** Now, in epoch milliseconds (tests move it to a slot of their choice). */
  now?: () => number;
};

export class JobEngine {
  private readonly boss: PgBoss;
  private readonly jobs = new Map<string, TDefinedJob>();
  /** Runs this process made of each job (the two-process test sums them). */
  readonly runs = new Map<string, number>();
  private started = false;
  private ticking = false;
  /** Wakeable jobs whose send is on its way (wake()). */
  private readonly sending = new Set<string>();
  /**
   * Wakeable jobs with a job waiting since this process's send (epoch ms), until a worker of this
   * process starts one: a wake meanwhile is that job (wake()).
   */
  private readonly waiting = new Map<string, number>();

  constructor(private readonly options: TJobEngineOptions) {
    const { database } = options;
    const db = database.pglite ? fromPglite(database.pglite) : poolExecutor(database.pool!);
    this.boss = new PgBoss({
      db,
      ...(database.pglite ? { backend: 'pglite' as const } : {}),
      // Our periodic jobs tick themselves (every()): pg-boss's cron has a one-minute grain and order expiry runs every 15 s.
      schedule: false,
      registerInstance: false,
      openTelemetry: { enabled: false },
    });
    this.boss.on('error', (error: unknown) => options.log.error({ err: error }, 'jobs: pg-boss error'));
  }

  /** A periodic job: one run per `intervalMs` across every process (call before start()). */
  every(name: string, intervalMs: number, job: PeriodicJob): void {
    this.jobs.set(name, { name, kind: 'every', intervalMs, job });
  }

  /** A job run when woken (wake()), and at least every `intervalMs` (an outbox's retries come due). */
  wakeable(name: string, intervalMs: number, job: PeriodicJob): void {
    this.jobs.set(name, { name, kind: 'wake', intervalMs, job });
  }

  /** Installs or migrates pg-boss's schema and creates the queues; with `workers`, this process runs jobs; with `tickers`, it sends the periodic ones. */
  async start({ workers, tickers }: { workers: boolean; tickers: boolean }): Promise<void> {
    // A database still starting up gets two more tries (pg-boss waits 1 s, then 2 s).
    await this.oneProcessAtATime(() => this.boss.start({ attempts: 3 }));
    this.started = true;
    await this.ensureQueue(DEAD_LETTER_QUEUE, { policy: 'standard' });
    for (const job of this.jobs.values()) {
      await this.ensureQueue(job.name, {
        policy: job.kind === 'every' ? 'singleton' : 'stately',
        ...RETRY,
        deadLetter: DEAD_LETTER_QUEUE,
        // A run longer than this is taken for dead (a process that died mid-run) and retried.
        expireInSeconds: 15 * 60,
        // Finished jobs are kept a day and an hour (the Jobs page counts the last 24 hours); a wake every few seconds adds up.
        deleteAfterSeconds: 25 * 3600,
      });
    }
    if (workers) {
      for (const job of this.jobs.values()) {
        job.workerId = await this.boss.work(
          job.name,
          { pollingIntervalSeconds: job.kind === 'wake' ? WAKE_POLL_SECONDS : EVERY_POLL_SECONDS },
          async () => {
            // From here on, what is queued needs a job of its own (the run may have read its rows already).
            this.waiting.delete(job.name);
            this.runs.set(job.name, (this.runs.get(job.name) ?? 0) + 1);
            await job.job.runOnce({ rethrow: true });
          },
        );
      }
    }
    if (tickers) {
      this.ticking = true;
      for (const job of this.jobs.values()) this.scheduleTick(job);
    }
  }

  /**
   * Runs `work` while this process holds JOBS_SCHEMA_LOCK: a transaction on one connection of the
   * pool takes it (a transaction keeps its connection through a transaction-pooling PgBouncer too)
   * and ends when `work` does; `work` itself runs on the pool's other connections. PGlite is one
   * process: nothing to wait for.
   */
  private async oneProcessAtATime<T>(work: () => Promise<T>): Promise<T> {
    const { pool } = this.options.database;
    if (!pool) return work();
    const client = await pool.connect();
    // A connection whose own statement failed (its transaction in an unknown state) is not given back.
    let broken: Error | undefined;
    const onClient = async (text: string, values?: unknown[]) => {
      try {
        await client.query(text, values);
      } catch (error) {
        broken = error as Error;
        throw error;
      }
    };
    try {
      await onClient('BEGIN');
      await onClient('SELECT pg_advisory_xact_lock($1)', [JOBS_SCHEMA_LOCK]);
      try {
        return await work();
      } finally {
        await onClient('COMMIT');
      }
    } finally {
      client.release(broken);
    }
  }

  private async ensureQueue(name: string, options: Parameters<PgBoss['createQueue']>[1]): Promise<void> {
    // Another process (or an earlier start) created it: its options are brought up to date; a policy is fixed at creation.
    if (await this.boss.getQueue(name)) {
      const { policy: _policy, ...changeable } = options ?? {};
      if (Object.keys(changeable).length > 0) await this.boss.updateQueue(name, changeable);
    } else {
      // Two processes starting at once may both create it: the second's is a no-op.
      await this.boss.createQueue(name, options);
    }
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The next tick: a moment into the next slot (not on its edge, where clocks of two processes could disagree on the slot). */
  private scheduleTick(job: TDefinedJob): void {
    if (!this.ticking) return;
    const into = Math.min(1000, job.intervalMs / 10);
    const wait = job.intervalMs - (this.now() % job.intervalMs) + into;
    job.timer = setTimeout(() => {
      void this.tick(job.name)
        .catch((error: unknown) => this.options.log.warn({ err: error }, `jobs: ${job.name} not sent`))
        .finally(() => this.scheduleTick(job));
    }, wait);
    job.timer.unref();
  }

  /**
   * This process's tick of job `name`: a periodic job is sent throttled to its slot (another
   * process's tick of the same slot sends nothing); a wakeable one is woken. Answers whether a job was queued.
   */
  async tick(name: string): Promise<boolean> {
    const job = this.defined(name);
    if (job.kind === 'wake') return this.wake(name);
    const id = await this.boss.send(name, {}, { singletonKey: name, singletonSeconds: Math.max(1, Math.round(job.intervalMs / 1000)) });
    return id !== null;
  }

  /**
   * Ask for a run of wakeable job `name` soon; this process's worker looks at once. Wakes while
   * this process's send is on its way are that send (a burst of queued emails is one statement,
   * not one each), and so are wakes while the job it sent still waits for this process's worker:
   * that run will read what they queued. A job another process's worker took is not seen here, so
   * the wait counts as over after WAKE_POLL_SECONDS (the tick every `intervalMs` backs it up).
   * Under bench:peak this was a pg-boss insert per email queued (1,090 in 30 s, docs/decisions/069).
   * Answers whether a job was queued (false: one already waits, or was being sent).
   */
  async wake(name: string): Promise<boolean> {
    const job = this.defined(name);
    if (!this.started || this.sending.has(name)) return false;
    const since = this.waiting.get(name);
    if (job.workerId && since !== undefined && Date.now() - since < WAKE_POLL_SECONDS * 1000) {
      this.boss.notifyWorker(job.workerId);
      return false;
    }
    this.sending.add(name);
    try {
      const runsBefore = this.runs.get(name) ?? 0;
      const id = await this.boss.send(name, {});
      // Sent now or already waiting (the stately queue keeps one): a job waits for a worker, unless
      // one of ours started a run meanwhile (it may be that job), and then the next wake sends again.
      if ((this.runs.get(name) ?? 0) === runsBefore) this.waiting.set(name, Date.now());
      if (job.workerId) this.boss.notifyWorker(job.workerId);
      return id !== null;
    } finally {
      this.sending.delete(name);
    }
  }

  private defined(name: string): TDefinedJob {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`jobs: no job named ${name}`);
    return job;
  }

  async stop(): Promise<void> {
    this.ticking = false;
    for (const job of this.jobs.values()) clearTimeout(job.timer);
    if (!this.started) return;
    this.started = false;
    // Waits for runs under way (each is short: a batch, an expiry pass); the database stays open (the app closes it).
    await this.boss.stop({ graceful: true, close: false, timeout: 30_000 });
  }

  /** The queues this app defined and the dead letters, with their counts now and completions in the last 24 hours. */
  async queues(): Promise<{ name: string; waiting: number; active: number; failed: number; completedLast24h: number }[]> {
    const names = [...this.jobs.keys(), DEAD_LETTER_QUEUE];
    const empty = { waiting: 0, active: 0, failed: 0, completedLast24h: 0 };
    // Not started (most tests; pg-boss's tables may not exist yet): nothing ran here.
    if (!this.started) return names.map((name) => ({ name, ...empty }));
    const counts = await this.boss.getDb().executeSql(
      `SELECT name,
              count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
              count(*) FILTER (WHERE state = 'active')::int AS active,
              count(*) FILTER (WHERE state = 'failed')::int AS failed,
              count(*) FILTER (WHERE state = 'completed' AND completed_on > now() - interval '24 hours')::int AS completed
         FROM pgboss.job WHERE name = ANY($1::text[]) GROUP BY name`,
      [names],
    );
    const byName = new Map(
      (counts.rows as { name: string; waiting: number; active: number; failed: number; completed: number }[]).map((row) => [row.name, row]),
    );
    return names.map((name) => {
      const row = byName.get(name);
      return {
        name,
        waiting: row?.waiting ?? 0,
        active: row?.active ?? 0,
        failed: row?.failed ?? 0,
        completedLast24h: row?.completed ?? 0,
      };
    });
  }

  /** Failed jobs of every queue (dead letters included), the newest first, at most `limit`. */
  async failedJobs(
    limit = 100,
  ): Promise<{ id: string; queue: string; error: string; retries: number; failedAt: Date | null; createdAt: Date }[]> {
    if (!this.started) return [];
    const names = [...this.jobs.keys(), DEAD_LETTER_QUEUE];
    const result = await this.boss.getDb().executeSql(
      `SELECT id::text AS id, name, output, retry_count AS retries, completed_on AS failed_at, created_on AS created_at
         FROM pgboss.job WHERE name = ANY($1::text[]) AND state = 'failed'
        ORDER BY completed_on DESC NULLS LAST, created_on DESC LIMIT $2`,
      [names, limit],
    );
    return (
      result.rows as {
        id: string;
        name: string;
        output: unknown;
        retries: number;
        failed_at: Date | string | null;
        created_at: Date | string;
      }[]
    ).map((row) => ({
      id: row.id,
      queue: row.name,
      error: errorOf(row.output),
      retries: row.retries,
      failedAt: row.failed_at === null ? null : new Date(row.failed_at),
      createdAt: new Date(row.created_at),
    }));
  }

  /** The job `id` of queue `queue` if it is failed now, else null. */
  async failedJob(queue: string, id: string): Promise<JobWithMetadata<unknown> | null> {
    if (!this.started || ![...this.jobs.keys(), DEAD_LETTER_QUEUE].includes(queue)) return null;
    const job = await this.boss.getJobById(queue, id);
    return job && job.state === 'failed' ? job : null;
  }

  /** Puts failed job `id` back to run (conditional: a job no longer failed is left alone). Answers whether it was retried. */
  async retry(queue: string, id: string): Promise<boolean> {
    if (!this.started || ![...this.jobs.keys(), DEAD_LETTER_QUEUE].includes(queue)) return false;
    // pg-boss answers { requested, affected } (its typings leave CommandResponse empty).
    const result = (await this.boss.retry(queue, id)) as { affected?: number };
    return (result.affected ?? 0) > 0;
  }

  /** pg-boss's database handle (tests send a job that fails, to see it listed). */
  get pgBoss(): PgBoss {
    return this.boss;
  }
}

/** The message of the error a failed job recorded (pg-boss keeps the serialised error as its output). */
function errorOf(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string')
    return output.message.slice(0, 500);
  return output == null ? '' : JSON.stringify(output).slice(0, 500);
}
