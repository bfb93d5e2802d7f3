import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/dialect.ts';
import {
  createDatabase,
  dropDatabase,
  PG_ADMIN_URL,
  withAdminClient,
  withDatabase,
} from '../setup/postgres-admin.ts';
import { createBody, post } from './booking-http.ts';
import {
  CHAOS_SECRET,
  freePort,
  SERVER_ENTRY,
  startProcess,
  type RunningProcess,
} from './processes.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** How long every search runs: its slow supplier answers after this. */
const SEARCH_MS = 3000;

function ymdPlus(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A client of its own for each test (the server trusts X-Forwarded-For here, as behind a proxy). */
function client(address: string): Record<string, string> {
  return { 'x-forwarded-for': address };
}

interface Progress {
  status: string;
  progress: number;
}

/**
 * Reads a search's SSE stream until it ends: the progress events received, and whether the last
 * one was a finished status (the stream ended because the search did, not the server).
 */
async function followEvents(
  url: string,
  onOpen?: () => void,
): Promise<{ events: Progress[]; finished: boolean }> {
  const events: Progress[] = [];
  try {
    const response = await fetch(url, { headers: { accept: 'text/event-stream' } });
    if (response.status !== 200 || !response.body) return { events, finished: false };
    onOpen?.();
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body) {
      buffered += decoder.decode(chunk as Uint8Array, { stream: true });
      let end = buffered.indexOf('\n\n');
      while (end >= 0) {
        const message = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = /^data: (.*)$/m.exec(message)?.[1];
        if (data !== undefined) events.push(JSON.parse(data) as Progress);
        end = buffered.indexOf('\n\n');
      }
    }
  } catch {
    // The connection broke: the caller follows on another process.
  }
  const last = events.at(-1);
  return { events, finished: last !== undefined && last.status !== 'progress' };
}

/**
 * Two server processes behind one load balancer, on one PostgreSQL database and one Redis, as a
 * production deployment runs them (issue "Production", point 1): nothing that must hold across
 * requests lives in one process.
 */
