import { sql, type Kysely } from 'kysely';
import { createIndex, dropTables, identityPrimaryKey, ownedBy } from '../schema-helpers.ts';

/**
 * Connection paths (docs/search.md "Connections"): the ways to fly a route through one or two
 * hubs, each a chain of routes with the minimum connection time at every stop. A route served
 * only through hubs (a market) has paths and no flights of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('route_paths')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('route_id', 'integer', ownedBy('routes.id'))
    .addColumn('stops', 'integer', (column) => column.notNull().check(sql`stops between 1 and 2`))
    .addColumn('first_route_id', 'integer', (column) => column.notNull().references('routes.id'))
    .addColumn('second_route_id', 'integer', (column) => column.notNull().references('routes.id'))
    .addColumn('third_route_id', 'integer', (column) => column.references('routes.id'))
    .addColumn('first_connection_minutes', 'integer', (column) => column.notNull())
    .addColumn('second_connection_minutes', 'integer')
    /** Flown distance over the great-circle distance of the route. */
    .addColumn('detour', 'double precision', (column) => column.notNull())
    .addCheckConstraint(
      'route_paths_stops_match',
      sql`(stops = 1 and third_route_id is null and second_connection_minutes is null)
        or (stops = 2 and third_route_id is not null and second_connection_minutes is not null)`,
    )
    .execute();
  await createIndex(db, 'route_paths_route_idx', 'route_paths', ['route_id']);
  for (const column of ['first_route_id', 'second_route_id', 'third_route_id']) {
    await createIndex(db, `route_paths_${column}_idx`, 'route_paths', [column]);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'route_paths');
}
