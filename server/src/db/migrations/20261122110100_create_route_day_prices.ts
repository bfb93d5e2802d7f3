import type { Kysely } from 'kysely';
import { ownedBy, required } from '../schema-helpers.ts';

/**
 * The cheapest-price summary (DESIGN §5): the lowest fare with a seat left per route and
 * departure day, kept up to date when fares or seats change, so the price calendars and offers
 * never scan flights per request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('route_day_prices')
    .addColumn('route_id', 'integer', ownedBy('routes.id'))
    .addColumn('date', 'text', (column) => column.notNull())
    .addColumn('min_price_minor', 'integer', (column) => column.notNull())
    .$call(required('text', 'currency', 'updated_at'))
    .addPrimaryKeyConstraint('route_day_prices_pk', ['route_id', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('route_day_prices').execute();
}