describe('two server processes on PostgreSQL and Redis', () => {
  const name = `uniquair_chaos_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = withDatabase(PG_ADMIN_URL, name);
  let a: RunningProcess;
  let b: RunningProcess;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let routeId: number;
  /** Bookings the race below sold, paid later. */
  const soldBookings: { pnr: string; deviceToken: string }[] = [];
  /** The fare class the race sold out. */
  let racedFare: { flightId: number; letter: string } | undefined;

  const start = async (): Promise<RunningProcess> => {
    const port = await freePort();
    return startProcess(
      SERVER_ENTRY,
      {
        // Development: the slow supplier is refused in production, and test mode does not let
        // a stopping server finish its searches.
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'error',
        SESSION_SECRET: CHAOS_SECRET,
        DATABASE_URL: databaseUrl,
        WEB_DIST_DIR: '/nonexistent-web-dist',
        REDIS_URL,
        REDIS_PREFIX: `${name}:`,
        TRUST_PROXY: 'true',
        SEARCH_SLOW_SUPPLIER_MS: String(SEARCH_MS),
        SEARCH_INITS_PER_MINUTE: '10',
        SEARCH_MAX_STREAMS_PER_CLIENT: '0',
        BOOKING_LOOKUP_MISSES: '3',
        BOOKING_CREATES_PER_MINUTE: '0',
        BOOKING_UNPAID_PER_TRAVELLER: '0',
        BOOKING_UNPAID_PER_CLIENT: '0',
        BOOKING_HOLD_SWEEP_SECONDS: '1',
        SHUTDOWN_GRACE_SECONDS: '20',
      },
      `http://127.0.0.1:${port}`,
      '/api/health',
      // Seeding PostgreSQL takes half a minute on a quiet machine, several beside CI's suites.
      { startupMs: 360_000 },
    );
  };

  beforeAll(async () => {
    await withAdminClient(PG_ADMIN_URL, (admin) => createDatabase(admin, name));
    // Both start at once on the empty database: one migrates and seeds it under the start-up
    // lock, the other waits for the lock and finds it seeded.
    [a, b] = await Promise.all([start(), start()]);
    handle = openDatabase(databaseUrl);
    db = handle.db;
    const route = await db
      .selectFrom('routes')
      .select('id')
      .where('dow', '=', 127)
      .where('available_until', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    routeId = route.id;
  }, 420_000);

  afterAll(async () => {
    await a?.kill();
    await b?.kill();
    await handle?.close();
    await withAdminClient(PG_ADMIN_URL, (admin) => dropDatabase(admin, name));
  });

  const searchBody = (day: number) => ({
    destinations: [{ route: routeId, date: ymdPlus(day) }],
    passengers: { adults: 1, children: 0, infants: 0 },
  });

  it('streams the progress of a search started on A from B', async () => {
    const started = await post(a.url, '/api/search/init', searchBody(30), client('198.51.100.1'));
    expect(started.status).toBe(200);
    const { hash, status } = (await started.json()) as { hash: string; status: string };
    expect(status).toBe('progress');
    const { events, finished } = await followEvents(`${b.url}/spp/search/ssestatus/${hash}`);
    expect(finished).toBe(true);
    expect(events.at(-1)?.status).toBe('done');
  });

  it('counts the searches of both processes against one limit: the 11th, on either, is 429', async () => {
    const headers = client('198.51.100.2');
    const statuses: number[] = [];
    for (let day = 31; day < 41; day += 1) {
      const response = await post(
        day % 2 ? a.url : b.url,
        '/api/search/init',
        searchBody(day),
        headers,
      );
      statuses.push(response.status);
      await response.body?.cancel();
    }
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));
    for (const server of [a, b]) {
      const refused = await post(server.url, '/api/search/init', searchBody(41), headers);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('counts booking look-ups that find nothing on both processes against one limit', async () => {
    const headers = client('198.51.100.3');
    const lookUp = async (server: RunningProcess, pnr: string) => {
      const response = await fetch(`${server.url}/api/booking/${pnr}/get`, { headers });
      await response.body?.cancel();
      return response.status;
    };
    expect([
      await lookUp(a, 'QQQQQ01'),
      await lookUp(b, 'QQQQQ02'),
      await lookUp(a, 'QQQQQ03'),
    ]).toEqual([404, 404, 404]);
    expect([await lookUp(b, 'QQQQQ04'), await lookUp(a, 'QQQQQ05')]).toEqual([429, 429]);
  });

  it('sells no seat twice when 200 bookings race over both processes', async () => {
    const headers = client('198.51.100.4');
    let search = (await (
      await post(a.url, '/api/search/init', searchBody(45), headers)
    ).json()) as { hash: string; status: string };
    for (let wait = 0; search.status === 'progress' && wait < 150; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      search = (await (await fetch(`${b.url}/api/search/status/${search.hash}`)).json()) as {
        hash: string;
        status: string;
      };
    }
    expect(search.status).toBe('done');
    const result = (await (await fetch(`${a.url}/api/search/result/${search.hash}`)).json()) as {
      result: { results: { flights: { id: string; fareClasses: { letter: string }[] }[] }[] };
    };
    const flight = result.result.results[0]?.flights[0];
    const letter = flight?.fareClasses[0]?.letter;
    if (!flight || !letter) throw new Error('no flight to book');
    const seats = 37;
    racedFare = { flightId: Number(flight.id), letter };
    await db
      .updateTable('fare_classes')
      .set({ seats_total: seats, seats_left: seats })
      .where('flight_id', '=', Number(flight.id))
      .where('letter', '=', letter)
      .execute();

    const attempts = Array.from({ length: 200 }, async (_, index) => {
      const response = await post(
        (index % 2 ? a : b).url,
        '/api/booking/create',
        createBody({ hash: search.hash, flightId: flight.id, letter }, index, 'Cluster'),
        client(`198.51.101.${index % 250}`),
      );
      const body = (await response.json()) as { code?: string; pnr?: string; deviceToken?: string };
      if (response.status === 200 && body.pnr && body.deviceToken) {
        soldBookings.push({ pnr: body.pnr, deviceToken: body.deviceToken });
      }
      return response.status === 200 ? 'sold' : `${response.status} ${body.code ?? ''}`;
    });
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((outcome) => outcome === 'sold')).toHaveLength(seats);
    expect(new Set(outcomes.filter((outcome) => outcome !== 'sold'))).toEqual(
      new Set(['409 FLIGHT_UNAVAILABLE']),
    );
    const fare = await db
      .selectFrom('fare_classes')
      .select('seats_left')
      .where('flight_id', '=', Number(flight.id))
      .where('letter', '=', letter)
      .executeTakeFirstOrThrow();
    expect(fare.seats_left).toBe(0);
  });

  it('carries out each outbox job once while both workers run', async () => {
    // Paying at the airline confirms at once; the tickets and e-mails go through the outbox,
    // whose workers run in both processes.
    const paid = soldBookings.slice(0, 8);
    expect(paid).toHaveLength(8);
    for (const [index, booking] of paid.entries()) {
      const response = await post(
        (index % 2 ? a : b).url,
        `/api/booking/${booking.pnr}/pay`,
        { method: 'DIRECT_TO_AIRLINE' },
        {
          ...client('198.51.100.6'),
          'x-booking-tokens': booking.deviceToken,
          'idempotency-key': randomBytes(16).toString('hex'),
        },
      );
      expect(response.status, await response.text()).toBe(200);
    }
    const pending = () =>
      db.selectFrom('outbox').select('id').where('processed_at', 'is', null).execute();
    const deadline = Date.now() + 60_000;
    while ((await pending()).length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const rows = await db.selectFrom('outbox').select(['attempts', 'processed_at']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(paid.length);
    expect(rows.filter((row) => row.processed_at === null)).toEqual([]);
    expect(rows.filter((row) => Number(row.attempts) !== 1)).toEqual([]);
    // One ticket per passenger and flight, not one per worker.
    const tickets = await db
      .selectFrom('tickets')
      .innerJoin('bookings', 'bookings.id', 'tickets.booking_id')
      .select(['bookings.pnr', 'tickets.number'])
      .where(
        'bookings.pnr',
        'in',
        paid.map((booking) => booking.pnr),
      )
      .execute();
    expect(tickets.length).toBeGreaterThanOrEqual(paid.length);
    const perBooking = new Map<string, number>();
    for (const ticket of tickets) perBooking.set(ticket.pnr, (perBooking.get(ticket.pnr) ?? 0) + 1);
    expect(new Set(perBooking.values())).toEqual(new Set([tickets.length / paid.length]));
  });

  it('gives the seats of ended holds back once while the sweepers of both processes run', async () => {
    if (!racedFare) throw new Error('the race above sold no fare');
    const fare = racedFare;
    const paid = new Set(soldBookings.slice(0, 8).map((booking) => booking.pnr));
    const unpaid = soldBookings.filter((booking) => !paid.has(booking.pnr)).map((b) => b.pnr);
    expect(unpaid.length).toBeGreaterThan(0);
    await db
      .updateTable('bookings')
      .set({ hold_expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('pnr', 'in', unpaid)
      .execute();
    const expired = async () =>
      (
        await db
          .selectFrom('bookings')
          .select('id')
          .where('pnr', 'in', unpaid)
          .where('status', '=', 'expired')
          .execute()
      ).length;
    const deadline = Date.now() + 30_000;
    while ((await expired()) < unpaid.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await expired()).toBe(unpaid.length);
    // A few more rounds of both sweepers: nothing is given back twice.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const row = await db
      .selectFrom('fare_classes')
      .select('seats_left')
      .where('flight_id', '=', fare.flightId)
      .where('letter', '=', fare.letter)
      .executeTakeFirstOrThrow();
    expect(row.seats_left).toBe(unpaid.length);
  });

  it('SIGTERM to A during 100 open progress streams: every stream finishes on B', async () => {
    const headers = client('198.51.100.5');
    const started = await post(a.url, '/api/search/init', searchBody(50), headers);
    const { hash } = (await started.json()) as { hash: string };
    let opened = 0;
    const streams = Array.from({ length: 100 }, async () => {
      const first = await followEvents(`${a.url}/spp/search/ssestatus/${hash}`, () => {
        opened += 1;
      });
      if (first.finished) return { on: 'A', last: first.events.at(-1)?.status };
      // The stream ended before the search did: the client follows it on another process.
      const second = await followEvents(`${b.url}/spp/search/ssestatus/${hash}`);
      return { on: second.finished ? 'B' : 'nowhere', last: second.events.at(-1)?.status };
    });
    const deadline = Date.now() + 20_000;
    while (opened < 100 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(opened).toBe(100);
    a.child.kill('SIGTERM');
    const ends = await Promise.all(streams);
    expect(ends.filter((end) => end.on === 'B')).toHaveLength(100);
    expect(new Set(ends.map((end) => end.last))).toEqual(new Set(['done']));
    expect(await a.exited).toBe('0');
  });
});
