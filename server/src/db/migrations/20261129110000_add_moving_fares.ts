import { sql, type Kysely } from 'kysely';
import { databaseKindOf } from '../dialect.ts';
import { createIndex, dropTables, identityPrimaryKey, required } from '../schema-helpers.ts';

/**
 * Fares that move (docs/decisions/009-fares-that-move.md):
 *
 * - `fare_classes.base_price_minor` (and the archive's): a class's price before demand, what
 *   re-pricing computes the price from. Seeding writes it; for a database seeded before, it is
 *   worked back from each class's price, its flight's load and the days left today (the demand
 *   factor of the rule as of this migration, the inverse of what set the price), so the first
 *   re-pricing keeps prices within a dollar of what they were. Classes already archived get none.
 * - `fare_sales`: the sales airline partners publish on a route's departure days.
 * - `fare_versions`: how often the fares a search of a route and day can show have
 *   changed, part of the search hash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['fare_classes', 'archived_fare_classes']) {
    await db.schema.alterTable(table).addColumn('base_price_minor', 'integer').execute();
  }
  await backfillBasePrices(db, new Date().toISOString().slice(0, 10));

  await db.schema
    .createTable('fare_sales')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('route_id', 'integer', (column) => column.notNull())
    .$call(required('text', 'from_date', 'until_date'))
    .addColumn('percent', 'integer', (column) =>
      column.notNull().check(sql`percent between 1 and 90`),
    )
    .addColumn('partner', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('ended_at', 'text')
    .addCheckConstraint('fare_sales_dates_check', sql`from_date <= until_date`)
    .execute();
  await createIndex(db, 'fare_sales_route_idx', 'fare_sales', ['route_id', 'until_date']);

  await db.schema
    .createTable('fare_versions')
    .addColumn('route_id', 'integer', (column) => column.notNull())
    .addColumn('date', 'text', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('fare_versions_pk', ['route_id', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'fare_versions', 'fare_sales');
  for (const table of ['archived_fare_classes', 'fare_classes']) {
    await db.schema.alterTable(table).dropColumn('base_price_minor').execute();
  }
}

/**
 * Each class's base: its price divided by the demand factor of its flight's load and of the days
 * from `today` to departure (0 once departed), at least one cent. Flights of no seats keep none.
 */
async function backfillBasePrices(db: Kysely<unknown>, today: string): Promise<void> {
  const postgres = databaseKindOf(db) === 'postgres';
  const greatest = sql.raw(postgres ? 'greatest' : 'max');
  const daysLeft = postgres
    ? sql`cast(f.departure_date as date) - cast(${today} as date)`
    : sql`cast(julianday(f.departure_date) - julianday(${today}) as integer)`;
  await sql`update fare_classes as c
     set base_price_minor = ${greatest}(1, cast(round(c.price_minor / (
           (1 + 0.5 * x.load * x.load)
           * (1 + 0.35 * ${greatest}(0, 14 - x.days) / 14.0 + 0.15 * ${greatest}(0, 45 - x.days) / 45.0)
         )) as integer))
    from (select f.id as flight_id,
                 1.0 * (t.total - t.seats_left) / t.total as load,
                 ${greatest}(0, ${daysLeft}) as days
            from flights as f
            join (select flight_id, sum(seats_total) as total, sum(seats_left) as seats_left
                    from fare_classes group by flight_id) as t on t.flight_id = f.id
           where t.total > 0) as x
   where x.flight_id = c.flight_id`.execute(db);
}
