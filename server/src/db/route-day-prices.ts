/**
 * The cheapest-price summary (`route_day_prices`, DESIGN §5): a table derived from the inventory,
 * kept like a materialised view. The seed, the booking flow and the pricing module rebuild it, so it
 * lives with the database rather than in one of them.
 */
import { EventEmitter } from 'node:events';
import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import { DEFAULT_CURRENCY_CODE } from '@uniquair/domain/pricing/currency';
import { MAX_LAYOVER_MINUTES } from '@uniquair/domain/search/connections';
import { sql, type Kysely, type OnConflictBuilder } from 'kysely';
import type { Database } from './database.ts';
import { cheapestAllIn, SUMMARY_COLUMNS } from './route-day-prices-all-in.ts';
import { CONNECTION_DAYS } from './route-day-prices-scope.ts';
import { databaseKindOf } from './dialect.ts';
import { chunks } from './chunks.ts';

/** The data set whose version is the `Last-Modified` of the price calendars. */
export const PRICES_DATASET = 'prices';

/** The currency the summary is kept in: the base currency of the inventory (USD). */
export const SUMMARY_CURRENCY = DEFAULT_CURRENCY_CODE;

/**
 * PostgreSQL's `work_mem` while the summary is rebuilt: its hashes and grouping then stay in memory
 * (a whole rebuild of the demo inventory writes no temporary files and takes a fifth less time).
 */
const REBUILD_WORK_MEM = '64MB';

/** Which part of the summary was rebuilt; everything when both are absent. */
export interface PriceSummaryScope {
  routeIds?: readonly number[];
  dates?: readonly Ymd[];
}

export interface PriceSummaryRefresh {
  /** Summary rows written. */
  rows: number;
  /** The new version of the `prices` data set. */
  version: string;
}

/** Told about every refresh in this process, so in-memory caches of the calendars drop at once. */
export const priceSummaryEvents = new EventEmitter<{ refreshed: [PriceSummaryScope] }>();
priceSummaryEvents.setMaxListeners(0);

/**
 * Rebuilds the cheapest-price summary (DESIGN §5) for some routes and/or days, or all of it: the
 * lowest fare with at least one seat left per route and departure day, in the base currency.
 * Call it after anything that changes fares or seats (seeding, taking or releasing seats); a day
 * whose flights are sold out loses its row. Runs in a transaction of its own, moves the `prices`
 * data-set version forward and tells `priceSummaryEvents`. Within a caller's transaction (refused
 * here) the caller rebuilds with `rebuildRouteDayPrices` and tells them after the commit.
 */
export async function refreshRouteDayPrices(
  db: Kysely<Database>,
  routeIds?: readonly number[],
  dates?: readonly Ymd[],
): Promise<PriceSummaryRefresh> {
  // Told inside a transaction, listeners would read the old summary on their own connections.
  if (db.isTransaction) {
    throw new Error(
      'refreshRouteDayPrices in a transaction: use rebuildRouteDayPrices and tell priceSummaryEvents after the commit',
    );
  }
  const { scope, ...refreshed } = await rebuildRouteDayPrices(db, routeIds, dates);
  priceSummaryEvents.emit('refreshed', scope);
  return refreshed;
}

/**
 * `refreshRouteDayPrices` without telling `priceSummaryEvents`: answers the scope to tell them of
 * once the caller's transaction has committed (listeners read the summary on other connections).
 */
