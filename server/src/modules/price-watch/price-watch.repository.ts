import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { BAG_COUNTS, type BagCount } from '@uniquair/domain/pricing/fare-rules';
import type { Database } from '../../db/database.ts';
import { summaryPriceColumn } from '../../db/route-day-prices-all-in.ts';
import { SUMMARY_CURRENCY } from '../../db/route-day-prices.ts';
import type { PriceWatchesTable } from '../../db/tables/price-watches.ts';
import { chunks } from '../../db/chunks.ts';
import {
  joinRouteEnds,
  ROUTE_ENDS_COLUMNS,
  ROUTE_SCHEDULE_COLUMNS,
  type RouteEndsRow,
} from '../../db/route-ends.ts';

export type PriceWatchRow = Selectable<PriceWatchesTable>;

/** A route as a watch needs it: its airports, cities and the origin's time zone. */
export interface WatchRouteRow extends RouteEndsRow {
  id: number;
  dow: number;
  available_from: string;
  available_until: string | null;
}

/** A watch with its route's airports, cities and the origin's time zone (lists, messages). */
export type WatchWithRoute = PriceWatchRow & RouteEndsRow;

/** A watch to evaluate: what it costs now per passenger (USD minor units), null when nothing. */
export interface WatchPriceRow {
  id: number;
  adults: number;
  children: number;
  threshold_minor: number;
  last_notified_at: string | null;
  last_notified_price_minor: number | null;
  price_minor: number | null;
}

/** What evaluating a watch reads of it, besides its price now. */
const EVALUATED_COLUMNS = [
  'price_watches.id',
  'price_watches.adults',
  'price_watches.children',
  'price_watches.threshold_minor',
  'price_watches.last_notified_at',
  'price_watches.last_notified_price_minor',
] as const;

/** The summary's all-in price per passenger for the watch's count of checked bags. */
const allInOfBags = sql<number | null>`case price_watches.bags ${sql.join(
  BAG_COUNTS.map(
    (bags) =>
      sql`when ${sql.lit(bags)} then ${sql.ref(`route_day_prices.${summaryPriceColumn(bags)}`)}`,
  ),
  sql` `,
)} end`;

const withRoute = (db: Kysely<Database>) =>
  db
    .selectFrom('price_watches')
    .innerJoin('routes', 'routes.id', 'price_watches.route_id')
    .innerJoin('airports as origin', 'origin.code', 'routes.from_airport')
    .innerJoin('airports as destination', 'destination.code', 'routes.to_airport')
    .selectAll('price_watches')
    .select(ROUTE_ENDS_COLUMNS);

