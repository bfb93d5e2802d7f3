import { join } from 'node:path';
import type { openDatabase } from '@uniquair/server/db/dialect';
import { REPO_ROOT, startProcess, serverEnv } from './harness.ts';

/** What the booking benchmarks share: a flight found as the web app finds it, and its request. */

export type BenchDatabase = ReturnType<typeof openDatabase>;

export function ymdPlus(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Sends a JSON POST as the web app does (same-site Origin). */
export function post(base: string, path: string, body: unknown): Promise<Response> {
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

export interface BookableFlight {
  searchHash: string;
  flightId: string;
  letter: string;
  /** The `fare_classes` row of that flight and letter. */
  fareClassId: number;
  seatsTotal: number;
}

/**
 * A flight three weeks ahead on a daily route, searched over HTTP for one adult, with its first
 * fare class: the first of the first 20 daily routes whose search finds a flight.
 */
export async function findBookableFlight(
  base: string,
  database: BenchDatabase,
): Promise<BookableFlight> {
  const routes = await database.db
    .selectFrom('routes')
    .selectAll()
    .where('dow', '=', 127)
    .where('available_until', 'is', null)
    .orderBy('id')
    .execute();
  const date = ymdPlus(21);
  for (const route of routes.slice(0, 20)) {
    const started = await post(base, '/api/search/init', {
      destinations: [{ route: route.id, date }],
      passengers: { adults: 1, children: 0, infants: 0 },
    });
    let body = (await started.json()) as SearchResultBody;
    for (let wait = 0; body.status === 'progress' && wait < 100; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      body = (await (
        await fetch(`${base}/api/search/status/${body.hash}`)
      ).json()) as SearchResultBody;
    }
    if (body.status !== 'done') continue;
    const result = (await (
      await fetch(`${base}/api/search/result/${body.hash}`)
    ).json()) as Required<SearchResultBody>;
    const flight = result.result.results[0]?.flights[0];
    const letter = flight?.fareClasses[0]?.letter;
    if (!flight || !letter) continue;
    const fare = await database.db
      .selectFrom('fare_classes')
      .select(['id', 'seats_total'])
      .where('flight_id', '=', Number(flight.id))
      .where('letter', '=', letter)
      .executeTakeFirstOrThrow();
    return {
      searchHash: result.hash,
      flightId: flight.id,
      letter,
      fareClassId: fare.id,
      seatsTotal: fare.seats_total,
    };
  }
  throw new Error('no flight to book in the seeded inventory');
}

/** Gives the fare class `seats` seats left (and at least as many in total). */
export async function setSeatsLeft(
  database: BenchDatabase,
  flight: BookableFlight,
  seats: number,
): Promise<void> {
  await database.db
    .updateTable('fare_classes')
    .set({ seats_total: Math.max(flight.seatsTotal, seats), seats_left: seats })
    .where('id', '=', flight.fareClassId)
    .execute();
}

/** `POST /api/booking/create`'s body: one adult on that flight. */
export function bookingRequest(flight: BookableFlight) {
  return {
    searchHash: flight.searchHash,
    selections: [{ destinationIndex: 0, flightId: flight.flightId, fareClass: flight.letter }],
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
}

/** What one sell-out run measured. */
export interface SellOut {
  flight: BookableFlight;
  created: number;
  /** 409 FLIGHT_UNAVAILABLE answers once the fare was sold out (one per client). */
  soldOut: number;
  other: number;
  serverErrors: number;
  /** Latencies of the bookings made, in milliseconds. */
  latencies: number[];
  /** From the first request until the fare sold out. */
  seconds: number;
  /** Seats held by this run's bookings, and the fare's seats left after it. */
  heldSeats: number;
  seatsLeft: number;
  /** Seats held beyond the capacity: must be 0. */
  oversold: number;
}

/** Seats held on a fare class by unpaid bookings. */
async function heldSeatsOf(database: BenchDatabase, fareClassId: number): Promise<number> {
  const held = await database.db
    .selectFrom('seat_holds')
    .select((eb) => eb.fn.sum<number>('seats').as('seats'))
    .where('fare_class_id', '=', fareClassId)
    .where('state', '=', 'held')
    .executeTakeFirstOrThrow();
  return Number(held.seats ?? 0);
}

/**
 * `clients` clients book one seat each, again and again, on a fare given `seats` seats, until it
 * is sold out (or `maxSeconds` pass); each request goes to `target()` (one server, or several in
 * turn). Holds a previous run left on the same fare are not counted.
 */
export async function sellOut(
  database: BenchDatabase,
  target: () => string,
  options: { seats: number; clients: number; maxSeconds: number },
): Promise<SellOut> {
  const flight = await findBookableFlight(target(), database);
  const heldBefore = await heldSeatsOf(database, flight.fareClassId);
  await setSeatsLeft(database, flight, options.seats);
  const body = bookingRequest(flight);
  const counts = { created: 0, soldOut: 0, other: 0, serverErrors: 0 };
  const latencies: number[] = [];
  let soldOutAt = 0;
  const started = performance.now();
  const deadline = started + options.maxSeconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      const response = await post(target(), '/api/booking/create', body);
      const answer = (await response.json()) as { code?: string };
      if (response.status === 200) {
        latencies.push(performance.now() - sent);
        counts.created += 1;
      } else if (response.status === 409 && answer.code === 'FLIGHT_UNAVAILABLE') {
        counts.soldOut += 1;
        soldOutAt ||= performance.now();
        return;
      } else if (response.status >= 500) counts.serverErrors += 1;
      else counts.other += 1;
    }
  };
  await Promise.all(Array.from({ length: options.clients }, () => client()));
  const left = await database.db
    .selectFrom('fare_classes')
    .select('seats_left')
    .where('id', '=', flight.fareClassId)
    .executeTakeFirstOrThrow();
  const heldSeats = (await heldSeatsOf(database, flight.fareClassId)) - heldBefore;
  return {
    flight,
    ...counts,
    latencies,
    seconds: ((soldOutAt || performance.now()) - started) / 1000,
    heldSeats,
    seatsLeft: left.seats_left,
    oversold: Math.max(0, heldSeats - options.seats) + Math.max(0, -left.seats_left),
  };
}

/**
 * The real server on `databaseUrl`, as a booking benchmark needs it: search results that stay
 * fresh for the run, and the caps against hoarding seats off (a benchmark books many seats from a
 * few addresses). Answers once `GET /api/health` does.
 */
export function startBookingServer(
  databaseUrl: string,
  nodeEnv: 'development' | 'production',
  env: Record<string, string> = {},
): ReturnType<typeof startProcess> {
  return startProcess(
    'server',
    join(REPO_ROOT, 'server/src/server.ts'),
    {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      ...serverEnv(nodeEnv),
      SEARCH_RESULT_TTL_SECONDS: '3600',
      BOOKING_CREATES_PER_MINUTE: '0',
      BOOKING_UNPAID_PER_TRAVELLER: '0',
      BOOKING_UNPAID_PER_CLIENT: '0',
      ...env,
    },
    '/api/health',
  );
}
