import { stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { APP_VERSION } from '@uniquair/domain/config/app';
import {
  REPRICE_TRIGGERS,
  type AppMetrics,
  type OutboxBacklog,
  type PaymentOutcome,
  type RepriceTrigger,
  type SearchEnd,
  type StreamTransport,
} from '../lib/app-metrics.ts';
import { errorResponses } from '../lib/error-body.ts';
import { METRICS_PATH, metricsHandler, metricsListener } from './metrics-scrape.ts';

/** Label of the requests no route took (the not-found handler: 404s and the web app's pages). */
export const NO_ROUTE = '(no route)';
/** Label of the web app's files, one route each, counted together. */
export const STATIC_FILE = '(static file)';

export interface MetricsOptions {
  /** Production: the main port serves the metrics only with the token. */
  production: boolean;
  /** `METRICS_TOKEN`: asked for as `Authorization: Bearer …` wherever it is set; null: none. */
  token: string | null;
  /** `METRICS_PORT`: a listener of their own (then the main port answers 404); null: none. */
  port: number | null;
  /** The interface that listener listens on (`HOST`). */
  host: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the features count (`lib/app-metrics.ts`), into this app's own registry. */
    metrics: AppMetrics;
    /** The listener on `METRICS_PORT` once the app is ready; null without one. */
    metricsServer: Server | null;
  }
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SEARCH_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30];
/** A scrape does not wait longer than this for the database's figures. */
const SCRAPE_READ_TIMEOUT_MS = 2_000;

let processRegistry: Registry | undefined;

/**
 * Node's and the process's own metrics (CPU, memory, event loop, GC, handles), prom-client's
 * defaults: one set per process, however many apps it builds (tests build many), each scrape
 * adding them to the app's own.
 */
function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** `(method, route, status class)` → its histogram child, so a request hashes no labels. */
function requestTimer(registry: Registry) {
  const histogram = new Histogram({
    name: 'uniquair_http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by method, route pattern and status class (2xx, 4xx…).',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const children = new Map<string, Histogram.Internal<'method' | 'route' | 'status_class'>>();
  return (method: string, route: string, status: number, seconds: number) => {
    const statusClass = `${Math.floor(status / 100)}xx`;
    const key = `${method} ${statusClass} ${route}`;
    let child = children.get(key);
    if (child === undefined) {
      child = histogram.labels({ method, route, status_class: statusClass });
      children.set(key, child);
    }
    child.observe(seconds);
  };
}

/** The route pattern a request is counted under: never its URL. */
function routeLabel(request: FastifyRequest): string {
  const { url, config } = request.routeOptions;
  if (url === undefined) return NO_ROUTE;
  // @fastify/static registers one route per file of the web app, each with its file's folder.
  if (typeof config === 'object' && 'rootPath' in config) return STATIC_FILE;
  return url;
}

/** One read shared by every metric a scrape collects at once; no longer than the time limit. */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let reading: Promise<T> | null = null;
  return () => {
    if (reading !== null) return reading;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('the read took too long')), SCRAPE_READ_TIMEOUT_MS);
    });
    reading = Promise.race([read(), late]).finally(() => {
      clearTimeout(timer);
      reading = null;
    });
    return reading;
  };
}

/** The size of a file in bytes; 0 when it does not exist (no write-ahead log right now). */
async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

/** The database's metrics, read at scrape time: the pg pool, or the SQLite files' sizes. */
function databaseMetrics(app: FastifyInstance, registry: Registry): void {
  const registers = [registry];
  new Gauge({
    name: 'uniquair_info',
    help: 'Always 1: the version of this server and the database it uses.',
    labelNames: ['version', 'database'] as const,
    registers,
  }).set({ version: APP_VERSION, database: app.database.kind }, 1);
  if (app.database.kind === 'postgres') {
    const pool = (name: string, help: string, pick: (usage: PoolUsage) => number) =>
      new Gauge({
        name: `uniquair_db_pool_${name}`,
        help,
        registers,
        collect() {
          const usage = app.database.usage();
          if (usage.kind === 'postgres') this.set(pick(usage));
        },
      });
    pool('total', 'PostgreSQL connections the pool holds open.', (usage) => usage.total);
    pool('idle', 'Open PostgreSQL connections not in use.', (usage) => usage.idle);
    pool('waiting', 'Queries waiting for a free connection.', (usage) => usage.waiting);
    pool('max', 'The most connections the pool opens.', (usage) => usage.max);
    return;
  }
  new Gauge({
    name: 'uniquair_sqlite_file_bytes',
    help: 'Size of the SQLite database file and of its write-ahead log (one connection per process; a growing log means checkpoints fall behind).',
    labelNames: ['file'] as const,
    registers,
    async collect() {
      const usage = app.database.usage();
      if (usage.kind !== 'sqlite' || usage.filename === null) return;
      this.set({ file: 'database' }, await fileSize(usage.filename));
      this.set({ file: 'wal' }, await fileSize(`${usage.filename}-wal`));
    },
  });
}

