import type { FastifyInstance } from 'fastify';

export interface IntervalJob {
  /** Milliseconds between runs; 0 or less: never (tests run the work themselves). */
  everyMs: number;
  run: () => Promise<unknown>;
  /** Logged as a warning when a run fails; the next one runs as planned. */
  failure: string;
  /** Runs on close once the timer is stopped and the last run has finished. */
  afterStop?: () => Promise<void>;
}

/**
 * Runs background work of the app on a timer from ready to close, one run at a time (a run still
 * going when the next is due skips that turn). The timer never keeps the process alive, and close
 * waits for the run in progress.
 */
export function runEvery(app: FastifyInstance, job: IntervalJob): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    if (job.everyMs <= 0) return;
    timer = setInterval(() => {
      if (running !== null) return;
      running = job
        .run()
        .catch((error: unknown) => app.log.warn({ err: error }, job.failure))
        .finally(() => {
          running = null;
        });
    }, job.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer !== null) clearInterval(timer);
    await running;
    await job.afterStop?.();
  });
}
