import { addDays, maxYmd, type Ymd } from '@uniquair/domain/dates/ymd';
import { sql, type Kysely } from 'kysely';
import { priceSummaryEvents, rebuildRouteDayPrices } from '../route-day-prices.ts';
import type { Database } from '../database.ts';
import { databaseKindOf } from '../dialect.ts';
import { ARCHIVED_TABLES } from '../inventory-archive.ts';
import { writeFaresState, type FaresState } from '../fares-state.ts';
import { readInventoryState, writeInventoryState } from '../inventory-roll.ts';
import { affiliateRows } from './affiliates.ts';
import { loadAirports } from './airports.ts';
import { createBulkWriter, insertAll } from './bulk-insert.ts';
import {
  FARE_ROW_COLUMNS,
  FLIGHT_ROW_COLUMNS,
  flightSchedule,
  generateFlights,
  inventoryDays,
  SEGMENT_ROW_COLUMNS,
  type IdCounters,
  type SeededFlight,
} from './flights.ts';
import { menuRows } from './menus.ts';
import { buildMarkets } from './markets.ts';
import { buildMetroRoutes, buildMetros } from './metros.ts';
import { CARRIERS } from './network.ts';
import { pageRows } from './pages.ts';
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
  'route_members',
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
  /** The whole database's size once seeded, in bytes (a SQLite database's pages in use). */
  databaseBytes: number;
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
  const [airports, countries] = await Promise.all([loadAirports(), countryRows()]);
  const schedule = flightSchedule(airports, seed, today);
  const network = schedule.routes;
  const markets = buildMarkets(network, airports);
  const airportRoutes = [...markets.served, ...markets.routes];
  // Cities of several airports: an entry each, and routes flown by their airports' routes.
  const metros = buildMetros(airports);
  const metroRoutes = buildMetroRoutes(
    metros,
    airportRoutes,
    Math.max(...airportRoutes.map((route) => route.id)) + 1,
  );
  const routes = [...airportRoutes, ...metroRoutes.map((metro) => metro.route)];
  const metroOf = new Map(
    metros.flatMap((metro) => metro.airports.map((code) => [code, metro.entry.code] as const)),
  );

  const seeded = await db.transaction().execute(async (trx) => {
    // Another seed's network numbers its routes otherwise (an unknown one is taken as another).
    const previous = await readInventoryState(trx);
    await clearSeededTables(trx, {
      renumberedRoutes: previous === undefined || Number(previous.seed) !== seed,
    });
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
      [...airports, ...metros.map((metro) => metro.entry)].map((airport) => ({
        code: airport.code,
        name: airport.name,
        city: airport.city,
        country_code: airport.countryCode,
        continent: airport.continent,
        latitude: airport.latitude,
        longitude: airport.longitude,
        time_zone: airport.timeZone,
        metro_code: metroOf.get(airport.code) ?? null,
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
    counts.route_members = await insertAll(
      trx,
      'route_members',
      metroRoutes.flatMap((metro) =>
        metro.members.map((member) => ({ route_id: metro.route.id, member_route_id: member })),
      ),
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
      random: schedule.random,
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

    // Where the inventory rolls forward from (server/src/db/inventory-roll.ts).
    await writeInventoryState(trx, { seed, days: inventoryDays(today) }, new Date());
    // Its fares are priced as of today by the rule the server re-prices with (decision 009), but
    // without sales: kept sales' days are left to the fares job's next pass.
    await writeFaresState(trx, await seededFaresState(trx, today), new Date());
    await moveIdentitySequences(trx);
    await bumpDatasetVersions(trx);
    // Statistics of the new inventory first: the summary joins flights of connecting routes, and
    // planned as if the tables were empty that takes minutes on PostgreSQL instead of seconds.
    for (const table of [
      'routes',
      'route_paths',
      'route_members',
      'flights',
      'fare_classes',
    ] as const) {
      await sql`analyze ${sql.table(table)}`.execute(trx);
    }
    // The cheapest-price summary the calendars read (DESIGN §5), rebuilt from the new fares.
    const prices = await rebuildRouteDayPrices(trx);
    return { counts, priceScope: prices.scope };
  });
  priceSummaryEvents.emit('refreshed', seeded.priceScope);
  const { counts } = seeded;
  // Fresh statistics, so the planner picks the inventory's indexes from the first query on
  // (PostgreSQL otherwise plans the price-summary refreshes as if the tables were empty).
  await sql`analyze`.execute(db);

  const durationMs = Math.round(performance.now() - started);
  return { today, seed, counts, durationMs, databaseBytes: await databaseBytes(db) };
}

/** The database's size: PostgreSQL's own count, or a SQLite file's pages in use. */
async function databaseBytes(db: Kysely<Database>): Promise<number> {
  if (databaseKindOf(db) === 'postgres') {
    const { rows } = await sql<{
      bytes: string;
    }>`select pg_database_size(current_database()) as bytes`.execute(db);
    return Number(rows[0]?.bytes ?? 0);
  }
  const { rows } = await sql<{
    bytes: number;
  }>`select (page_count - freelist_count) * page_size as bytes
       from pragma_page_count(), pragma_freelist_count(), pragma_page_size()`.execute(db);
  return Number(rows[0]?.bytes ?? 0);
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

const FLIGHT_COLUMNS = ['id', ...FLIGHT_ROW_COLUMNS] as const;
const SEGMENT_COLUMNS = ['id', ...SEGMENT_ROW_COLUMNS] as const;
const FARE_COLUMNS = ['id', ...FARE_ROW_COLUMNS] as const;

/**
 * Tables that name routes by id without a foreign key: kept across a re-seed with the same seed
 * (same route ids), emptied when the routes are renumbered, or a sale would discount another route.
 */
const ROUTE_KEYED_TABLES = ['fare_sales', 'fare_versions'] as const;

/**
 * Empties the seeded tables, and the archive of flown flights whose ids the new inventory reuses;
 * with `renumberedRoutes` (another seed) the partners' sales and the fare versions too.
 * PostgreSQL truncates them in one statement (with the price summary, which refers to routes and
 * is rebuilt at the end, and the price watches, whose routes a new network renumbers): deleting a
 * million rows one by one leaves them dead in the tables and took a third of a re-seed. Other
 * sessions wait for the new data instead of reading the old until the seed commits. SQLite
 * deletes children before parents (the order of writing reversed), so foreign keys hold at every
 * step. Affiliates are kept.
 */
async function clearSeededTables(
  trx: Kysely<Database>,
  options: { renumberedRoutes: boolean },
): Promise<void> {
  const tables = [
    ...ARCHIVED_TABLES,
    ...SEEDED_TABLES.filter((table) => table !== 'affiliates').reverse(),
    ...(options.renumberedRoutes ? ROUTE_KEYED_TABLES : []),
  ];
  if (databaseKindOf(trx) === 'postgres') {
    const truncated = [...tables, 'route_day_prices', 'price_watches'].map((table) =>
      sql.table(table),
    );
    await sql`truncate ${sql.join(truncated)}`.execute(trx);
    return;
  }
  for (const table of tables) await trx.deleteFrom(table).execute();
}

/**
 * What the seed's prices cover (`fares_state`): every day of the inventory as of `today`, up to
 * the first day a kept sale (same seed, same routes) runs on. The seed prices without sales, and
 * db/ cannot call the fares module's rule with them (infrastructure never imports modules), so it
 * records the days before that one only: the fares job's next pass (at start-up, then every
 * FARES_REPRICE_HOURS) re-prices that day and every later one, with the sales.
 */
async function seededFaresState(trx: Kysely<Database>, today: Ymd): Promise<FaresState> {
  const days = inventoryDays(today);
  const { first } = await trx
    .selectFrom('fare_sales')
    .select((eb) => eb.fn.min('from_date').as('first'))
    .where('ended_at', 'is', null)
    .where('until_date', '>=', days.first)
    .where('from_date', '<=', days.last)
    .executeTakeFirstOrThrow();
  const repricedThrough = first ? addDays(maxYmd(first, days.first), -1) : days.last;
  return { repricedOn: today, repricedThrough };
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
