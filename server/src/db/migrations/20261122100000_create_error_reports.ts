import type { Kysely } from 'kysely';
import { identityPrimaryKey } from '../schema-helpers.ts';

/** Error reports sent by the app (`POST /api/error/save`), kept for operators. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('error_reports')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('component', 'text', (column) => column.notNull())
    .addColumn('trace', 'text', (column) => column.notNull())
    .addColumn('info', 'text', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('version', 'text', (column) => column.notNull())
    .addColumn('user_agent', 'text', (column) => column.notNull())
    .addColumn('request_id', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('error_reports_created_at_idx')
    .on('error_reports')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('error_reports').execute();
}
