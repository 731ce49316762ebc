import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { TDb } from '#server/db/client.js';
import { readBusinessFigures, type TBusinessFigures } from './business.js';

/** Every metric of the app starts with this (docs/deployment.md "Monitoring" lists them). */
export const METRIC_PREFIX = 'cedicrypto_';

/** The sign-in steps counted: the password, then (staff, customers who enrolled) the code. */
export const SIGN_IN_ROUTES: Record<string, 'password' | 'code'> = {
  '/api/session/login': 'password',
  '/api/session/two-factor': 'code',
};

/** A job queue's counts now (modules/jobs/engine.ts queues(): the Jobs page's figures). */
export type TJobQueueCounts = { name: string; waiting: number; active: number; failed: number };

export type TMetricsDeps = {
  db: TDb;
  /** The app's clock (lib/clock.ts under TEST_CLOCK): ages are measured on it. */
  now?: () => Date;
};

/**
 * The app's Prometheus metrics (issue 30 point 4, docs/decisions/049): one registry per app (tests
 * build many apps in one process), the process's own figures (CPU, memory, event-loop lag), HTTP
 * requests by route, sign-in steps, background job runs, and the business figures read from the
 * database at each scrape (business.ts). Counters live in this process; a scrape of each process
 * adds them up, while the business gauges are the same from every process.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly signIns: Counter<'step' | 'outcome'>;
  private readonly jobRuns: Counter<'job' | 'outcome'>;
  private readonly jobDuration: Histogram<'job'>;
  private readonly jobLastSuccess: Gauge<'job'>;
  private readonly now: () => Date;
  /** What the last scrape read (render()). */
  private figures: TBusinessFigures | undefined;
  /** The job queues' counts, read at each scrape once the job engine is known (readJobQueuesWith). */
  private readJobQueues: (() => Promise<TJobQueueCounts[]>) | undefined;
  private jobQueues: TJobQueueCounts[] = [];

  constructor(private readonly deps: TMetricsDeps) {
    this.now = deps.now ?? (() => new Date());
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route (the pattern, not the URL) and status, and how long they took.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.signIns = new Counter({
      name: `${METRIC_PREFIX}sign_in_attempts_total`,
      help: 'Sign-in steps (password, two-factor code) and whether they let the person in (ok) or not (refused).',
      labelNames: ['step', 'outcome'],
      registers,
    });
    this.jobRuns = new Counter({
      name: `${METRIC_PREFIX}job_runs_total`,
      help: 'Runs of the background jobs (order expiry, housekeeping, retention, the outboxes) by outcome.',
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.jobDuration = new Histogram({
      name: `${METRIC_PREFIX}job_run_duration_seconds`,
      help: 'How long a background job run took.',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
      registers,
    });
    this.jobLastSuccess = new Gauge({
      name: `${METRIC_PREFIX}job_last_success_timestamp_seconds`,
      help: 'When each background job last ran without failing (Unix time, this process).',
      labelNames: ['job'],
      registers,
    });

    // The business figures: render() reads them once per scrape, then each gauge sets its values from them.
    const gauge = <L extends string>(name: string, help: string, labelNames: L[], set: (g: Gauge<L>, figures: TBusinessFigures) => void) =>
      new Gauge<L>({
        name: `${METRIC_PREFIX}${name}`,
        help,
        labelNames,
        registers,
        collect: () => {
          if (!this.figures) return;
          const g = this.registry.getSingleMetric(`${METRIC_PREFIX}${name}`) as Gauge<L>;
          g.reset();
          set(g, this.figures);
        },
      });
    gauge('orders', 'Orders by status, now.', ['status'], (g, figures) => {
      for (const [status, count] of Object.entries(figures.ordersByStatus)) g.set({ status }, count);
    });
    gauge(
      'oldest_paid_order_waiting_seconds',
      'Seconds since "I have paid / sent" of the oldest order waiting for staff (0: none waits).',
      [],
      (g, figures) => {
        g.set(figures.oldestPaidWaitingSeconds);
      },
    );
    gauge(
      'order_paid_to_completed_seconds',
      'From "I have paid / sent" to completed, over orders completed in the last 24 hours.',
      ['quantile'],
      (g, figures) => {
        const quantiles = figures.paidToCompletedSeconds;
        if (!quantiles) return;
        g.set({ quantile: '0.5' }, quantiles.p50);
        g.set({ quantile: '0.95' }, quantiles.p95);
      },
    );
    gauge('outbox_pending', 'Emails and SMS waiting to be delivered.', ['channel'], (g, { outbox }) => {
      g.set({ channel: 'email' }, outbox.email.pending);
      g.set({ channel: 'sms' }, outbox.sms.pending);
    });
    gauge('outbox_oldest_pending_seconds', 'Age of the oldest email or SMS waiting (0: none waits).', ['channel'], (g, { outbox }) => {
      g.set({ channel: 'email' }, outbox.email.oldestPendingSeconds);
      g.set({ channel: 'sms' }, outbox.sms.oldestPendingSeconds);
    });
    gauge('outbox_failed_last_day', 'Emails and SMS given up on (failed for good) in the last 24 hours.', ['channel'], (g, { outbox }) => {
      g.set({ channel: 'email' }, outbox.email.failedLastDay);
      g.set({ channel: 'sms' }, outbox.sms.failedLastDay);
    });
    new Gauge<'queue' | 'state'>({
      name: `${METRIC_PREFIX}job_queue_jobs`,
      help: 'Background jobs by queue (pg-boss, docs/decisions/052) and state: waiting (created or to retry), active, failed (after their retries; dead_letter holds a copy of each).',
      labelNames: ['queue', 'state'],
      registers,
      collect: () => {
        const g = this.registry.getSingleMetric(`${METRIC_PREFIX}job_queue_jobs`) as Gauge<'queue' | 'state'>;
        g.reset();
        for (const queue of this.jobQueues) {
          g.set({ queue: queue.name, state: 'waiting' }, queue.waiting);
          g.set({ queue: queue.name, state: 'active' }, queue.active);
          g.set({ queue: queue.name, state: 'failed' }, queue.failed);
        }
      },
    });
    gauge(
      'price_age_seconds',
      'Seconds since the last price stored for each coin (and ghs, cedis per dollar).',
      ['symbol'],
      (g, figures) => {
        for (const [symbol, age] of figures.priceAgeSeconds) g.set({ symbol }, age);
      },
    );
  }

  /** One answered HTTP request; `route` is the route's pattern (bounded), or 'unmatched'. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
    const step = SIGN_IN_ROUTES[route];
    if (step && method === 'POST') this.signIns.inc({ step, outcome: statusCode < 400 ? 'ok' : 'refused' });
  }

  /** One run of a background job (lib/periodic-job.ts calls it). */
  observeJob(job: string, outcome: 'ok' | 'failed', seconds: number): void {
    this.jobRuns.inc({ job, outcome });
    this.jobDuration.observe({ job }, seconds);
    if (outcome === 'ok') this.jobLastSuccess.set({ job }, Date.now() / 1000);
  }

  /** Where each scrape reads the job queues' counts (the app's job engine, built after this). */
  readJobQueuesWith(read: () => Promise<TJobQueueCounts[]>): void {
    this.readJobQueues = read;
  }

  /** The exposition text and its content type, with the business figures read now. */
  async render(): Promise<{ body: string; contentType: string }> {
    [this.figures, this.jobQueues] = await Promise.all([readBusinessFigures(this.deps.db, this.now()), this.readJobQueues?.() ?? []]);
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
