import type { Kysely } from 'kysely';

/**
 * All-in prices with checked bags (docs/search.md "All-in prices with bags"): the price summary
 * keeps, beside each day's cheapest fare, the cheapest fare plus the bag extras for 1 and 2
 * checked bags per passenger (null when no fare that day carries them). The summary is derived
 * data: `inventory_state.price_summary_version` records the shape it was last built in, and the
 * next inventory roll (at start, or `npm run inventory:roll`) rebuilds an older one whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('route_day_prices')
    .addColumn('min_price_bags1_minor', 'integer')
    .execute();
  await db.schema
    .alterTable('route_day_prices')
    .addColumn('min_price_bags2_minor', 'integer')
    .execute();
  await db.schema
    .alterTable('inventory_state')
    .addColumn('price_summary_version', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inventory_state').dropColumn('price_summary_version').execute();
  await db.schema.alterTable('route_day_prices').dropColumn('min_price_bags2_minor').execute();
  await db.schema.alterTable('route_day_prices').dropColumn('min_price_bags1_minor').execute();
}
