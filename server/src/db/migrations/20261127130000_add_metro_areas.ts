import { sql, type Kysely } from 'kysely';
import { createIndex, dropTables } from '../schema-helpers.ts';

/**
 * Cities of several airports (docs/search.md "Cities of several airports"): a city entry is an
 * `airports` row of its own (IATA city code, e.g. `TYO`) that its airports name in `metro_code`;
 * a route from or to a city is flown by its member routes, the airport routes between the same
 * places (`route_members`), and has no flights or paths of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('airports')
    // Not a foreign key: SQLite cannot drop a column that is one (`down`).
    .addColumn('metro_code', 'text')
    .execute();
  await db.schema
    .createTable('route_members')
    .addColumn('route_id', 'integer', (column) =>
      column.notNull().references('routes.id').onDelete('cascade'),
    )
    .addColumn('member_route_id', 'integer', (column) =>
      column.notNull().references('routes.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('route_members_pk', ['route_id', 'member_route_id'])
    .execute();
  await createIndex(db, 'route_members_member_idx', 'route_members', ['member_route_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The cities' routes and entries go with the tables that tell them apart.
  const cityRoutes = sql`(select route_id from route_members)`;
  await sql`delete from route_day_prices where route_id in ${cityRoutes}`.execute(db);
  await sql`delete from routes where id in ${cityRoutes}`.execute(db);
  await dropTables(db, 'route_members');
  await sql`delete from airports where code in
    (select metro_code from airports where metro_code is not null)`.execute(db);
  await db.schema.alterTable('airports').dropColumn('metro_code').execute();
}
