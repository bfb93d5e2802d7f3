import { sql, type Kysely } from 'kysely';
import { createIndex, optional, required } from '../schema-helpers.ts';

/**
 * Search jobs and their results (DESIGN §5), keyed by the search hash, so that any server process
 * can answer status, result and conditional requests for a search another one ran.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_results')
    .addColumn('hash', 'text', (column) => column.primaryKey())
    .addColumn('params', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('progress', 'done', 'error')`),
    )
    .addColumn('progress', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`progress between 0 and 100`),
    )
    .$call(optional('text', 'result', 'error'))
    .$call(required('text', 'created_at', 'started_at', 'updated_at'))
    .$call(optional('text', 'finished_at', 'expires_at'))
    .execute();
  await createIndex(db, 'search_results_expires_at_idx', 'search_results', ['expires_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_results').execute();
}
