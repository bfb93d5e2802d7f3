import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { Database } from '@uniquair/server/db/database';
import { openDatabase, type DatabaseHandle } from '@uniquair/server/db/dialect';
import { migrateToLatest } from '@uniquair/server/db/migrate';
import { PriceWatchEvaluator } from '@uniquair/server/modules/price-watch/price-watch.evaluator';
import { percentile, SHORT } from '../harness.ts';

/** The PostgreSQL server the tests use (as `npm run test:pg`); skipped when it does not answer. */
const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Watches on the route and day whose price changes (the issue: 1,000). */
const WATCHES = Number(process.env.BENCH_PRICE_WATCHES ?? 1_000);
/** Watches on other routes, which the evaluation must not read. */
const OTHER_WATCHES = Number(process.env.BENCH_PRICE_WATCHES_OTHER ?? (SHORT ? 5_000 : 20_000));
/** Price changes measured per database; each one tells every watch of the day. */
const ROUNDS = Number(process.env.BENCH_PRICE_WATCH_ROUNDS ?? (SHORT ? 3 : 10));
const OTHER_ROUTES = 50;
const DAY = '2027-03-12' as Ymd;
const MONTH_DAYS = 28;

/*
 * Budget (the issue): 1,000 watches evaluated after one price change in under one second on this
 * machine — the watches of the changed route and day read with their new prices, all marked told
 * by the conditional update and their pushes written to the outbox, committed. Measured on the
 * shared two-core host, short mode, 1,000 watches (800 of the day, 200 of its month) beside 5,000
 * others: SQLite p50 72–98 ms, up to 540 ms with other suites running beside it (load 15);
 * PostgreSQL p50 75–155 ms. The baseline printed beside it is one read of the route's watches,
 * the least any evaluation must do.
 */
const BUDGET_MS = 1_000;

function ymdPlus(day: string, days: number): Ymd {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10) as Ymd;
}

/** Two airports, the watched route and others, their prices, and the watches. */
async function prepare(db: Kysely<Database>): Promise<number> {
  await db.insertInto('countries').values({ code: 'GB', phone_code: '44' }).execute();
  const code = (index: number) =>
    [26 * 26, 26, 1]
      .map((unit) => String.fromCharCode(65 + (Math.floor(index / unit) % 26)))
      .join('');
  const codes = Array.from({ length: 2 * (OTHER_ROUTES + 1) }, (_, index) => code(index));
  await db
    .insertInto('airports')
    .values(
      codes.map((code) => ({
        code,
        name: `${code} Airport`,
        city: code,
        country_code: 'GB',
        continent: 'Europe',
        latitude: 51,
        longitude: 0,
        time_zone: 'Europe/London',
        metro_code: null,
      })),
    )
    .execute();
  const routeIds: number[] = [];
  for (let i = 0; i <= OTHER_ROUTES; i += 1) {
    const row = await db
      .insertInto('routes')
      .values({
        from_airport: codes[2 * i] ?? 'AAA',
        to_airport: codes[2 * i + 1] ?? 'AAB',
        dow: 127,
        available_from: '2026-01-01' as Ymd,
        available_until: null,
        rating: 3,
        distance_km: 500,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    routeIds.push(Number(row.id));
  }
  const watched = routeIds[0] ?? 0;
  const now = new Date().toISOString();
  const prices = routeIds.flatMap((routeId) =>
    Array.from({ length: MONTH_DAYS }, (_, day) => ({
      route_id: routeId,
      date: ymdPlus('2027-03-01', day),
      min_price_minor: 20_000,
      min_price_bags1_minor: 23_000,
      min_price_bags2_minor: 26_000,
      currency: 'USD',
      updated_at: now,
    })),
  );
  for (let i = 0; i < prices.length; i += 200) {
    await db
      .insertInto('route_day_prices')
      .values(prices.slice(i, i + 200))
      .execute();
  }
  const watch = (index: number, routeId: number) => ({
    id_hash: randomBytes(32).toString('hex'),
    route_id: routeId,
    date: index % 5 === 4 ? null : ymdPlus('2027-03-01', routeId === watched ? 11 : index % 28),
    month: index % 5 === 4 ? '2027-03' : null,
    adults: 1 + (index % 3),
    children: index % 2,
    infants: 0,
    bags: index % 3,
    endpoint: `https://fcm.googleapis.com/fcm/send/bench-${index}`,
    public_key: 'B'.repeat(87),
    auth_token: 'A'.repeat(22),
    content_encoding: 'aes128gcm' as const,
    user_id: null,
    locale: 'en',
    currency: 'EUR',
    subscribed_price_minor: 30_000 * 4,
    target_price_minor: null,
    threshold_minor: 30_000 * 4,
    last_notified_at: null,
    last_notified_price_minor: null,
    created_at: now,
    ends_on: '2027-03-31' as Ymd,
  });
  const rows = [
    ...Array.from({ length: WATCHES }, (_, index) => watch(index, watched)),
    ...Array.from({ length: OTHER_WATCHES }, (_, index) =>
      watch(index, routeIds[1 + (index % OTHER_ROUTES)] ?? watched),
    ),
  ];
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('price_watches')
      .values(rows.slice(i, i + 200))
      .execute();
  }
  return watched;
}

/** The evaluator logs a summary per evaluation; the benchmark prints its own figures. */
const silentLog = {
  info: () => undefined,
  warn: () => undefined,
} as unknown as FastifyBaseLogger;

interface Figures {
  readonly kind: string;
  readonly p50: number;
  readonly max: number;
  readonly baseline: number;
  readonly failures: string[];
}

/**
 * One database: each round lowers the watched day's price below the last told price of every
 * watch, moves the clock a day on, and times one evaluation of that route and day.
 */
async function measure(kind: string, handle: DatabaseHandle): Promise<Figures> {
  const { db } = handle;
  await migrateToLatest(db);
  const routeId = await prepare(db);
  let clock = Date.parse(`2027-02-01T06:00:00Z`);
  const evaluator = new PriceWatchEvaluator({
    db,
    now: () => new Date(clock),
    log: silentLog,
    queued: () => undefined,
    sweepIntervalMs: 0,
  });
  const times: number[] = [];
  const baselines: number[] = [];
  const failures: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const price = 19_000 - round * 1_000;
    await db
      .updateTable('route_day_prices')
      .set({
        min_price_minor: price,
        min_price_bags1_minor: price + 3_000,
        min_price_bags2_minor: price + 6_000,
      })
      .where('route_id', '=', routeId)
      .where('date', '=', DAY)
      .execute();
    clock += 25 * 3_600_000;
    const outboxBefore = await countOutbox(db);
    const started = performance.now();
    const result = await evaluator.evaluate({ routeIds: [routeId], dates: [DAY] });
    times.push(performance.now() - started);
    const baselineStarted = performance.now();
    await db
      .selectFrom('price_watches')
      .select(['id', 'threshold_minor'])
      .where('route_id', '=', routeId)
      .execute();
    baselines.push(performance.now() - baselineStarted);
    const queued = (await countOutbox(db)) - outboxBefore;
    if (result.notified !== WATCHES || queued !== WATCHES) {
      failures.push(
        `${kind} round ${round}: ${result.notified} watches told and ${queued} pushes queued, expected ${WATCHES}`,
      );
    }
    // The same change again: nobody is told twice in a day.
    const again = await evaluator.evaluate({ routeIds: [routeId], dates: [DAY] });
    if (again.notified !== 0) failures.push(`${kind} round ${round}: ${again.notified} told twice`);
  }
  await evaluator.close();
  return {
    kind,
    p50: percentile(times, 50),
    max: Math.max(...times),
    baseline: percentile(baselines, 50),
    failures,
  };
}

