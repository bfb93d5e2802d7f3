import type { SearchProgress, SearchStatus } from '@uniquair/contract/search';
import type { FastifyBaseLogger } from 'fastify';
import type { AppMetrics } from '../../lib/app-metrics.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  askSupplier,
  assembleResult,
  type JobSearch,
  type Part,
  type PartOutcome,
} from './search.job-parts.ts';
import type { ProgressBus, ProgressListener } from './search.progress-bus.ts';
import { emptySnapshot, RunningJob, type SearchSnapshot } from './search.running-job.ts';
import type { SearchRepository, SearchResultRow } from './search.repository.ts';
import type { Supplier } from './search.supplier.ts';
import { atMost } from '../../lib/at-most.ts';

/** How `start` found the search: it started it, joined a run in flight, or found it stored. */
export type StartOutcome = 'started' | 'joined' | 'stored';

export interface SearchJobsOptions {
  repository: SearchRepository;
  suppliers: readonly Supplier[];
  bus: ProgressBus;
  now: Clock;
  log: FastifyBaseLogger;
  /** Counts the jobs started and ended here. */
  metrics: Pick<AppMetrics, 'searchStarted' | 'searchFinished'>;
  /** How long a finished result stays fresh before it reports `expired`. */
  resultTtlMs: number;
  /** A supplier that has not answered a part after this long fails that part. */
  supplierTimeoutMs: number;
  /** How often a watched search not running here is re-read from the database. */
  watchPollMs?: number;
  /** Least time between two progress writes of one job to the database. */
  progressWriteMs?: number;
  /** How often expired searches are deleted, and how long after expiry they are kept. */
  purgeIntervalMs?: number;
  keepExpiredMs?: number;
}

/** Figures about the jobs of this process, for tests, benchmarks and logs. */
export interface SearchJobStats {
  /** Jobs started (each one fan-out to the suppliers). */
  started: number;
  /** Starts that joined a job in flight. */
  joined: number;
  /** Starts answered from a stored, fresh result. */
  stored: number;
  /** Supplier calls made. */
  supplierCalls: number;
}

interface Watch {
  listeners: Set<ProgressListener>;
  unsubscribe: () => void;
  timer: NodeJS.Timeout;
}

const DEFAULT_WATCH_POLL_MS = 1_000;
const DEFAULT_PROGRESS_WRITE_MS = 500;
const DEFAULT_PURGE_INTERVAL_MS = 10 * 60_000;
const DEFAULT_KEEP_EXPIRED_MS = 60 * 60_000;
/** Extra time a run may take beyond the supplier deadline (storing its result) before it counts as abandoned. */
const RUN_GRACE_MS = 30_000;

/**
 * The search jobs (DESIGN §5, SPEC §4). A job is keyed by the search hash: identical searches
 * share it while it runs — in this process through the map of running jobs, across processes
 * through the row claimed in `search_results`. A job asks every supplier for every leg at once;
 * each answer (or failure, or timeout) is a part, and progress is the share of parts done. The
 * result is stored in the database with the time it finished and when it expires, then progress
 * 100 with `done` (or `error`) is published. A failing supplier fails its part only: the search
 * is `done` when every leg got at least one supplier's answer (legs some supplier missed are
 * marked incomplete), and `error` when a leg got none, since that trip cannot be offered.
 */
export class SearchJobs {
  readonly #options: Required<SearchJobsOptions>;
  readonly #running = new Map<string, RunningJob>();
  /** Starts deciding what to do (read, claim): joiners wait for the same decision. */
  readonly #deciding = new Map<
    string,
    Promise<{ outcome: StartOutcome; snapshot: SearchSnapshot }>
  >();
  readonly #watches = new Map<string, Watch>();
  readonly #purgeTimer: NodeJS.Timeout;
  readonly #stats: SearchJobStats = { started: 0, joined: 0, stored: 0, supplierCalls: 0 };
  #closed = false;

