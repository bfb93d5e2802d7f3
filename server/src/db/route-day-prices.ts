/**
 * The cheapest-price summary (`route_day_prices`, DESIGN §5): a table derived from the inventory,
 * kept like a materialised view. The seed, the booking flow and the pricing module rebuild it, so it
 * lives with the database rather than in one of them.
 */
import { EventEmitter } from 'node:events';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { DEFAULT_CURRENCY_CODE } from '@uniquair/domain/pricing/currency';
import { sql, type Kysely } from 'kysely';
import type { Database } from './database.ts';

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
          .where('flights.cancelled_at', 'is', null)
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
