import type { Kysely } from 'kysely';

/**
 * How far the archive of flown flights has come (docs/decisions/008-inventory-rolls-forward.md):
 * `inventory_state.archived_before`, the day before which every flight has been archived or kept
 * for its bookings. A roll looks only at the flights departed since, and at none when that day has
 * not moved (the hourly runs of a day). Null: not archived yet, every flown flight is looked at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inventory_state').addColumn('archived_before', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inventory_state').dropColumn('archived_before').execute();
}
