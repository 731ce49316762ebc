import type { FastifyBaseLogger } from 'fastify';

export type TPeriodicJobOptions = {
  /** Named in the log when a run fails. */
  name: string;
  intervalMs: number;
  run: () => Promise<void>;
  log: FastifyBaseLogger;
  /** Told of every run: its outcome and length (modules/metrics counts them). */
  observe?: (outcome: 'ok' | 'failed', seconds: number) => void;
};

/**
 * Runs `run` every `intervalMs` (the next run is timed from the end of the last, so runs never
 * overlap), until stop(), which waits for a run under way. A failed run is logged, and the next
 * one comes as usual. The timer does not keep the process alive. runOnce() is for tests and for
 * a run asked for early.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<{ error: unknown } | undefined> | undefined;
  private stopped = true;

  constructor(private readonly options: TPeriodicJobOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /**
   * One run now, or the run under way. A failure is logged and observed; with `rethrow` the caller
   * also gets it (the job engine, modules/jobs/engine.ts, retries a failed run and dead-letters it).
   */
  async runOnce(options: { rethrow?: boolean } = {}): Promise<void> {
    const started = performance.now();
    const observe = (outcome: 'ok' | 'failed') => this.options.observe?.(outcome, (performance.now() - started) / 1000);
    this.running ??= this.options
      .run()
      .then(
        () => {
          observe('ok');
          return undefined;
        },
        (error: unknown) => {
          observe('failed');
          this.options.log.error({ err: error }, `${this.options.name} failed`);
          return { error };
        },
      )
      .finally(() => {
        this.running = undefined;
      });
    const outcome = await this.running;
    if (outcome && options.rethrow) throw outcome.error;
  }

  /**
   * A run that starts after this call: waits for one under way (it may have read the time or the
   * data before a change the caller just made), then runs, or joins a run started since. The
   * browser tests' clock (modules/system/test-clock-routes.ts) moves the time, then needs an
   * expiry run that sees it.
   */
  async runAfterNow(options: { rethrow?: boolean } = {}): Promise<void> {
    await this.running;
    await this.runOnce(options);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.runOnce().finally(() => this.schedule()), this.options.intervalMs);
    this.timer.unref();
  }
}
