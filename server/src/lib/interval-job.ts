import type { FastifyInstance } from 'fastify';

export interface IntervalJob {
  /** Milliseconds between runs; 0 or less: never (tests run the work themselves). */
  everyMs: number;
  /** Also run once as soon as the app is ready (ready does not wait for it). */
  atReady?: boolean;
  run: () => Promise<unknown>;
  /** Logged as a warning when a run fails; the next one runs as planned. */
  failure: string;
  /** Runs on close once the timer is stopped and the last run has finished. */
  afterStop?: () => Promise<void>;
}

/**
 * Runs background work of the app on a timer from ready to close (and at ready when asked), one
 * run at a time (a run still going when the next is due skips that turn). The timer never keeps
 * the process alive, and close waits for the run in progress.
 */
export function runEvery(app: FastifyInstance, job: IntervalJob): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running !== null) return;
    running = job
      .run()
      .catch((error: unknown) => app.log.warn({ err: error }, job.failure))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    if (job.everyMs <= 0) return;
    timer = setInterval(tick, job.everyMs);
    timer.unref();
    if (job.atReady === true) tick();
  });
  app.addHook('onClose', async () => {
    if (timer !== null) clearInterval(timer);
    await running;
    await job.afterStop?.();
  });
}