async function countOutbox(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function onSqlite(): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'uniquair-bench-watch-'));
  const handle = openDatabase(`sqlite:${join(dir, 'watch.sqlite')}`);
  try {
    return await measure('SQLite', handle);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<Figures | null> {
  const name = `uniquair_bench_watch_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = openDatabase(ADMIN_URL);
  try {
    await sql.raw(`create database ${name}`).execute(admin.db);
  } catch (error) {
    console.log(
      `price-watch: PostgreSQL at ${ADMIN_URL} not reachable, skipped (${String(error)})`,
    );
    await admin.close();
    return null;
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString());
  try {
    return await measure('PostgreSQL', handle);
  } finally {
    await handle.close();
    await sql.raw(`drop database ${name}`).execute(admin.db);
    await admin.close();
  }
}

/**
 * Price watches (issue "Smarter shopping", point 4): after one price change, the evaluation of
 * the 1,000 watches of the changed route and day (800 of the day, 200 of its month, with other
 * routes' watches beside them) — read with the new prices, marked told, pushes queued — on SQLite
 * and PostgreSQL. Fails over the budget, and when a round tells any watch but once.
 */
export async function priceWatchBenchmark(): Promise<void> {
  const figures = [await onSqlite(), await onPostgres()].filter(
    (figure): figure is Figures => figure !== null,
  );
  const failures: string[] = [];
  for (const figure of figures) {
    console.log(
      `price-watch ${figure.kind}: ${WATCHES} watches evaluated after a price change in ` +
        `p50 ${figure.p50.toFixed(1)} ms, max ${figure.max.toFixed(1)} ms (budget ${BUDGET_MS} ms); ` +
        `baseline read of the day's watches ${figure.baseline.toFixed(1)} ms; ` +
        `${OTHER_WATCHES} other watches, ${ROUNDS} rounds`,
    );
    failures.push(...figure.failures);
    if (figure.max > BUDGET_MS) {
      failures.push(`${figure.kind}: ${figure.max.toFixed(0)} ms over the ${BUDGET_MS} ms budget`);
    }
  }
  if (failures.length > 0) {
    throw new Error(`price-watch benchmark failed:\n  ${failures.join('\n  ')}`);
  }
  console.log('\n  price watches evaluated within the budget, each told once');
}