/** The SQL of price watches (docs/price-watch.md); every price is read from the summary. */
export const priceWatchRepository = {
  async route(db: Kysely<Database>, id: number): Promise<WatchRouteRow | undefined> {
    return joinRouteEnds(db)
      .select(['routes.id', ...ROUTE_ENDS_COLUMNS, ...ROUTE_SCHEDULE_COLUMNS])
      .where('routes.id', '=', id)
      .executeTakeFirst();
  },

  /**
   * The cheapest all-in price per passenger with `bags` bags (USD minor units) on the route
   * between two days (inclusive), and its day; null when nothing is on sale.
   */
  async cheapest(
    db: Kysely<Database>,
    routeId: number,
    bags: BagCount,
    from: Ymd,
    until: Ymd,
  ): Promise<{ price: number; date: Ymd } | null> {
    const column = summaryPriceColumn(bags);
    const row = await db
      .selectFrom('route_day_prices')
      .select(['date', `${column} as price`])
      .where('route_id', '=', routeId)
      .where('date', '>=', from)
      .where('date', '<=', until)
      .where(column, 'is not', null)
      .where('currency', '=', SUMMARY_CURRENCY)
      .orderBy(column)
      .orderBy('date')
      .limit(1)
      .executeTakeFirst();
    return row?.price === null || row === undefined ? null : { price: row.price, date: row.date };
  },

  async count(
    db: Kysely<Database>,
    owner: { endpoint: string; userId: number | null },
  ): Promise<number> {
    const row = await db
      .selectFrom('price_watches')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where((eb) =>
        owner.userId === null
          ? eb('endpoint', '=', owner.endpoint)
          : eb.or([eb('endpoint', '=', owner.endpoint), eb('user_id', '=', owner.userId)]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async insert(db: Kysely<Database>, values: Insertable<PriceWatchesTable>): Promise<number> {
    const row = await db
      .insertInto('price_watches')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  async withRoute(db: Kysely<Database>, id: number): Promise<WatchWithRoute | undefined> {
    return withRoute(db).where('price_watches.id', '=', id).executeTakeFirst();
  },

  async ofUser(db: Kysely<Database>, userId: number): Promise<WatchWithRoute[]> {
    return withRoute(db)
      .where('price_watches.user_id', '=', userId)
      .orderBy('price_watches.ends_on')
      .orderBy('price_watches.id')
      .execute();
  },

  async deleteByHash(db: Kysely<Database>, idHash: string): Promise<boolean> {
    const result = await db
      .deleteFrom('price_watches')
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** Deletes watch `id` when it belongs to the user or to the push endpoint. */
  async deleteOwned(
    db: Kysely<Database>,
    id: number,
    owner: { userId: number | null; endpoint: string | null },
  ): Promise<boolean> {
    if (owner.userId === null && owner.endpoint === null) return false;
    const result = await db
      .deleteFrom('price_watches')
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          ...(owner.userId === null ? [] : [eb('user_id', '=', owner.userId)]),
          ...(owner.endpoint === null ? [] : [eb('endpoint', '=', owner.endpoint)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** Every watch of a push subscription that has ended (the push service answered 404/410). */
  async deleteByEndpoint(db: Kysely<Database>, endpoint: string): Promise<number> {
    const result = await db
      .deleteFrom('price_watches')
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Watches whose last day is before `today`. */
  async deleteEnded(db: Kysely<Database>, today: Ymd): Promise<number> {
    const result = await db
      .deleteFrom('price_watches')
      .where('ends_on', '<', today)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /**
   * The day watches on the routes and days given (all when absent), each with the cheapest
   * all-in price per passenger of its day.
   */
  async dayWatchPrices(
    db: Kysely<Database>,
    scope: { routeIds?: readonly number[]; dates?: readonly Ymd[] },
  ): Promise<WatchPriceRow[]> {
    const rows: WatchPriceRow[] = [];
    for (const routeChunk of scope.routeIds ? chunks(scope.routeIds) : [undefined]) {
      for (const dateChunk of scope.dates ? chunks(scope.dates) : [undefined]) {
        let query = db
          .selectFrom('price_watches')
          .leftJoin('route_day_prices', (join) =>
            join
              .onRef('route_day_prices.route_id', '=', 'price_watches.route_id')
              .onRef('route_day_prices.date', '=', 'price_watches.date')
              .on('route_day_prices.currency', '=', SUMMARY_CURRENCY),
          )
          .select([...EVALUATED_COLUMNS, allInOfBags.as('price_minor')])
          .where('price_watches.date', 'is not', null);
        if (routeChunk) query = query.where('price_watches.route_id', 'in', routeChunk);
        if (dateChunk) query = query.where('price_watches.date', 'in', dateChunk);
        rows.push(...(await query.execute()));
      }
    }
    return rows;
  },

  /**
   * The month watches on the routes and months given (all when absent), each with the cheapest
   * all-in price per passenger of its month's days from today at the route's origin on
   * (`todayAt` answers the date in a time zone).
   */
  async monthWatchPrices(
    db: Kysely<Database>,
    scope: { routeIds?: readonly number[]; months?: readonly string[] },
    todayAt: (timeZone: string) => Ymd,
  ): Promise<WatchPriceRow[]> {
    const zones = await db.selectFrom('airports').select('time_zone').distinct().execute();
    const originToday = sql<string>`case origin.time_zone ${sql.join(
      zones.map(({ time_zone }) => sql`when ${time_zone} then ${todayAt(time_zone)}`),
      sql` `,
    )} end`;
    const rows: WatchPriceRow[] = [];
    for (const routeChunk of scope.routeIds ? chunks(scope.routeIds) : [undefined]) {
      let query = db
        .selectFrom('price_watches')
        .innerJoin('routes', 'routes.id', 'price_watches.route_id')
        .innerJoin('airports as origin', 'origin.code', 'routes.from_airport')
        .leftJoin('route_day_prices', (join) =>
          join
            .onRef('route_day_prices.route_id', '=', 'price_watches.route_id')
            .on(sql<boolean>`route_day_prices.date >= ${originToday}`)
            .on(sql<boolean>`substr(route_day_prices.date, 1, 7) = price_watches.month`)
            .on('route_day_prices.currency', '=', SUMMARY_CURRENCY),
        )
        .select([...EVALUATED_COLUMNS, sql<number | null>`min(${allInOfBags})`.as('price_minor')])
        .where('price_watches.month', 'is not', null)
        .groupBy([...EVALUATED_COLUMNS]);
      if (routeChunk) query = query.where('price_watches.route_id', 'in', routeChunk);
      if (scope.months) query = query.where('price_watches.month', 'in', [...scope.months]);
      rows.push(...(await query.execute()));
    }
    return rows;
  },

  /**
   * Marks watches notified at `now` with their new price, only those not notified since `cutoff`
   * (one conditional update: of two processes evaluating at once, one gets each watch). Answers
   * the ids it marked.
   */
  async claim(
    db: Kysely<Database>,
    watches: readonly { id: number; price: number }[],
    now: string,
    cutoff: string,
  ): Promise<number[]> {
    const claimed: number[] = [];
    for (const chunk of chunks(watches)) {
      const price = sql<number>`case ${sql.ref('id')} ${sql.join(
        chunk.map((watch) => sql`when ${sql.lit(watch.id)} then ${sql.lit(watch.price)}`),
        sql` `,
      )} end`;
      const rows = await db
        .updateTable('price_watches')
        .set({ last_notified_at: now, last_notified_price_minor: price })
        .where(
          'id',
          'in',
          chunk.map((watch) => watch.id),
        )
        .where((eb) =>
          eb.or([eb('last_notified_at', 'is', null), eb('last_notified_at', '<=', cutoff)]),
        )
        .returning('id')
        .execute();
      claimed.push(...rows.map((row) => Number(row.id)));
    }
    return claimed;
  },

  /** Which of these watches belong to a signed-in user (they get an e-mail too). */
  async ownedAmong(db: Kysely<Database>, ids: readonly number[]): Promise<number[]> {
    const owned: number[] = [];
    for (const chunk of chunks(ids)) {
      const rows = await db
        .selectFrom('price_watches')
        .select('id')
        .where('id', 'in', chunk)
        .where('user_id', 'is not', null)
        .execute();
      owned.push(...rows.map((row) => Number(row.id)));
    }
    return owned;
  },

  /** The signed-in owner's address and name (the e-mail of a watch). */
  async ownerContact(
    db: Kysely<Database>,
    userId: number,
  ): Promise<{ email: string; first_name: string } | undefined> {
    return db
      .selectFrom('users')
      .select(['email', 'first_name'])
      .where('id', '=', userId)
      .executeTakeFirst();
  },
};
