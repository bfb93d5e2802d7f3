import { sql, type Kysely } from 'kysely';
import { required } from '../schema-helpers.ts';

/**
 * Where re-pricing stands (docs/decisions/009-fares-that-move.md), one row: the day every fare was
 * last re-priced for (`repriced_on`, UTC) and the last departure day that pass covered
 * (`repriced_through`). The job re-prices everything once a day, and only days rolled in after
 * `repriced_through` otherwise. The seed writes it (a fresh seed is at the prices of its day); a
 * database migrated without it gets a whole pass from the first run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fares_state')
    .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
    .$call(required('text', 'repriced_on', 'repriced_through', 'updated_at'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fares_state').execute();
}
