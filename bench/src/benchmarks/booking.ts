import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@uniquair/server/db/dialect';
import {
  bookingRequest,
  findBookableFlight,
  post,
  setSeatsLeft,
  startBookingServer,
} from '../booking-flow.ts';
import { CONNECTIONS, load, SHORT } from '../harness.ts';

/** Seats of the fare class everybody books. */
const SEATS = Number(process.env.BENCH_BOOKING_SEATS ?? 500);
/** Clients booking at the same time. */
const CLIENTS = Number(process.env.BENCH_BOOKING_CLIENTS ?? 20);
/** Longest the booking run may take. */
const MAX_SECONDS = SHORT ? 60 : 180;

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
  const app = await startBookingServer(databaseUrl, 'development');
  const database = openDatabase(databaseUrl);
  try {
    const flight = await findBookableFlight(app.url, database);
    await setSeatsLeft(database, flight, SEATS);
    const body = bookingRequest(flight);

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
      .where('fare_class_id', '=', flight.fareClassId)
      .where('state', '=', 'held')
      .executeTakeFirstOrThrow();
    const left = await database.db
      .selectFrom('fare_classes')
      .select('seats_left')
      .where('id', '=', flight.fareClassId)
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
