import type { Ymd } from '@uniquair/domain/dates/ymd';
import { sql, type Kysely } from 'kysely';
import { refreshRouteDayPrices } from '../route-day-prices.ts';
import type { Database } from '../database.ts';
import { databaseKindOf } from '../dialect.ts';
import { affiliateRows } from './affiliates.ts';
import { loadAirports } from './airports.ts';
import { createBulkWriter, insertAll } from './bulk-insert.ts';
import { generateFlights, type IdCounters, type SeededFlight } from './flights.ts';
import { menuRows } from './menus.ts';
import { buildMarkets } from './markets.ts';
import { buildNetwork, CARRIERS } from './network.ts';
import { pageRows } from './pages.ts';
import { createRandom } from './random.ts';
import { countryRows, currencyRows, languageRows, ticketTypeRows, titleRows } from './reference.ts';

/** The seed used unless another is asked for; tests, benchmarks and demos share it. */
export const DEFAULT_SEED = 20_261_121;

export interface SeedOptions {
  /** First day of the flight inventory; availability windows are placed around it. */
  today: Ymd;
  seed?: number;
}

/** Tables the seed fills, in the order they are written. */
export const SEEDED_TABLES = [
  'currencies',
  'countries',
  'country_names',
  'languages',
  'titles',
  'ticket_types',
  'airports',
  'carriers',
  'routes',
  'route_paths',
  'flights',
  'flight_segments',
  'fare_classes',
  'pages',
  'menus',
  'menu_items',
  'affiliates',
] as const satisfies readonly (keyof Database)[];

export type SeededTable = (typeof SEEDED_TABLES)[number];

export interface SeedSummary {
  today: Ymd;
  seed: number;
  /** Rows written per table. */
  counts: Record<SeededTable, number>;
  durationMs: number;
}

/** Data sets whose `dataset_versions` row each seeding bumps. */
export const SEEDED_DATASETS = ['routes', 'inventory', 'reference', 'content'] as const;

/**
 * Fills a migrated database with the demo data for `today`: reference data, the route network
 * and a year of flights with fare classes, content pages, footer menus and affiliates. The same
 * seed and day give the same rows on every machine and on both dialects. On a database that is
 * already seeded, everything seeded is replaced in the same transaction (affiliates are updated in
 * place, keeping their ids) and the data-set versions move forward, so re-seeding with a later
 * `today` keeps the inventory fresh.
 */
export async function seedDatabase(
  db: Kysely<Database>,
  options: SeedOptions,
): Promise<SeedSummary> {
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const { today } = options;
  const random = createRandom(seed);
  const [airports, countries] = await Promise.all([loadAirports(), countryRows()]);
  const network = buildNetwork(airports, random.derive('network'), today);
  const markets = buildMarkets(network, airports);
  const routes = [...markets.served, ...markets.routes];

  const counts = await db.transaction().execute(async (trx) => {
    await clearSeededTables(trx);
    const counts = {} as Record<SeededTable, number>;
    counts.currencies = await insertAll(trx, 'currencies', currencyRows());
    counts.countries = await insertAll(trx, 'countries', countries.countries);
    counts.country_names = await insertAll(trx, 'country_names', countries.names);
    counts.languages = await insertAll(trx, 'languages', languageRows());
    counts.titles = await insertAll(trx, 'titles', titleRows());
    counts.ticket_types = await insertAll(trx, 'ticket_types', ticketTypeRows());
    counts.airports = await insertAll(
      trx,
      'airports',
      airports.map((airport) => ({
        code: airport.code,
        name: airport.name,
        city: airport.city,
        country_code: airport.countryCode,
        continent: airport.continent,
        latitude: airport.latitude,
        longitude: airport.longitude,
        time_zone: airport.timeZone,
      })),
    );
    counts.carriers = await insertAll(
      trx,
      'carriers',
      CARRIERS.map((carrier) => ({ ...carrier })),
    );
    counts.routes = await insertAll(
      trx,
      'routes',
      routes.map((route) => ({
        id: route.id,
        from_airport: route.from,
        to_airport: route.to,
        dow: route.dow,
        available_from: route.availableFrom,
        available_until: route.availableUntil,
        rating: route.rating,
        distance_km: route.distanceKm,
      })),
    );
    counts.route_paths = await insertAll(
      trx,
      'route_paths',
      markets.paths.map((path, index) => ({
        id: index + 1,
        route_id: path.routeId,
        stops: path.routes.length - 1,
        first_route_id: path.routes[0] as number,
        second_route_id: path.routes[1] as number,
        third_route_id: path.routes[2] ?? null,
        first_connection_minutes: path.connectionMinutes[0] as number,
        second_connection_minutes: path.connectionMinutes[1] ?? null,
        detour: path.detour,
      })),
    );

    const flights = createBulkWriter(trx, 'flights', FLIGHT_COLUMNS);
    const segments = createBulkWriter(trx, 'flight_segments', SEGMENT_COLUMNS);
    const fares = createBulkWriter(trx, 'fare_classes', FARE_COLUMNS);
    const ids: IdCounters = { flight: 1, segment: 1, fare: 1 };
    // Flights go out in batches, each batch's flights before their segments and fares, so every
    // foreign key holds when its row is written.
    let batch: SeededFlight[] = [];
    let batchFares = 0;
    const writeBatch = async (): Promise<void> => {
      for (const seeded of batch) await flights.add(seeded.flight);
      await flights.flush();
      for (const seeded of batch)
        for (const segment of seeded.segments) await segments.add(segment);
      await segments.flush();
      for (const seeded of batch) for (const fare of seeded.fares) await fares.add(fare);
      await fares.flush();
      batch = [];
      batchFares = 0;
    };
    for (const seeded of generateFlights({
      // The network's own days: connections add days to a route but no flights.
      routes: network,
      airports,
      today,
      random: random.derive('flights'),
      ids,
    })) {
      batch.push(seeded);
      batchFares += seeded.fares.length;
      if (batchFares >= FLIGHT_BATCH_FARES) await writeBatch();
    }
    await writeBatch();
    counts.flights = flights.count;
    counts.flight_segments = segments.count;
    counts.fare_classes = fares.count;

    counts.pages = await insertAll(trx, 'pages', pageRows());
    const menus = menuRows();
    counts.menus = await insertAll(trx, 'menus', menus.menus);
    counts.menu_items = await insertAll(trx, 'menu_items', menus.items);
    counts.affiliates = await upsertAffiliates(trx);

    await moveIdentitySequences(trx);
    await bumpDatasetVersions(trx);
    // Statistics of the new inventory first: the summary joins flights of connecting routes, and
    // planned as if the tables were empty that takes minutes on PostgreSQL instead of seconds.
    for (const table of ['routes', 'route_paths', 'flights', 'fare_classes'] as const) {
      await sql`analyze ${sql.table(table)}`.execute(trx);
    }
    // The cheapest-price summary the calendars read (DESIGN §5), rebuilt from the new fares.
    await refreshRouteDayPrices(trx);
    return counts;
  });
  // Fresh statistics, so the planner picks the inventory's indexes from the first query on
  // (PostgreSQL otherwise plans the price-summary refreshes as if the tables were empty).
  await sql`analyze`.execute(db);

  return { today, seed, counts, durationMs: Math.round(performance.now() - started) };
}

