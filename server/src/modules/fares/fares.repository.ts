import type { Ymd } from '@uniquair/domain/dates/ymd';
import { sql } from 'kysely';
import { databaseKindOf } from '../../db/dialect.ts';
import { Repository } from '../../db/repository.ts';
import { readFaresState, writeFaresState, type FaresState } from '../../db/fares-state.ts';
import {
  connectedScope,
  rebuildRouteDayPrices,
  type PriceSummaryScope,
} from '../../db/route-day-prices.ts';
import { routeDayBlocks } from '../../db/route-day-prices-scope.ts';
import type { FareSale } from '../../db/tables/fares.ts';
import { chunks } from '../../db/chunks.ts';

/** Rows written or read per statement (several values each): well below both dialects' limits. */
const ROWS_PER_STATEMENT = 300;

/** A fare class with what re-pricing reads of it and of its flight. */
export interface PricedFareRow {
  id: number;
  flight_id: number;
  route_id: number;
  departure_date: Ymd;
  base_price_minor: number | null;
  price_minor: number;
  seats_total: number;
  seats_left: number;
}

/**
 * Which flights to re-price (never cancelled ones, whose fares are not sold): those of some
 * routes on some days, or all of one day.
 */
export type FlightScope =
  | { routeIds: readonly number[]; dates: readonly Ymd[] }
  | { routeIds?: undefined; dates: readonly Ymd[] };

/** A route and a departure day whose fares changed. */
export interface RouteDay {
  routeId: number;
  date: Ymd;
}

export interface NewSale {
  route_id: number;
  from_date: Ymd;
  until_date: Ymd;
  percent: number;
  partner: string | null;
  created_at: string;
}

