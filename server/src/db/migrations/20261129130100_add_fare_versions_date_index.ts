import type { Kysely } from 'kysely';
import { createIndex } from '../schema-helpers.ts';

/**
 * The fare versions by day (docs/decisions/009-fares-that-move.md): the re-pricing job forgets
 * those of days past (`where date < ?`) every run, and the table's key starts with the route, so
 * without this index each prune reads the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createIndex(db, 'fare_versions_date_idx', 'fare_versions', ['date']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('fare_versions_date_idx').execute();
}
