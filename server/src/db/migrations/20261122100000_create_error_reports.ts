import type { Kysely } from 'kysely';
import { createIndex, identityPrimaryKey, required } from '../schema-helpers.ts';

/** Error reports sent by the app (`POST /api/error/save`), kept for operators. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('error_reports')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .$call(required('text', 'created_at', 'component', 'trace', 'info'))
    .$call(required('text', 'url', 'version', 'user_agent', 'request_id'))
    .execute();
  await createIndex(db, 'error_reports_created_at_idx', 'error_reports', ['created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('error_reports').execute();
}