export async function rebuildRouteDayPrices(
  db: Kysely<Database>,
  routeIds?: readonly number[],
  dates?: readonly Ymd[],
): Promise<PriceSummaryRefresh & { scope: PriceSummaryScope }> {
  const routeList = routeIds ? [...new Set(routeIds)] : undefined;
  const dateList = dates ? [...new Set(dates)] : undefined;
  const scope = { routeIds: routeList, dates: dateList };
  if (routeList?.length === 0 || dateList?.length === 0) {
    return { rows: 0, version: await currentVersion(db), scope };
  }
  const work = async (trx: Kysely<Database>): Promise<PriceSummaryRefresh> => {
    const now = new Date().toISOString();
    if (databaseKindOf(trx) === 'postgres') {
      // For this transaction only: the whole summary hashes ~740 000 flight pairs and groups ~3
      // million fares, which at PostgreSQL's default 4 MB spill ~400 MB to temporary files.
      await sql`select set_config('work_mem', ${REBUILD_WORK_MEM}, true)`.execute(trx);
    }
    // Routes flown through the given ones, and the earlier days a connection may start on.
    const wide = await connectedScope(trx, routeList, dateList);
    let rows = 0;
    // Several routes and days: one pass per chunk of routes, each narrowed to the days.
    for (const routeChunk of wide.routeIds ? chunks(wide.routeIds) : [undefined]) {
      for (const dateChunk of wide.dates ? chunks(wide.dates) : [undefined]) {
        let remove = trx.deleteFrom('route_day_prices');
        if (routeChunk) remove = remove.where('route_id', 'in', routeChunk);
        if (dateChunk) remove = remove.where('date', 'in', dateChunk);
        await remove.execute();
        rows += await insertCheapest(trx, now, routeChunk, dateChunk);
      }
    }
    // Then the routes of cities of several airports, from their members' days just written.
    for (const routeChunk of wide.routeIds ? chunks(wide.routeIds) : [undefined]) {
      for (const dateChunk of wide.dates ? chunks(wide.dates) : [undefined]) {
        rows += await insertCityPrices(trx, now, routeChunk, dateChunk);
      }
    }
    return { rows, version: await bumpVersion(trx) };
  };
  const refreshed = db.isTransaction
    ? await work(db)
    : await db.transaction().execute((trx) => work(trx));
  return { ...refreshed, scope };
}

/** The current version of the `prices` data set (the epoch when it was never refreshed). */
export async function currentVersion(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('dataset_versions')
    .select('updated_at')
    .where('name', '=', PRICES_DATASET)
    .executeTakeFirst();
  return row?.updated_at ?? new Date(0).toISOString();
}

/**
 * Moves the `prices` version to now in whole seconds (it is a `Last-Modified`), never backwards
 * and never ahead of the clock: several refreshes in one second share it, and the calendars'
 * content `ETag`s tell them apart.
 */
async function bumpVersion(db: Kysely<Database>): Promise<string> {
  const before = await currentVersion(db);
  const now = Math.floor(Date.now() / 1000) * 1000;
  const updated_at = new Date(Math.max(now, Date.parse(before))).toISOString();
  await db
    .insertInto('dataset_versions')
    .values({ name: PRICES_DATASET, updated_at })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ updated_at }))
    .execute();
  return updated_at;
}

/**
 * The scope widened to what a change of fares on it can move: the routes flown through the given
 * routes (their paths), the routes of the cities they serve (`route_members`), and the
 * `CONNECTION_DAYS` days before each given day (a connection's first flight leaves up to that
 * many days before its last).
 */
export async function connectedScope(
  db: Kysely<Database>,
  routeIds: readonly number[] | undefined,
  dates: readonly Ymd[] | undefined,
): Promise<PriceSummaryScope> {
  let routes = routeIds;
  if (routeIds) {
    const through = new Set(routeIds);
    for (const chunk of chunks(routeIds)) {
      const rows = await db
        .selectFrom('route_paths')
        .select('route_id')
        .distinct()
        .where((eb) =>
          eb.or([
            eb('first_route_id', 'in', chunk),
            eb('second_route_id', 'in', chunk),
            eb('third_route_id', 'in', chunk),
          ]),
        )
        .execute();
      for (const row of rows) through.add(row.route_id);
    }
    // The routes of cities whose airports' routes these are.
    for (const chunk of chunks([...through])) {
      const cities = await db
        .selectFrom('route_members')
        .select('route_id')
        .distinct()
        .where('member_route_id', 'in', chunk)
        .execute();
      for (const row of cities) through.add(row.route_id);
    }
    routes = [...through];
  }
  const back = Array.from({ length: CONNECTION_DAYS + 1 }, (_, days) => days);
  const days = dates && [...new Set(dates.flatMap((date) => back.map((n) => addDays(date, -n))))];
  return { routeIds: routes, dates: days };
}

