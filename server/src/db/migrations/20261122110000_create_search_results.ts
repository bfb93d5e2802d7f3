import { sql, type Kysely } from 'kysely';

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
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('started_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema
    .createIndex('search_results_expires_at_idx')
    .on('search_results')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_results').execute();
}