type PoolUsage = Extract<ReturnType<FastifyInstance['database']['usage']>, { kind: 'postgres' }>;

/**
 * The outbox backlog per topic, read from the database at scrape time by the reader the outbox
 * module gives; a failed or slow read leaves the figures out of that scrape (logged at debug).
 */
function outboxMetrics(app: FastifyInstance, registry: Registry) {
  let reader: (() => Promise<readonly OutboxBacklog[]>) | null = null;
  const read = sharedRead(async () => (reader === null ? [] : reader()));
  const backlog = async (): Promise<readonly OutboxBacklog[] | null> => {
    try {
      return await read();
    } catch (error) {
      app.log.debug({ err: error }, 'metrics: could not read the outbox backlog');
      return null;
    }
  };
  const perTopic = (name: string, help: string, value: (topic: OutboxBacklog) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['topic'] as const,
      registers: [registry],
      async collect() {
        const topics = await backlog();
        this.reset();
        for (const topic of topics ?? []) this.set({ topic: topic.topic }, value(topic));
      },
    });
  perTopic(
    'uniquair_outbox_backlog',
    'Side effects (tickets, e-mails, pushes, refunds) written and not done yet, by topic.',
    (topic) => topic.pending,
  );
  perTopic(
    'uniquair_outbox_oldest_age_seconds',
    'Age of the oldest side effect not done yet, by topic (0 when none is waiting).',
    ({ oldestCreatedAt }) =>
      oldestCreatedAt === null
        ? 0
        : Math.max(0, (app.now().getTime() - Date.parse(oldestCreatedAt)) / 1000),
  );
  return (read: () => Promise<readonly OutboxBacklog[]>) => {
    reader = read;
  };
}

/** The metrics the features count, in `registry`, behind the typed {@link AppMetrics}. */
function featureMetrics(app: FastifyInstance, registry: Registry): AppMetrics {
  const registers = [registry];
  const counter = <Label extends string = never>(
    name: string,
    help: string,
    labelNames: readonly Label[] = [],
  ) => new Counter<Label>({ name, help, labelNames, registers });
  const searchesStarted = counter(
    'uniquair_searches_started_total',
    'Search jobs started by this process (a search joining a running job or answered from a stored result starts none).',
  );
  const searchesFinished = counter(
    'uniquair_searches_finished_total',
    'Search jobs of this process that ended, by status (done, error).',
    ['status'],
  );
  const searchDuration = new Histogram({
    name: 'uniquair_search_duration_seconds',
    help: 'Time a search job took from start to its stored result, by status.',
    labelNames: ['status'] as const,
    buckets: SEARCH_BUCKETS,
    registers,
  });
  const streams = new Gauge({
    name: 'uniquair_streams_open',
    help: 'Search progress streams open on this process, by transport (sse, websocket).',
    labelNames: ['transport'] as const,
    registers,
  });
  const bookingsCreated = counter(
    'uniquair_bookings_created_total',
    'Bookings created (seats held).',
  );
  const bookingsPaid = counter(
    'uniquair_bookings_paid_total',
    'Bookings paid through a payment provider, by payment method.',
    ['method'],
  );
  const bookingsExpired = counter(
    'uniquair_bookings_expired_total',
    'Unpaid bookings whose seat hold ended (seats given back).',
  );
  const payments = counter(
    'uniquair_payments_total',
    'Payment attempts reaching an outcome, by outcome and payment method.',
    ['outcome', 'method'],
  );
  const faresRepriced = counter(
    'uniquair_fares_repriced_total',
    'Fare classes whose price re-pricing changed, by trigger (job, seats, sale).',
    ['trigger'],
  );
  for (const trigger of REPRICE_TRIGGERS) faresRepriced.inc({ trigger }, 0);
  for (const status of ['done', 'error'] satisfies SearchEnd[]) searchesFinished.inc({ status }, 0);
  for (const transport of ['sse', 'websocket'] satisfies StreamTransport[]) {
    streams.set({ transport }, 0);
  }
  return {
    searchStarted: () => searchesStarted.inc(),
    searchFinished(status: SearchEnd, seconds: number) {
      searchesFinished.inc({ status });
      searchDuration.observe({ status }, seconds);
    },
    streamOpened(transport: StreamTransport) {
      streams.inc({ transport });
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        streams.dec({ transport });
      };
    },
    bookingCreated: () => bookingsCreated.inc(),
    bookingPaid: (method: string) => bookingsPaid.inc({ method }),
    bookingExpired: () => bookingsExpired.inc(),
    paymentOutcome: (outcome: PaymentOutcome, method: string) => payments.inc({ outcome, method }),
    faresRepriced: (trigger: RepriceTrigger, count: number) =>
      faresRepriced.inc({ trigger }, count),
    readOutboxBacklog: outboxMetrics(app, registry),
  };
}

