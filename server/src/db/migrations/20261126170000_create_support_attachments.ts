import { sql, type Kysely } from 'kysely';
import { createIndex, dropTables, ownedBy, required } from '../schema-helpers.ts';

/**
 * The images sent with support messages (docs/support.md "Attachments"): a row per image, its
 * random public `id`, the file name it was sent with (made safe), its type and size once
 * re-encoded, its place among the message's images (`position`, from 0), and `storage_key`, the random name of its file in the attachments folder
 * (`SUPPORT_ATTACHMENTS_DIR`; docs/decisions/007-support-attachments-on-disk.md). The bytes
 * themselves are not in the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_attachments')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('message_id', 'integer', ownedBy('support_messages.id'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) =>
      column.notNull().check(sql`type in ('image/jpeg', 'image/png', 'image/webp')`),
    )
    .addColumn('size', 'integer', (column) => column.notNull().check(sql`size >= 0`))
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('storage_key', 'text', (column) => column.notNull().unique())
    .$call(required('text', 'created_at'))
    .execute();
  await createIndex(db, 'support_attachments_message_idx', 'support_attachments', ['message_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'support_attachments');
}
