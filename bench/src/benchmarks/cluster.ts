import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '@uniquair/server/db/dialect';
import { post, sellOut, ymdPlus, type BenchDatabase } from '../booking-flow.ts';
import {
  percentile,
  REPO_ROOT,
  serverEnv,
  SHORT,
  startProcess,
  type RunningServer,
} from '../harness.ts';

/** The PostgreSQL server and Redis the processes share (as `npm run test:pg` and the tests). */
const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** How long searches are run in each configuration. */
const SEARCH_SECONDS = Number(process.env.BENCH_CLUSTER_SEARCH_SECONDS ?? (SHORT ? 6 : 20));
/** Clients searching at once; each follows its search to the end before the next. */
const SEARCH_CLIENTS = Number(process.env.BENCH_CLUSTER_SEARCH_CLIENTS ?? 8);
/** Seats of the fare class sold out in each configuration, and clients booking at once. */
const SEATS = Number(process.env.BENCH_CLUSTER_SEATS ?? (SHORT ? 200 : 500));
const BOOKING_CLIENTS = Number(process.env.BENCH_CLUSTER_BOOKING_CLIENTS ?? 20);

interface Figures {
  processes: number;
  searches: number;
  searchesPerSecond: number;
  searchP95Ms: number;
  bookings: number;
  bookingsPerSecond: number;
  bookingP95Ms: number;
  oversold: number;
  serverErrors: number;
}

/** Requests go to the processes in turn, as a round-robin load balancer sends them. */
function roundRobin(servers: readonly RunningServer[]): () => string {
  let next = 0;
  return () => (servers[next++ % servers.length] as RunningServer).url;
}

/**
 * Completed searches: each client starts a search of its own (a route and day nobody searched),
 * follows it until it is done, and starts the next, for `SEARCH_SECONDS`.
 */
async function runSearches(
  database: BenchDatabase,
  target: () => string,
  firstDay: number,
): Promise<{ count: number; seconds: number; latencies: number[]; serverErrors: number }> {
  const routes = await database.db
    .selectFrom('routes')
    .select('id')
    .where('dow', '=', 127)
    .where('available_until', 'is', null)
    .orderBy('id')
    .limit(60)
    .execute();
  const latencies: number[] = [];
  let serverErrors = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + SEARCH_SECONDS * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const index = issued++;
      const route = routes[index % routes.length] as { id: number };
      const day = firstDay + Math.floor(index / routes.length);
      const sent = performance.now();
      const response = await post(target(), '/api/search/init', {
        destinations: [{ route: route.id, date: ymdPlus(day) }],
        passengers: { adults: 1, children: 0, infants: 0 },
      });
      if (response.status >= 500) serverErrors += 1;
      let body = (await response.json()) as { hash?: string; status?: string };
      while (body.status === 'progress' && body.hash) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        const status = await fetch(`${target()}/api/search/status/${body.hash}`);
        if (status.status >= 500) serverErrors += 1;
        body = (await status.json()) as { hash?: string; status?: string };
      }
      if (body.status === 'done') latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: SEARCH_CLIENTS }, () => client()));
  return {
    count: latencies.length,
    seconds: (performance.now() - started) / 1000,
    latencies,
    serverErrors,
  };
}

/**
 * Several processes (issue "Production"): the real server run as 1 and then as 2 processes on one
 * PostgreSQL database and one Redis, requests handed to them in turn as a load balancer would.
 * Each configuration completes searches (init to done) for a while, then sells out a fare class;
 * prints searches/s, bookings/s, their p95 latencies and the 2-vs-1 ratios. Fails on any oversold
 * seat and any 5xx. The ratio is printed, not budgeted: on a 2-core machine the database, Redis
 * and the load generator share the cores the second process would use.
 */
export async function clusterBenchmark(): Promise<void> {
  const name = `uniquair_bench_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = openDatabase(ADMIN_URL);
  await sql.raw(`create database ${name}`).execute(admin.db);
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${name}`;
  const database = openDatabase(databaseUrl.toString());
  const start = () =>
    startProcess(
      'server',
      join(REPO_ROOT, 'server/src/server.ts'),
      {
        ...serverEnv('production'),
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL,
        REDIS_PREFIX: `${name}:`,
        LOG_LEVEL: 'warn',
        SEARCH_INITS_PER_MINUTE: '0',
        SEARCH_MAX_STREAMS_PER_CLIENT: '0',
        SEARCH_RESULT_TTL_SECONDS: '3600',
        BOOKING_CREATES_PER_MINUTE: '0',
        BOOKING_UNPAID_PER_TRAVELLER: '0',
        BOOKING_UNPAID_PER_CLIENT: '0',
      },
      '/api/health',
      300_000,
      false,
    );
  const figures: Figures[] = [];
  try {
    for (const processes of [1, 2]) {
      // The first start seeds the empty database (not measured); later ones find it seeded.
      const servers: RunningServer[] = [];
      for (let index = 0; index < processes; index += 1) servers.push(await start());
      try {
        const target = roundRobin(servers);
        const searches = await runSearches(database, target, processes === 1 ? 30 : 130);
        const bookings = await sellOut(database, target, {
          seats: SEATS,
          clients: BOOKING_CLIENTS,
          maxSeconds: 180,
        });
        if (bookings.created !== SEATS) {
          throw new Error(
            `${bookings.created} bookings for ${SEATS} seats: the run did not sell out`,
          );
        }
        figures.push({
          processes,
          searches: searches.count,
          searchesPerSecond: searches.count / searches.seconds,
          searchP95Ms: percentile(searches.latencies, 95),
          bookings: bookings.created,
          bookingsPerSecond: bookings.created / bookings.seconds,
          bookingP95Ms: percentile(bookings.latencies, 95),
          oversold: bookings.oversold,
          serverErrors: searches.serverErrors + bookings.serverErrors,
        });
      } finally {
        for (const server of servers) await server.stop();
      }
    }
  } finally {
    await database.close();
    await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
    await admin.close();
  }

  console.log(
    `\nSeveral processes on PostgreSQL + Redis (production mode, round robin; ` +
      `${SEARCH_CLIENTS} search clients for ${SEARCH_SECONDS} s, ${BOOKING_CLIENTS} booking clients ` +
      `on a ${SEATS}-seat fare)`,
  );
  for (const row of figures) {
    console.log(
      `  ${row.processes} process${row.processes > 1 ? 'es' : ''}: ` +
        `${row.searchesPerSecond.toFixed(1)} searches/s (p95 init→done ${row.searchP95Ms.toFixed(0)} ms), ` +
        `${row.bookingsPerSecond.toFixed(1)} bookings/s (p95 ${row.bookingP95Ms.toFixed(0)} ms); ` +
        `oversold ${row.oversold}, 5xx ${row.serverErrors}`,
    );
  }
  const [one, two] = figures as [Figures, Figures];
  console.log(
    `  2 vs 1: searches ${(two.searchesPerSecond / one.searchesPerSecond).toFixed(2)}×, ` +
      `bookings ${(two.bookingsPerSecond / one.bookingsPerSecond).toFixed(2)}×`,
  );
  const oversold = figures.reduce((sum, row) => sum + row.oversold, 0);
  const serverErrors = figures.reduce((sum, row) => sum + row.serverErrors, 0);
  if (oversold > 0) throw new Error(`${oversold} seat(s) oversold`);
  if (serverErrors > 0) throw new Error(`${serverErrors} server error(s)`);
}
