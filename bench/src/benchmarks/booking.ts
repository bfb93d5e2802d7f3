import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@uniquair/server/db/dialect';
import { sellOut, startBookingServer } from '../booking-flow.ts';
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
    const run = await sellOut(database, () => app.url, {
      seats: SEATS,
      clients: CLIENTS,
      maxSeconds: MAX_SECONDS,
    });
    const { latencies, seconds, oversold } = run;

    const baseline = await load(`${app.url}/api/health`, { durationSeconds: SHORT ? 2 : 5 });
    latencies.sort((a, b) => a - b);
    const p = (share: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
    const rate = run.created / Math.max(seconds, 0.001);
    console.log(
      `\nPOST /api/booking/create, ${CLIENTS} clients, one ${SEATS}-seat fare class (SQLite)`,
    );
    console.log(
      `  bookings: ${run.created} held in ${seconds.toFixed(2)} s = ${rate.toFixed(1)} bookings/s; ` +
        `p50 ${p(0.5).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms`,
    );
    console.log(
      `  answers after sell-out: ${run.soldOut} × 409 FLIGHT_UNAVAILABLE; other 4xx ${run.other}; ` +
        `5xx ${run.serverErrors}`,
    );
    console.log(
      `  seats held ${run.heldSeats}, seats left ${run.seatsLeft}, oversold ${oversold} (must be 0)`,
    );
    console.log(
      `  baseline GET /api/health (${CONNECTIONS} connections): ` +
        `${baseline.requestsPerSecond.toFixed(0)} req/s; bookings are ` +
        `${(rate / Math.max(baseline.requestsPerSecond, 1)).toFixed(3)}× its rate`,
    );
    if (oversold !== 0) throw new Error(`${oversold} seat(s) oversold`);
    if (run.serverErrors > 0) throw new Error(`${run.serverErrors} server error(s)`);
    if (run.created !== SEATS) {
      throw new Error(`${run.created} bookings for ${SEATS} seats: the run did not sell out`);
    }
  } finally {
    await database.close();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
