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
  private running: Promise<void> | undefined;
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

  runOnce(): Promise<void> {
    const started = performance.now();
    const observe = (outcome: 'ok' | 'failed') => this.options.observe?.(outcome, (performance.now() - started) / 1000);
    this.running ??= this.options
      .run()
      .then(
        () => observe('ok'),
        (error: unknown) => {
          observe('failed');
          this.options.log.error({ err: error }, `${this.options.name} failed`);
        },
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.runOnce().finally(() => this.schedule()), this.options.intervalMs);
    this.timer.unref();
  }
}
