import { sql, type Kysely } from 'kysely';
import { binaryColumnType, identityPrimaryKey } from '../schema-helpers.ts';

/**
 * Accounts (DESIGN §4, §7): users, their server-side sessions, e-mailed link tokens (hashed),
 * avatars, saved passengers, and the outbox of e-mails waiting to be sent (or, in development
 * without SMTP, to be read at /dev/mailbox).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('first_name', 'text', (column) => column.notNull())
    .addColumn('last_name', 'text', (column) => column.notNull())
    .addColumn('title_id', 'integer')
    .addColumn('notifications', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(1)
        .check(sql`notifications in (0, 1)`),
    )
    .addColumn('avatar_id', 'text')
    .addColumn('email_confirmed_at', 'text')
    .addColumn('pending_email', 'text')
    .addColumn('locale', 'text', (column) => column.notNull())
    .addColumn('currency', 'text')
    .addColumn('passengers_updated_at', 'text', (column) => column.notNull())
    .addColumn('password_changed_at', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('user_agent', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema
    .createIndex('sessions_expires_at_idx')
    .on('sessions')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('user_tokens')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', (column) =>
      column.notNull().check(sql`purpose in ('confirm_email', 'change_email', 'recover', 'login')`),
    )
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('user_tokens_user_id_idx')
    .on('user_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('user_avatars')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('data', binaryColumnType(db), (column) => column.notNull())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('user_avatars_user_id_idx')
    .on('user_avatars')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('saved_passengers')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('match_key', 'text', (column) => column.notNull())
    .addColumn('passenger_type_id', 'integer', (column) => column.notNull())
    .addColumn('title_id', 'integer')
    .addColumn('first_name', 'text', (column) => column.notNull())
    .addColumn('last_name', 'text', (column) => column.notNull())
    .addColumn('birth_date', 'text')
    .addColumn('nationality', 'text')
    .addColumn('document_type_id', 'integer')
    .addColumn('document_number', 'text')
    .addColumn('document_expiry', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_used_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('saved_passengers_user_match_key', ['user_id', 'match_key'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('locale', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('text_body', 'text', (column) => column.notNull())
    .addColumn('html_body', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('held', 'pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('mail_outbox_status_idx')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'mail_outbox',
    'saved_passengers',
    'user_avatars',
    'user_tokens',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