/** The time-zone free instants and calendar steps the connection queries need, per dialect. */
function dialectSql(db: Kysely<Database>) {
  return databaseKindOf(db) === 'postgres'
    ? {
        seconds: (column: string) =>
          sql<number>`extract(epoch from cast(${sql.ref(column)} as timestamptz))`,
        nextDay: (column: string) =>
          sql<string>`to_char(cast(${sql.ref(column)} as date) + 1, 'YYYY-MM-DD')`,
      }
    : {
        seconds: (column: string) => sql<number>`unixepoch(${sql.ref(column)})`,
        nextDay: (column: string) => sql<string>`date(${sql.ref(column)}, '+1 day')`,
      };
}

/** The first flight leaves within its route's window, as a search of the route must. */
const withinRouteWindow = sql<boolean>`f1.departure_date >= r.available_from
  and (r.available_until is null or f1.departure_date <= r.available_until)`;

/**
 * A row another process wrote since this rebuild deleted it (the same route and day rebuilt at
 * the same time): replaced by this one, both read the same fares.
 */
function replaceRow(conflict: OnConflictBuilder<Database, 'route_day_prices'>) {
  return conflict.columns(['route_id', 'date']).doUpdateSet((eb) => ({
    min_price_minor: eb.ref('excluded.min_price_minor'),
    min_price_bags1_minor: eb.ref('excluded.min_price_bags1_minor'),
    min_price_bags2_minor: eb.ref('excluded.min_price_bags2_minor'),
    currency: eb.ref('excluded.currency'),
    updated_at: eb.ref('excluded.updated_at'),
  }));
}

/** The columns every summary row has the same: its currency and when it was written. */
function summaryColumns(now: string) {
  return [
    sql<string>`cast(${SUMMARY_CURRENCY} as text)`.as('currency'),
    sql<string>`cast(${now} as text)`.as('updated_at'),
  ];
}

/**
 * Writes the cheapest price per route and day of the chunk: the lowest of the route's own
 * flights and of its one-stop connections (the same fare letter on both flights, as the search
 * sells them); then, on days with neither, of its two-stop connections.
 */
