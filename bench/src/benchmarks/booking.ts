import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@uniquair/server/db/dialect';
import { CONNECTIONS, load, REPO_ROOT, SHORT, startProcess } from '../harness.ts';

/** Seats of the fare class everybody books. */
const SEATS = Number(process.env.BENCH_BOOKING_SEATS ?? 500);
/** Clients booking at the same time. */
const CLIENTS = Number(process.env.BENCH_BOOKING_CLIENTS ?? 20);
/** Longest the booking run may take. */
const MAX_SECONDS = SHORT ? 60 : 180;

function ymdPlus(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Sends a JSON POST as the web app does (same-site Origin). */
function post(base: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(body),
  });
}

interface SearchResultBody {
  hash: string;
  status: string;
  result?: {
    results: { flights: { id: string; fareClasses: { letter: string }[] }[] }[];
  };
}

/**
 * Bookings (issue 8, reference notes LOAD-1): `CLIENTS` clients book one seat each, again and
 * again, over HTTP against the real server until a `SEATS`-seat fare class is sold out; prints
 * bookings per second and the oversold count (seats held beyond the capacity), which must be 0 —
 * the benchmark fails otherwise, or on any 5xx. The baseline, in the same run and on the same
 * server, is `GET /api/health` under the same number of connections.
 */
export async function bookingBenchmark(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'uniquair-bench-'));
  const databaseUrl = `sqlite:${join(dataDir, 'bench.sqlite')}`;
  const app = await startProcess(
    'server',
    join(REPO_ROOT, 'server/src/server.ts'),
    {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SEARCH_RESULT_TTL_SECONDS: '3600',
      BOOKING_CREATES_PER_MINUTE: '0',
      BOOKING_UNPAID_PER_TRAVELLER: '0',
      BOOKING_UNPAID_PER_CLIENT: '0',
    },
    '/api/health',
  );
  const database = openDatabase(databaseUrl);
  try {
    // A daily route with a flight three weeks ahead, searched for one adult.
    const routes = await database.db
      .selectFrom('routes')
      .selectAll()
      .where('dow', '=', 127)
      .where('available_until', 'is', null)
      .orderBy('id')
      .execute();
    const date = ymdPlus(21);
    let search: SearchResultBody | undefined;
    for (const route of routes.slice(0, 20)) {
      const started = await post(app.url, '/api/search/init', {
        destinations: [{ route: route.id, date }],
        passengers: { adults: 1, children: 0, infants: 0 },
      });
      let body = (await started.json()) as SearchResultBody;
      for (let wait = 0; body.status === 'progress' && wait < 100; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        body = (await (
          await fetch(`${app.url}/api/search/status/${body.hash}`)
        ).json()) as SearchResultBody;
      }
      if (body.status !== 'done') continue;
      const result = (await (
        await fetch(`${app.url}/api/search/result/${body.hash}`)
      ).json()) as Required<SearchResultBody>;
      if ((result.result.results[0]?.flights.length ?? 0) > 0) {
        search = result;
        break;
      }
    }
    const flight = search?.result?.results[0]?.flights[0];
    const letter = flight?.fareClasses[0]?.letter;
    if (!search || !flight || !letter) throw new Error('no flight to book in the seeded inventory');
    const fare = await database.db
      .selectFrom('fare_classes')
      .select(['id', 'seats_total'])
      .where('flight_id', '=', Number(flight.id))
      .where('letter', '=', letter)
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('fare_classes')
      .set({ seats_total: Math.max(fare.seats_total, SEATS), seats_left: SEATS })
      .where('id', '=', fare.id)
      .execute();

    const body = {
      searchHash: search.hash,
      selections: [{ destinationIndex: 0, flightId: flight.id, fareClass: letter }],
      passengers: [
        {
          typeId: 1,
          titleId: 1,
          firstName: 'Ana',
          lastName: 'Bench',
          birthDate: '1990-05-01',
          nationality: 'RO',
          documentTypeId: 1,
          documentNumber: 'AB123456',
          documentExpiry: ymdPlus(3 * 365),
        },
      ],
      booker: {
        firstName: 'Ana',
        lastName: 'Bench',
        email: 'ana.bench@example.com',
        phoneCode: '40',
        phone: '721234567',
      },
      // The price may not rise during the run; accepting any total keeps the run about seats.
      acceptedTotal: { amount: 1_000_000_000, currency: 'USD' },
    };

    const counts = { created: 0, soldOut: 0, other: 0, serverErrors: 0 };
    const latencies: number[] = [];
    let soldOutAt = 0;
    const started = performance.now();
    const deadline = started + MAX_SECONDS * 1000;
    const client = async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        const response = await post(app.url, '/api/booking/create', body);
        const answer = (await response.json()) as { code?: string };
        latencies.push(performance.now() - sent);
        if (response.status === 200) counts.created += 1;
        else if (response.status === 409 && answer.code === 'FLIGHT_UNAVAILABLE') {
          counts.soldOut += 1;
          soldOutAt ||= performance.now();
          return;
        } else if (response.status >= 500) counts.serverErrors += 1;
        else counts.other += 1;
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, () => client()));
    const seconds = ((soldOutAt || performance.now()) - started) / 1000;

    const held = await database.db
      .selectFrom('seat_holds')
      .select((eb) => eb.fn.sum<number>('seats').as('seats'))
      .where('fare_class_id', '=', fare.id)
      .where('state', '=', 'held')
      .executeTakeFirstOrThrow();
    const left = await database.db
      .selectFrom('fare_classes')
      .select('seats_left')
      .where('id', '=', fare.id)
      .executeTakeFirstOrThrow();
    const heldSeats = Number(held.seats ?? 0);
    const oversold = Math.max(0, heldSeats - SEATS) + Math.max(0, -left.seats_left);

    const baseline = await load(`${app.url}/api/health`, { durationSeconds: SHORT ? 2 : 5 });
    latencies.sort((a, b) => a - b);
    const p = (share: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
    const rate = counts.created / Math.max(seconds, 0.001);
    console.log(
      `\nPOST /api/booking/create, ${CLIENTS} clients, one ${SEATS}-seat fare class (SQLite)`,
    );
    console.log(
      `  bookings: ${counts.created} held in ${seconds.toFixed(2)} s = ${rate.toFixed(1)} bookings/s; ` +
        `p50 ${p(0.5).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms`,
    );
    console.log(
      `  answers after sell-out: ${counts.soldOut} × 409 FLIGHT_UNAVAILABLE; other 4xx ${counts.other}; ` +
        `5xx ${counts.serverErrors}`,
    );
    console.log(
      `  seats held ${heldSeats}, seats left ${left.seats_left}, oversold ${oversold} (must be 0)`,
    );
    console.log(
      `  baseline GET /api/health (${CONNECTIONS} connections): ` +
        `${baseline.requestsPerSecond.toFixed(0)} req/s; bookings are ` +
        `${(rate / Math.max(baseline.requestsPerSecond, 1)).toFixed(3)}× its rate`,
    );
    if (oversold !== 0) throw new Error(`${oversold} seat(s) oversold`);
    if (counts.serverErrors > 0) throw new Error(`${counts.serverErrors} server error(s)`);
    if (counts.created !== SEATS) {
      throw new Error(`${counts.created} bookings for ${SEATS} seats: the run did not sell out`);
    }
  } finally {
    await database.close();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