/**
 * The metrics of this server process in the Prometheus text format (docs/operations.md
 * "Metrics"): a registry of the app's own (tests build many apps in one process), the time of
 * every request by route pattern, what the features count through `app.metrics`, the outbox
 * backlog and the database's connections read at scrape time, and Node's process metrics.
 * Served at `GET /metrics` on the main port — open in development and tests, in production
 * only with `METRICS_TOKEN` — or, with `METRICS_PORT`, on a listener of their own.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    const registry = new Registry();
    const observe = requestTimer(registry);
    databaseMetrics(app, registry);
    app.decorate('metrics', featureMetrics(app, registry));
    app.addHook('onResponse', (request, reply, done) => {
      observe(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    const scrape = async () => `${await registry.metrics()}\n${await processMetrics().metrics()}`;

    const serve = metricsHandler(scrape, options.token);

    // Elsewhere the main port has no such route: 404 like any unknown path.
    const servedHere = options.port === null && (options.token !== null || !options.production);
    if (servedHere) {
      app.get(
        METRICS_PATH,
        {
          schema: {
            tags: ['operations'],
            summary: 'Metrics of this server process, in the Prometheus text format',
            description:
              'Open in development. With `METRICS_TOKEN` set it needs `Authorization: Bearer ' +
              '<token>` (401 without, 403 with another one). Not served on this port (404) in ' +
              'production without a token, nor with `METRICS_PORT` set (the metrics are then ' +
              'served on that port).',
            security: [{}, { metricsToken: [] }],
            response: {
              200: {
                description: 'The Prometheus text exposition format (version 0.0.4).',
                content: { 'text/plain': { schema: z.string() } },
              },
              ...errorResponses(401, 403),
            },
          },
        },
        async (request, reply) => {
          const served = await serve(request.headers.authorization);
          reply.headers(served.headers);
          if ('refused' in served) throw served.refused;
          return reply.send(served.text);
        },
      );
    }

    let server: Server | null = null;
    app.decorate('metricsServer', { getter: () => server });
    const { port } = options;
    if (port === null) return;
    app.addHook('onReady', async () => {
      const listener = metricsListener(serve);
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject);
        listener.listen({ port, host: options.host }, () => {
          listener.off('error', reject);
          resolve();
        });
      });
      server = listener;
      app.log.info({ address: listener.address() }, 'metrics served on their own port');
    });
    app.addHook('onClose', async () => {
      const listener = server;
      if (listener === null) return;
      await new Promise<void>((resolve) => {
        listener.close(() => resolve());
        listener.closeAllConnections();
      });
    });
  },
  { name: 'metrics', dependencies: ['database', 'clock', 'error-handler'] },
);