async function insertCheapest(
  trx: Kysely<Database>,
  now: string,
  routeChunk: readonly number[] | undefined,
  dateChunk: readonly Ymd[] | undefined,
): Promise<number> {
  const { seconds, nextDay } = dialectSql(trx);
  const constants = summaryColumns(now);

  let direct = trx
    .selectFrom('flights')
    .innerJoin('fare_classes', 'fare_classes.flight_id', 'flights.id')
    .where('fare_classes.seats_left', '>', 0)
    .where('flights.cancelled_at', 'is', null)
    .where('fare_classes.currency', '=', SUMMARY_CURRENCY)
    .select([
      'flights.route_id as route_id',
      'flights.departure_date as date',
      'fare_classes.price_minor as price',
      'fare_classes.letter as letter',
    ]);
  if (routeChunk) direct = direct.where('flights.route_id', 'in', routeChunk);
  if (dateChunk) direct = direct.where('flights.departure_date', 'in', dateChunk);

  /** Flight `next` leaves within a day of `previous`'s arrival, after the connection time. */
  const connects = (previous: string, next: string, minutes: string) =>
    sql<boolean>`${sql.ref(`${next}.departure_date`)} between ${sql.ref(`${previous}.arrival_date`)} and ${nextDay(`${previous}.arrival_date`)}
      and ${seconds(`${next}.departure_utc`)} - ${seconds(`${previous}.arrival_utc`)} between ${sql.ref(minutes)} * 60 and ${MAX_LAYOVER_MINUTES * 60}`;

  const oneStopConnections = () => {
    let query = trx
      .selectFrom('route_paths as p')
      .innerJoin('routes as r', 'r.id', 'p.route_id')
      .innerJoin('flights as f1', 'f1.route_id', 'p.first_route_id')
      .innerJoin('flights as f2', (join) =>
        join
          .onRef('f2.route_id', '=', 'p.second_route_id')
          .on(connects('f1', 'f2', 'p.first_connection_minutes')),
      )
      // Each connecting pair of flights found once, then its fare classes: SQLite keeps the
      // tables before a CROSS JOIN as outer loops, and otherwise looks for the second flight once
      // per fare class of the first (twice the time). PostgreSQL plans it as the inner join it is.
      .crossJoin('fare_classes as c1')
      .crossJoin('fare_classes as c2')
      .whereRef('c1.flight_id', '=', 'f1.id')
      .whereRef('c2.flight_id', '=', 'f2.id')
      .whereRef('c2.letter', '=', 'c1.letter')
      .where('p.stops', '=', 1)
      .where(withinRouteWindow)
      .where('f1.cancelled_at', 'is', null)
      .where('f2.cancelled_at', 'is', null)
      .where('c1.seats_left', '>', 0)
      .where('c2.seats_left', '>', 0)
      .where('c1.currency', '=', SUMMARY_CURRENCY)
      .where('c2.currency', '=', SUMMARY_CURRENCY)
      // No airport twice: the stops of through flights are neither an end nor each other.
      .where(sql<boolean>`coalesce(f1.via_airport, '') <> r.to_airport`)
      .where(sql<boolean>`coalesce(f2.via_airport, '') <> r.from_airport`)
      .where(sql<boolean>`coalesce(f1.via_airport, '-') <> coalesce(f2.via_airport, '+')`);
    if (routeChunk) query = query.where('p.route_id', 'in', routeChunk);
    if (dateChunk) query = query.where('f1.departure_date', 'in', dateChunk);
    return query;
  };

  const oneStop = oneStopConnections().select([
    'p.route_id as route_id',
    'f1.departure_date as date',
    sql<number>`c1.price_minor + c2.price_minor`.as('price'),
    'c1.letter as letter',
  ]);
  const cheapest = trx
    .selectFrom(direct.unionAll(oneStop).as('offers'))
    .select([
      'offers.route_id',
      'offers.date',
      ...cheapestAllIn(sql.ref('offers.price'), 'offers.letter'),
      ...constants,
    ])
    .groupBy(['offers.route_id', 'offers.date']);
  const inserted = await trx
    .insertInto('route_day_prices')
    .columns(SUMMARY_COLUMNS)
    .expression(cheapest)
    .onConflict(replaceRow)
    .executeTakeFirst();

  // Two stops, only on days nothing shorter prices: those starts are found first (a
  // materialised CTE), as joining everything before that check takes minutes on PostgreSQL.
  let starts = trx
    .selectFrom('route_paths as p')
    .innerJoin('routes as r', 'r.id', 'p.route_id')
    .innerJoin('flights as f1', 'f1.route_id', 'p.first_route_id')
    .where('p.stops', '=', 2)
    .where('f1.cancelled_at', 'is', null)
    .where(withinRouteWindow)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('route_day_prices as priced')
            .select('priced.route_id')
            .whereRef('priced.route_id', '=', 'p.route_id')
            .whereRef('priced.date', '=', 'f1.departure_date'),
        ),
      ),
    )
    .select([
      'p.route_id',
      'p.second_route_id',
      'p.third_route_id',
      'p.first_connection_minutes',
      'p.second_connection_minutes',
      'r.from_airport',
      'r.to_airport',
      'f1.id as flight_id',
      'f1.departure_date',
      'f1.arrival_date',
      'f1.arrival_utc',
      'f1.via_airport',
    ]);
  if (routeChunk) starts = starts.where('p.route_id', 'in', routeChunk);
  if (dateChunk) starts = starts.where('f1.departure_date', 'in', dateChunk);
  const twoStops = trx
    .with(
      (cte) => cte('s').materialized(),
      () => starts,
    )
    .selectFrom('s')
    .innerJoin('flights as f2', (join) =>
      join
        .onRef('f2.route_id', '=', 's.second_route_id')
        .on(connects('s', 'f2', 's.first_connection_minutes')),
    )
    .innerJoin('flights as f3', (join) =>
      join
        .onRef('f3.route_id', '=', 's.third_route_id')
        .on(connects('f2', 'f3', 's.second_connection_minutes')),
    )
    .innerJoin('fare_classes as c1', 'c1.flight_id', 's.flight_id')
    .innerJoin('fare_classes as c2', (join) =>
      join.onRef('c2.flight_id', '=', 'f2.id').onRef('c2.letter', '=', 'c1.letter'),
    )
    .innerJoin('fare_classes as c3', (join) =>
      join.onRef('c3.flight_id', '=', 'f3.id').onRef('c3.letter', '=', 'c1.letter'),
    )
    .where('f2.cancelled_at', 'is', null)
    .where('f3.cancelled_at', 'is', null)
    .where('c1.seats_left', '>', 0)
    .where('c2.seats_left', '>', 0)
    .where('c3.seats_left', '>', 0)
    .where('c1.currency', '=', SUMMARY_CURRENCY)
    .where('c2.currency', '=', SUMMARY_CURRENCY)
    .where('c3.currency', '=', SUMMARY_CURRENCY)
    // No airport twice: the stops of through flights are neither an end nor each other.
    .where(sql<boolean>`coalesce(s.via_airport, '') <> s.to_airport`)
    .where(sql<boolean>`coalesce(f2.via_airport, '') not in (s.from_airport, s.to_airport)`)
    .where(sql<boolean>`coalesce(f3.via_airport, '') <> s.from_airport`)
    .where(
      sql<boolean>`coalesce(s.via_airport, '-') <> coalesce(f2.via_airport, '+') and coalesce(f2.via_airport, '-') <> coalesce(f3.via_airport, '+') and coalesce(s.via_airport, '-') <> coalesce(f3.via_airport, '+')`,
    )
    .select([
      's.route_id',
      's.departure_date',
      ...cheapestAllIn(sql`c1.price_minor + c2.price_minor + c3.price_minor`, 'c1.letter'),
      ...constants,
    ])
    .groupBy(['s.route_id', 's.departure_date']);
  const fallback = await trx
    .insertInto('route_day_prices')
    .columns(SUMMARY_COLUMNS)
    .expression(twoStops)
    .onConflict((conflict) => conflict.columns(['route_id', 'date']).doNothing())
    .executeTakeFirst();
  return (
    Number(inserted.numInsertedOrUpdatedRows ?? 0) + Number(fallback.numInsertedOrUpdatedRows ?? 0)
  );
}

