import { EventEmitter } from 'node:events';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { DEFAULT_CURRENCY_CODE } from '@uniquair/domain/pricing/currency';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The data set whose version is the `Last-Modified` of the price calendars. */
export const PRICES_DATASET = 'prices';

/** The currency the summary is kept in: the base currency of the inventory (USD). */
export const SUMMARY_CURRENCY = DEFAULT_CURRENCY_CODE;

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

/** Statements bind at most this many values, well below SQLite's and PostgreSQL's limits. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) result.push(items.slice(i, i + CHUNK));
  return result;
}

/**
 * Rebuilds the cheapest-price summary (DESIGN §5) for some routes and/or days, or all of it: the
 * lowest fare with at least one seat left per route and departure day, in the base currency.
 * Call it after anything that changes fares or seats (seeding, taking or releasing seats); a day
 * whose flights are sold out loses its row. Runs in the caller's transaction when given one, or
 * in its own, and moves the `prices` data-set version forward.
 */
export async function refreshRouteDayPrices(
  db: Kysely<Database>,
  routeIds?: readonly number[],
  dates?: readonly Ymd[],
): Promise<PriceSummaryRefresh> {
  const routeList = routeIds ? [...new Set(routeIds)] : undefined;
  const dateList = dates ? [...new Set(dates)] : undefined;
  if (routeList?.length === 0 || dateList?.length === 0) {
    return { rows: 0, version: await currentVersion(db) };
  }
  const work = async (trx: Kysely<Database>): Promise<PriceSummaryRefresh> => {
    const now = new Date().toISOString();
    let rows = 0;
    // Several routes and days: one pass per chunk of routes, each narrowed to the days.
    for (const routeChunk of routeList ? chunks(routeList) : [undefined]) {
      for (const dateChunk of dateList ? chunks(dateList) : [undefined]) {
        let remove = trx.deleteFrom('route_day_prices');
        if (routeChunk) remove = remove.where('route_id', 'in', routeChunk);
        if (dateChunk) remove = remove.where('date', 'in', dateChunk);
        await remove.execute();

        let cheapest = trx
          .selectFrom('flights')
          .innerJoin('fare_classes', 'fare_classes.flight_id', 'flights.id')
          .where('fare_classes.seats_left', '>', 0)
          .where('fare_classes.currency', '=', SUMMARY_CURRENCY)
          .select((eb) => [
            'flights.route_id',
            'flights.departure_date',
            eb.fn.min('fare_classes.price_minor').as('min_price_minor'),
            sql<string>`cast(${SUMMARY_CURRENCY} as text)`.as('currency'),
            sql<string>`cast(${now} as text)`.as('updated_at'),
          ])
          .groupBy(['flights.route_id', 'flights.departure_date']);
        if (routeChunk) cheapest = cheapest.where('flights.route_id', 'in', routeChunk);
        if (dateChunk) cheapest = cheapest.where('flights.departure_date', 'in', dateChunk);
        const inserted = await trx
          .insertInto('route_day_prices')
          .columns(['route_id', 'date', 'min_price_minor', 'currency', 'updated_at'])
          .expression(cheapest)
          .executeTakeFirst();
        rows += Number(inserted.numInsertedOrUpdatedRows ?? 0);
      }
    }
    return { rows, version: await bumpVersion(trx) };
  };
  const refreshed = db.isTransaction
    ? await work(db)
    : await db.transaction().execute((trx) => work(trx));
  priceSummaryEvents.emit('refreshed', { routeIds: routeList, dates: dateList });
  return refreshed;
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

export interface PricingRouteRow {
  id: number;
  from_airport: string;
  to_airport: string;
  dow: number;
  available_from: string;
  available_until: string | null;
  from_time_zone: string;
}

export interface PricingAirportRow {
  code: string;
  time_zone: string;
}

export interface DayPriceRow {
  date: string;
  min_price_minor: number;
}

export interface OfferRow {
  route_id: number;
  dow: number;
  available_from: string;
  available_until: string | null;
  date: string;
  min_price_minor: number;
  code: string;
  name: string;
  city: string;
  country_code: string;
}

/** Reads of the price summary for the calendars and offers; never of flights or fares. */
export class PricingRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async route(id: number): Promise<PricingRouteRow | undefined> {
    return this.#db
      .selectFrom('routes')
      .innerJoin('airports', 'airports.code', 'routes.from_airport')
      .select([
        'routes.id',
        'routes.from_airport',
        'routes.to_airport',
        'routes.dow',
        'routes.available_from',
        'routes.available_until',
        'airports.time_zone as from_time_zone',
      ])
      .where('routes.id', '=', id)
      .executeTakeFirst();
  }

  async airport(code: string): Promise<PricingAirportRow | undefined> {
    return this.#db
      .selectFrom('airports')
      .select(['code', 'time_zone'])
      .where('code', '=', code)
      .executeTakeFirst();
  }

  /** The summary of one route from `from` to `until` (inclusive), by date. */
  async dayPrices(routeId: number, from: Ymd, until: Ymd): Promise<DayPriceRow[]> {
    return this.#db
      .selectFrom('route_day_prices')
      .select(['date', 'min_price_minor'])
      .where('route_id', '=', routeId)
      .where('date', '>=', from)
      .where('date', '<=', until)
      .where('currency', '=', SUMMARY_CURRENCY)
      .orderBy('date')
      .execute();
  }

  /** The summary of every available route from an airport over the days, with destinations. */
  async offers(airport: string, from: Ymd, until: Ymd): Promise<OfferRow[]> {
    return this.#db
      .selectFrom('route_day_prices')
      .innerJoin('routes', 'routes.id', 'route_day_prices.route_id')
      .innerJoin('airports', 'airports.code', 'routes.to_airport')
      .select([
        'route_day_prices.route_id',
        'routes.dow',
        'routes.available_from',
        'routes.available_until',
        'route_day_prices.date',
        'route_day_prices.min_price_minor',
        'airports.code',
        'airports.name',
        'airports.city',
        'airports.country_code',
      ])
      .where('routes.from_airport', '=', airport)
      .where('routes.dow', '>', 0)
      .where('route_day_prices.date', '>=', from)
      .where('route_day_prices.date', '<=', until)
      .where('route_day_prices.currency', '=', SUMMARY_CURRENCY)
      .orderBy('route_day_prices.route_id')
      .orderBy('route_day_prices.date')
      .execute();
  }
}