  constructor(options: SearchJobsOptions) {
    this.#options = {
      watchPollMs: DEFAULT_WATCH_POLL_MS,
      progressWriteMs: DEFAULT_PROGRESS_WRITE_MS,
      purgeIntervalMs: DEFAULT_PURGE_INTERVAL_MS,
      keepExpiredMs: DEFAULT_KEEP_EXPIRED_MS,
      ...options,
    };
    this.#purgeTimer = setInterval(() => {
      void this.purge();
    }, this.#options.purgeIntervalMs);
    this.#purgeTimer.unref();
  }

  get stats(): Readonly<SearchJobStats> {
    return { ...this.#stats };
  }

  /** Jobs running in this process now. */
  get runningCount(): number {
    return this.#running.size;
  }

  /** Starts the search's job, joins the one in flight, or finds its fresh stored result (one
   * that failed, expired or was abandoned runs again). */
  async start(job: JobSearch): Promise<{ outcome: StartOutcome; snapshot: SearchSnapshot }> {
    if (this.#closed) throw new Error('search jobs are closed');
    const running = this.#running.get(job.hash);
    if (running) {
      this.#stats.joined += 1;
      return { outcome: 'joined', snapshot: running.snapshot() };
    }
    const deciding = this.#deciding.get(job.hash);
    if (deciding) {
      const decided = await deciding;
      if (decided.outcome === 'stored') {
        this.#stats.stored += 1;
        return decided;
      }
      this.#stats.joined += 1;
      const now = this.#running.get(job.hash);
      return { outcome: 'joined', snapshot: now ? now.snapshot() : decided.snapshot };
    }
    const decision = this.#decide(job);
    this.#deciding.set(job.hash, decision);
    try {
      return await decision;
    } finally {
      this.#deciding.delete(job.hash);
    }
  }

  /** Where a search stands: from the job running here, else from the database. */
  async snapshot(hash: string): Promise<SearchSnapshot | undefined> {
    const running = this.#running.get(hash);
    if (running) return running.snapshot();
    const row = await this.#options.repository.find(hash);
    if (!row) return undefined;
    // The job may have finished between the two reads; its row is then already final.
    return this.#snapshotOfRow(row);
  }

  /** Waits up to `ms` for a search running here to finish, then answers where it stands. */
  async settle(hash: string, ms: number): Promise<SearchSnapshot | undefined> {
    const running = this.#running.get(hash);
    if (running && ms > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        running.finished,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, ms);
        }),
      ]);
      clearTimeout(timer);
      if (running.status !== 'progress') return running.snapshot();
    }
    return this.snapshot(hash);
  }

  /**
   * Calls the listener with every change of the search's progress, from the job running here,
   * from other processes through the bus, and from the database now and then for a job run
   * elsewhere (a missed message, or several processes without Redis). Listeners must tolerate
   * repeats. Many listeners of one search share one bus subscription and one poll.
   */
  watch(hash: string, listener: ProgressListener): () => void {
    let watch = this.#watches.get(hash);
    if (!watch) {
      const timer = setInterval(() => {
        void this.#poll(hash);
      }, this.#options.watchPollMs);
      timer.unref();
      watch = {
        listeners: new Set(),
        unsubscribe: this.#options.bus.subscribe(hash, (progress) => this.#deliver(hash, progress)),
        timer,
      };
      this.#watches.set(hash, watch);
    }
    watch.listeners.add(listener);
    const current = watch;
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size > 0 || this.#watches.get(hash) !== current) return;
      this.#watches.delete(hash);
      clearInterval(current.timer);
      current.unsubscribe();
    };
  }

  /** Deletes searches expired for longer than the keep period, and long-abandoned runs. */
  async purge(): Promise<number> {
    const before = new Date(this.#options.now().getTime() - this.#options.keepExpiredMs);
    try {
      return await this.#options.repository.purge(before.toISOString());
    } catch (error) {
      this.#options.log.warn({ err: error }, 'could not purge expired searches');
      return 0;
    }
  }

  /** Stops the timers; jobs running here get `drainMs` to finish, the rest are aborted. */
  async close(drainMs = 0): Promise<void> {
    this.#closed = true;
    clearInterval(this.#purgeTimer);
    for (const watch of this.#watches.values()) {
      clearInterval(watch.timer);
      watch.unsubscribe();
    }
    this.#watches.clear();
    await atMost(Promise.all([...this.#running.values()].map((job) => job.finished)), drainMs);
    const running = [...this.#running.values()];
    for (const job of running) job.controller.abort(new Error('the server is closing'));
    await Promise.all(running.map((job) => job.finished));
  }

  async #decide(job: JobSearch): Promise<{ outcome: StartOutcome; snapshot: SearchSnapshot }> {
    const { repository } = this.#options;
    const stored = await repository.find(job.hash);
    if (stored) {
      const snapshot = this.#snapshotOfRow(stored);
      if (snapshot.status === 'done') {
        this.#stats.stored += 1;
        return { outcome: 'stored', snapshot };
      }
      if (snapshot.status === 'progress') {
        // Running in another process: its progress reaches us through the bus or the database.
        this.#stats.joined += 1;
        return { outcome: 'joined', snapshot };
      }
    }
    const now = this.#options.now();
    const startedAt = now.toISOString();
    const claimed = await repository.claim(job.hash, job.params, startedAt, this.#staleBefore(now));
    if (!claimed) {
      this.#stats.joined += 1;
      const other = await this.snapshot(job.hash);
      return {
        outcome: other?.status === 'done' ? 'stored' : 'joined',
        snapshot: other ?? emptySnapshot(job.hash),
      };
    }
    const running = new RunningJob(job, startedAt);
    this.#running.set(job.hash, running);
    this.#stats.started += 1;
    this.#options.metrics.searchStarted();
    void this.#run(running);
    return { outcome: 'started', snapshot: running.snapshot() };
  }

  async #run(running: RunningJob): Promise<void> {
    const { job } = running;
    const { log, suppliers } = this.#options;
    const started = performance.now();
    const parts: Part[] = job.search.destinations.flatMap((_, leg) =>
      suppliers.map((supplier) => ({ leg, supplier })),
    );
    let completed = 0;
    try {
      const outcomes = await Promise.all(
        parts.map(async (part) => {
          const outcome = await this.#runPart(running, part);
          completed += 1;
          // The last part is followed by the result itself (100, done), not by a 99.
          if (completed < parts.length) {
            this.#advance(running, Math.floor((completed * 100) / parts.length));
          }
          return outcome;
        }),
      );
      const failures = parts
        .map((part, index) => ({ part, outcome: outcomes[index] }))
        .filter(({ outcome }) => outcome !== undefined && !outcome.ok)
        .map(
          ({ part, outcome }) =>
            `leg ${part.leg} ${part.supplier.name}: ${outcome && !outcome.ok ? outcome.reason : ''}`,
        );
      const assembled = await assembleResult(job, parts, outcomes, (codes) =>
        this.#options.repository.airports(codes),
      );
      await this.#finish(running, assembled.complete ? 'done' : 'error', {
        result: assembled.complete ? JSON.stringify(assembled.result) : null,
        error: failures.length > 0 ? failures.join('; ') : null,
      });
      log.info(
        {
          hash: job.hash,
          status: running.status,
          legs: job.search.destinations.length,
          failedParts: failures.length,
          ms: Math.round(performance.now() - started),
        },
        'search finished',
      );
    } catch (error) {
      log.error({ err: error, hash: job.hash }, 'search job failed');
      await this.#finish(running, 'error', {
        result: null,
        error: error instanceof Error ? error.message : String(error),
      }).catch((storeError: unknown) => {
        log.error({ err: storeError, hash: job.hash }, 'could not record a failed search');
      });
    } finally {
      if (running.status === 'progress') {
        running.status = 'error';
        running.progress = 100;
      }
      this.#running.delete(job.hash);
      this.#options.bus.publish(job.hash, { status: running.status, progress: running.progress });
      const ended = running.status === 'done' ? 'done' : 'error';
      this.#options.metrics.searchFinished(ended, (performance.now() - started) / 1000);
      running.end();
    }
  }

  /** Asks one supplier for one leg, within the deadline; never rejects. */
  async #runPart(running: RunningJob, part: Part): Promise<PartOutcome> {
    const { supplierTimeoutMs, log } = this.#options;
    const { job } = running;
    const destination = job.search.destinations[part.leg];
    const route = job.routes.find((candidate) => candidate.id === destination?.route);
    if (!destination || !route) return { ok: false, reason: 'no such leg' };
    const controller = new AbortController();
    const abort = () => controller.abort(running.controller.signal.reason);
    running.controller.signal.addEventListener('abort', abort, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const { adults, children } = job.search.passengers;
    this.#stats.supplierCalls += 1;
    try {
      const query = {
        route: { id: route.id, from: route.from_airport, to: route.to_airport },
        date: destination.date,
        passengers: job.search.passengers,
        seats: adults + children,
        departingAfter: this.#options.now(),
      };
      const flights = await askSupplier(part.supplier, query, {
        controller,
        timeoutMs: supplierTimeoutMs,
        onTimer: (started) => (timer = started),
      });
      return { ok: true, flights };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn(
        { hash: job.hash, leg: part.leg, supplier: part.supplier.name, reason },
        'supplier failed',
      );
      return { ok: false, reason };
    } finally {
      clearTimeout(timer);
      running.controller.signal.removeEventListener('abort', abort);
    }
  }

  /** Publishes a higher progress, and writes it to the database now and then. */
  #advance(running: RunningJob, progress: number): void {
    if (progress <= running.progress || running.status !== 'progress') return;
    running.progress = progress;
    this.#options.bus.publish(running.job.hash, { status: 'progress', progress });
    const now = Date.now();
    if (now - running.lastProgressWrite < this.#options.progressWriteMs) return;
    running.lastProgressWrite = now;
    const at = this.#options.now().toISOString();
    running.progressWrites = running.progressWrites
      .then(() =>
        this.#options.repository.progress(running.job.hash, running.startedAt, progress, at),
      )
      .catch((error: unknown) => {
        this.#options.log.warn({ err: error, hash: running.job.hash }, 'could not record progress');
      });
  }

  async #finish(
    running: RunningJob,
    status: 'done' | 'error',
    outcome: { result: string | null; error: string | null },
  ): Promise<void> {
    await running.progressWrites;
    const now = this.#options.now();
    const finishedAt = now.toISOString();
    const expiresAt = new Date(now.getTime() + this.#options.resultTtlMs).toISOString();
    await this.#options.repository.finish(running.job.hash, running.startedAt, {
      status,
      result: outcome.result,
      error: outcome.error,
      finishedAt,
      expiresAt,
    });
    running.status = status;
    running.progress = 100;
    running.result = outcome.result;
    running.finishedAt = finishedAt;
    running.expiresAt = expiresAt;
  }

  #deliver(hash: string, progress: SearchProgress): void {
    const watch = this.#watches.get(hash);
    if (!watch) return;
    for (const listener of [...watch.listeners]) {
      try {
        listener(progress);
      } catch (error) {
        this.#options.log.warn({ err: error, hash }, 'search progress listener failed');
      }
    }
  }

  async #poll(hash: string): Promise<void> {
    if (this.#running.has(hash) || !this.#watches.has(hash)) return;
    try {
      const snapshot = await this.snapshot(hash);
      if (snapshot) this.#deliver(hash, { status: snapshot.status, progress: snapshot.progress });
    } catch (error) {
      this.#options.log.warn({ err: error, hash }, 'could not re-read a watched search');
    }
  }

  #staleBefore(now: Date): string {
    return new Date(now.getTime() - this.#options.supplierTimeoutMs - RUN_GRACE_MS).toISOString();
  }

  /** A stored row as it stands now: `done` past its expiry is `expired`; an abandoned run is `error`. */
  #snapshotOfRow(row: SearchResultRow): SearchSnapshot {
    const now = this.#options.now();
    let status: SearchStatus = row.status;
    if (row.status === 'done' && row.expires_at !== null && row.expires_at <= now.toISOString()) {
      status = 'expired';
    } else if (row.status === 'progress' && row.started_at < this.#staleBefore(now)) {
      status = 'error';
    }
    return {
      hash: row.hash,
      status,
      progress: status === 'progress' ? row.progress : 100,
      result: status === 'done' ? row.result : null,
      finishedAt: row.finished_at,
      expiresAt: row.expires_at,
    };
  }
}