/** The fares module's SQL: fare classes to re-price, the sales, and the fare versions. */
export class FaresRepository extends Repository {
  /** Runs `work` in a transaction, with a repository on it. */
  transaction<T>(work: (repository: FaresRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new FaresRepository(trx)));
  }

  /**
   * The fare classes of every flight in scope, each flight with all its classes (its load
   * factor needs them). On PostgreSQL the rows are locked in id order, the order bookings take
   * seats in, so a booking on them waits for the new prices and re-pricing for its seats.
   */
  async fares(scope: FlightScope): Promise<PricedFareRow[]> {
    let query = this.db
      .selectFrom('fare_classes as c')
      .innerJoin('flights as f', 'f.id', 'c.flight_id')
      .select([
        'c.id',
        'c.flight_id',
        'f.route_id',
        'f.departure_date',
        'c.base_price_minor',
        'c.price_minor',
        'c.seats_total',
        'c.seats_left',
      ])
      .where('f.cancelled_at', 'is', null)
      .where('f.departure_date', 'in', [...scope.dates])
      .orderBy('c.id');
    if (scope.routeIds !== undefined) query = query.where('f.route_id', 'in', [...scope.routeIds]);
    if (databaseKindOf(this.db) === 'postgres') query = query.forUpdate('c');
    const rows = await query.execute();
    return rows.map((row) => ({ ...row, id: Number(row.id), flight_id: Number(row.flight_id) }));
  }

  /** Writes new prices, a statement per chunk of classes. */
  async setPrices(changes: readonly { id: number; price: number }[]): Promise<void> {
    for (const chunk of chunks(changes, ROWS_PER_STATEMENT)) {
      const price = sql<number>`case ${sql.ref('id')} ${sql.join(
        chunk.map((change) => sql`when ${change.id} then cast(${change.price} as integer)`),
        sql` `,
      )} end`;
      await this.db
        .updateTable('fare_classes')
        .set({ price_minor: price })
        .where(
          'id',
          'in',
          chunk.map((change) => change.id),
        )
        .execute();
    }
  }

  /**
   * Moves the fare versions forward for the searches that can show the changed fares: each
   * changed route and day widened on its own as the price summary widens a change (the routes
   * flown through the route and its cities, on the day and the `CONNECTION_DAYS` before), never
   * one changed route onto another's day.
   */
  async bumpFareVersions(changed: readonly RouteDay[]): Promise<void> {
    if (changed.length === 0) return;
    const wide = new Map<string, { route_id: number; date: Ymd; version: number }>();
    for (const block of routeDayBlocks(changed)) {
      const scope = await connectedScope(this.db, block.routeIds, block.dates);
      for (const routeId of scope.routeIds ?? []) {
        for (const date of scope.dates ?? []) {
          wide.set(`${routeId} ${date}`, { route_id: routeId, date, version: 1 });
        }
      }
    }
    // In one order everywhere, so two processes moving the same versions never wait in a cycle.
    const pairs = [...wide.values()].sort(
      (a, b) => a.route_id - b.route_id || a.date.localeCompare(b.date),
    );
    for (const chunk of chunks(pairs, ROWS_PER_STATEMENT)) {
      await this.db
        .insertInto('fare_versions')
        .values(chunk)
        .onConflict((conflict) =>
          conflict.columns(['route_id', 'date']).doUpdateSet({
            version: (eb) => eb('fare_versions.version', '+', 1),
          }),
        )
        .execute();
    }
  }

  /**
   * Rebuilds the price summary of these route-days (each block of routes on its days, widened as
   * `connectedScope` says) in this repository's transaction; answers the scopes rebuilt, to tell
   * `priceSummaryEvents` of once it has committed.
   */
  async rebuildPriceSummary(days: readonly RouteDay[]): Promise<PriceSummaryScope[]> {
    const scopes: PriceSummaryScope[] = [];
    for (const block of routeDayBlocks(days)) {
      scopes.push((await rebuildRouteDayPrices(this.db, block.routeIds, block.dates)).scope);
    }
    return scopes;
  }

  /** The fare version of each route and day (0 when its fares never changed), in order. */
  async fareVersions(days: readonly RouteDay[]): Promise<number[]> {
    if (days.length === 0) return [];
    const rows = await this.db
      .selectFrom('fare_versions')
      .select(['route_id', 'date', 'version'])
      .where((eb) =>
        eb.or(
          days.map((day) => eb.and([eb('route_id', '=', day.routeId), eb('date', '=', day.date)])),
        ),
      )
      .execute();
    return days.map(
      (day) =>
        rows.find((row) => row.route_id === day.routeId && row.date === day.date)?.version ?? 0,
    );
  }

  /** Forgets the fare versions of days before `before` (no search can ask for them). */
  async pruneFareVersions(before: Ymd): Promise<void> {
    await this.db.deleteFrom('fare_versions').where('date', '<', before).execute();
  }

  /** The running sales overlapping the days `from` to `until`, of some routes or all. */
  async runningSales(
    from: Ymd,
    until: Ymd,
    routeIds?: readonly number[],
  ): Promise<Pick<FareSale, 'route_id' | 'from_date' | 'until_date' | 'percent'>[]> {
    let query = this.db
      .selectFrom('fare_sales')
      .select(['route_id', 'from_date', 'until_date', 'percent'])
      .where('ended_at', 'is', null)
      .where('from_date', '<=', until)
      .where('until_date', '>=', from);
    if (routeIds !== undefined) query = query.where('route_id', 'in', [...routeIds]);
    return query.execute();
  }

  /** Where re-pricing stands; undefined before any seed or pass. */
  state(): Promise<FaresState | undefined> {
    return readFaresState(this.db);
  }

  /** Records a whole pass (or the days rolled in since one). */
  recordPass(state: FaresState, now: Date): Promise<void> {
    return writeFaresState(this.db, state, now);
  }

  /** The first and last departure day of the inventory from `today` on; null when none. */
  async inventoryDays(today: Ymd): Promise<{ first: Ymd; last: Ymd } | null> {
    const row = await this.db
      .selectFrom('flights')
      .select((eb) => [
        eb.fn.min('departure_date').as('first'),
        eb.fn.max('departure_date').as('last'),
      ])
      .where('departure_date', '>=', today)
      .executeTakeFirst();
    return row?.first && row.last ? { first: row.first, last: row.last } : null;
  }

  /** A route, and whether it has flights of its own (a connection or a city's route has none). */
  async route(id: number): Promise<{ id: number; ownFlights: boolean } | undefined> {
    const route = await this.db
      .selectFrom('routes')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (route === undefined) return undefined;
    const flight = await this.db
      .selectFrom('flights')
      .select('id')
      .where('route_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    return { id: Number(route.id), ownFlights: flight !== undefined };
  }

  async insertSale(sale: NewSale): Promise<FareSale> {
    return this.db.insertInto('fare_sales').values(sale).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * The sales of a partner (everyone's when `partner` is null: the API runs without keys) that
   * have not ended and whose last day is not before `today`, newest first.
   */
  async salesOf(partner: string | null, today: Ymd, routeId?: number): Promise<FareSale[]> {
    let query = this.db
      .selectFrom('fare_sales')
      .selectAll()
      .where('ended_at', 'is', null)
      .where('until_date', '>=', today)
      .orderBy('id', 'desc');
    if (partner !== null) query = query.where('partner', '=', partner);
    if (routeId !== undefined) query = query.where('route_id', '=', routeId);
    return query.execute();
  }

  /** A sale of the partner (anyone's when null) that has not ended. */
  async runningSale(id: number, partner: string | null): Promise<FareSale | undefined> {
    let query = this.db
      .selectFrom('fare_sales')
      .selectAll()
      .where('id', '=', id)
      .where('ended_at', 'is', null);
    if (partner !== null) query = query.where('partner', '=', partner);
    return query.executeTakeFirst();
  }

  /** Ends a running sale of the partner (anyone's when null); undefined when there is none. */
  async endSale(id: number, partner: string | null, now: string): Promise<FareSale | undefined> {
    let update = this.db
      .updateTable('fare_sales')
      .set({ ended_at: now })
      .where('id', '=', id)
      .where('ended_at', 'is', null);
    if (partner !== null) update = update.where('partner', '=', partner);
    return update.returningAll().executeTakeFirst();
  }
}