/** Whether the demo data is present (the route list has a version). */
export async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('dataset_versions')
    .select('name')
    .where('name', '=', 'routes')
    .executeTakeFirst();
  return row !== undefined;
}

/** Fare rows generated before a batch of flights is written. */
const FLIGHT_BATCH_FARES = 24_000;

const FLIGHT_COLUMNS = [
  'id',
  'route_id',
  'departure_date',
  'flight_number',
  'carrier_code',
  'departure_time',
  'departure_utc',
  'arrival_date',
  'arrival_time',
  'arrival_utc',
  'duration_minutes',
  'stops',
  'via_airport',
  'capacity',
] as const;

const SEGMENT_COLUMNS = [
  'id',
  'flight_id',
  'position',
  'from_airport',
  'to_airport',
  'flight_number',
  'carrier_code',
  'departure_date',
  'departure_time',
  'departure_utc',
  'arrival_date',
  'arrival_time',
  'arrival_utc',
  'duration_minutes',
] as const;

const FARE_COLUMNS = [
  'id',
  'flight_id',
  'letter',
  'cabin',
  'price_minor',
  'currency',
  'seats_total',
  'seats_left',
] as const;

/** Children before parents, so foreign keys hold at every step. Affiliates are kept. */
async function clearSeededTables(trx: Kysely<Database>): Promise<void> {
  for (const table of [
    'fare_classes',
    'flight_segments',
    'flights',
    'route_paths',
    'routes',
    'carriers',
    'airports',
    'country_names',
    'countries',
    'currencies',
    'languages',
    'titles',
    'ticket_types',
    'menu_items',
    'menus',
    'pages',
  ] as const) {
    await trx.deleteFrom(table).execute();
  }
}

/** Affiliates are updated in place by code: other data may refer to their ids. */
async function upsertAffiliates(trx: Kysely<Database>): Promise<number> {
  const rows = affiliateRows();
  for (const row of rows) {
    await trx
      .insertInto('affiliates')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('code').doUpdateSet({
          name: row.name,
          logo_url: row.logo_url,
          logo_square_url: row.logo_square_url,
          site_url: row.site_url,
          active: row.active,
        }),
      )
      .execute();
  }
  return rows.length;
}

/**
 * The seed writes its own ids. SQLite's AUTOINCREMENT follows explicit ids by itself; a
 * PostgreSQL identity sequence has to be moved past them, or the next insert would collide.
 */
async function moveIdentitySequences(trx: Kysely<Database>): Promise<void> {
  if (databaseKindOf(trx) !== 'postgres') return;
  for (const table of [
    'routes',
    'route_paths',
    'flights',
    'flight_segments',
    'fare_classes',
    'menus',
    'menu_items',
  ]) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      trx,
    );
  }
}

/**
 * Moves every seeded data set's version to now, and always forward: a re-seed within the same
 * second still gets a later time, so `Last-Modified` changes. Times are whole seconds, as in HTTP.
 */
async function bumpDatasetVersions(trx: Kysely<Database>): Promise<void> {
  const previous = await trx.selectFrom('dataset_versions').selectAll().execute();
  const now = Math.floor(Date.now() / 1000) * 1000;
  for (const name of SEEDED_DATASETS) {
    const before = previous.find((row) => row.name === name);
    const at = before
      ? Math.max(now, Math.floor(Date.parse(before.updated_at) / 1000) * 1000 + 1000)
      : now;
    const updated_at = new Date(at).toISOString();
    await trx
      .insertInto('dataset_versions')
      .values({ name, updated_at })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ updated_at }))
      .execute();
  }
}