/**
 * Writes the cheapest price per day of the chunk's routes from or to a city of several airports
 * (docs/search.md "Cities of several airports"): the lowest of its member routes' that day.
 */
async function insertCityPrices(
  trx: Kysely<Database>,
  now: string,
  routeChunk: readonly number[] | undefined,
  dateChunk: readonly Ymd[] | undefined,
): Promise<number> {
  let cheapest = trx
    .selectFrom('route_members as m')
    .innerJoin('route_day_prices as d', 'd.route_id', 'm.member_route_id')
    .select((eb) => [
      'm.route_id',
      'd.date',
      eb.fn.min('d.min_price_minor').as('min_price_minor'),
      eb.fn.min('d.min_price_bags1_minor').as('min_price_bags1_minor'),
      eb.fn.min('d.min_price_bags2_minor').as('min_price_bags2_minor'),
      ...summaryColumns(now),
    ])
    .groupBy(['m.route_id', 'd.date']);
  if (routeChunk) cheapest = cheapest.where('m.route_id', 'in', routeChunk);
  if (dateChunk) cheapest = cheapest.where('d.date', 'in', dateChunk);
  const inserted = await trx
    .insertInto('route_day_prices')
    .columns(SUMMARY_COLUMNS)
    .expression(cheapest)
    .onConflict(replaceRow)
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}
