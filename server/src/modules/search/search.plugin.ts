import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InventoryRepository } from './search.inventory-repository.ts';
import { inventorySupplier } from './search.inventory-supplier.ts';
import { LocalProgressBus, RedisProgressBus, type ProgressBus } from './search.progress-bus.ts';
import { ProgressStreams } from './search.progress-streams.ts';
import { SearchJobs } from './search.jobs.ts';
import { SearchRepository } from './search.repository.ts';
import { searchRoutes } from './search.routes.ts';
import { SearchService } from './search.service.ts';
import { slowSupplier } from './search.slow-supplier.ts';
import type { Supplier } from './search.supplier.ts';

/** The parts of the search engine, shared by the search and flight-info routes. */
export interface SearchEngine {
  repository: SearchRepository;
  jobs: SearchJobs;
  service: SearchService;
  streams: ProgressStreams;
  bus: ProgressBus;
}

declare module 'fastify' {
  interface FastifyInstance {
    searchEngine: SearchEngine;
  }
}

/** Settings of the search engine; the configuration's values unless given here. */
export interface SearchEngineOptions {
  /** Lifetime of a finished result (`SEARCH_RESULT_TTL_SECONDS`). */
  resultTtlMs: number;
  /** Most progress streams per client (`SEARCH_MAX_STREAMS_PER_CLIENT`); 0 for no limit. */
  maxStreamsPerClient: number;
  /** Prefix of the Redis channels (`REDIS_PREFIX`). */
  redisPrefix: string;
  /** The suppliers; the database inventory alone by default. */
  suppliers?: (app: FastifyInstance) => readonly Supplier[];
  /** Tests and benchmarks (`SEARCH_SLOW_SUPPLIER_MS`): add a supplier that answers this late. */
  slowSupplierMs?: number | null;
  supplierTimeoutMs?: number;
  initWaitMs?: number;
  heartbeatMs?: number;
  watchPollMs?: number;
  /** On close, how long running searches may take to finish before they are aborted. */
  closeDrainMs?: number;
}

/** A supplier that has not answered after this long fails its part (DESIGN G10: stop by 30 s). */
export const DEFAULT_SUPPLIER_TIMEOUT_MS = 20_000;
/** How long init waits for a quick search to finish and answer `done` directly. */
export const DEFAULT_INIT_WAIT_MS = 100;
/** Keep-alive of progress streams, well inside the usual 60 s proxy idle timeouts. */
export const DEFAULT_HEARTBEAT_MS = 15_000;

/**
 * The search module (DESIGN §5): builds the search engine — progress bus (Redis when `app.redis`
 * is set, else in process), jobs, service and progress streams — as `app.searchEngine`, registers
 * the search routes, and closes the engine with the app — streams end first (their clients follow
 * on another process), running jobs get `closeDrainMs` to finish, then the rest are aborted and
 * record their end, then the bus closes.
 */
export const searchPlugin = fp(
  async (app: FastifyInstance, options: SearchEngineOptions & { initsPerMinute: number }) => {
    const repository = new SearchRepository(app.db);
    let bus: ProgressBus;
    if (app.redis && app.redisOutage) {
      const shared = new RedisProgressBus(app.redis, app.log, options.redisPrefix, app.redisOutage);
      await shared.ready();
      bus = shared;
    } else {
      bus = new LocalProgressBus();
    }
    const inventory = inventorySupplier(new InventoryRepository(app.db));
    const suppliers = options.suppliers?.(app) ?? [
      inventory,
      ...(options.slowSupplierMs ? [slowSupplier(options.slowSupplierMs)] : []),
    ];
    const jobs = new SearchJobs({
      repository,
      suppliers,
      bus,
      now: app.now,
      log: app.log,
      metrics: app.metrics,
      resultTtlMs: options.resultTtlMs,
      supplierTimeoutMs: options.supplierTimeoutMs ?? DEFAULT_SUPPLIER_TIMEOUT_MS,
      ...(options.watchPollMs === undefined ? {} : { watchPollMs: options.watchPollMs }),
    });
    const service = new SearchService({
      repository,
      jobs,
      now: app.now,
      initWaitMs: options.initWaitMs ?? DEFAULT_INIT_WAIT_MS,
      inventory,
      fareVersions: (destinations) => app.fares.fareVersions(destinations),
    });
    const streams = new ProgressStreams({
      jobs,
      log: app.log,
      maxPerClient: options.maxStreamsPerClient,
      heartbeatMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
      metrics: app.metrics,
    });
    app.decorate('searchEngine', { repository, jobs, service, streams, bus });
    app.addHook('preClose', async () => {
      streams.closeAll();
    });
    app.addHook('onClose', async () => {
      await jobs.close(options.closeDrainMs ?? 0);
      await bus.close();
    });
    await app.register(searchRoutes, { initsPerMinute: options.initsPerMinute });
  },
  { name: 'search-engine', dependencies: ['database', 'clock', 'redis', 'metrics', 'fares'] },
);
