import { sql, type Kysely } from 'kysely';
import {
  binaryColumnType,
  createIndex,
  dropTables,
  flag,
  identityPrimaryKey,
  optional,
  ownedBy,
  required,
} from '../schema-helpers.ts';

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
    .$call(required('text', 'password_hash', 'first_name', 'last_name'))
    .addColumn('title_id', 'integer')
    .$call(flag('notifications', 1))
    .$call(optional('text', 'avatar_id', 'email_confirmed_at', 'pending_email'))
    .addColumn('locale', 'text', (column) => column.notNull())
    .addColumn('currency', 'text')
    .$call(required('text', 'passengers_updated_at', 'password_changed_at'))
    .$call(required('text', 'created_at', 'updated_at'))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .$call(required('text', 'created_at', 'last_seen_at', 'expires_at', 'user_agent'))
    .execute();
  await createIndex(db, 'sessions_user_id_idx', 'sessions', ['user_id']);
  await createIndex(db, 'sessions_expires_at_idx', 'sessions', ['expires_at']);

  await db.schema
    .createTable('user_tokens')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('purpose', 'text', (column) =>
      column.notNull().check(sql`purpose in ('confirm_email', 'change_email', 'recover', 'login')`),
    )
    .$call(required('text', 'email', 'created_at', 'expires_at'))
    .addColumn('used_at', 'text')
    .execute();
  await createIndex(db, 'user_tokens_user_id_idx', 'user_tokens', ['user_id', 'purpose']);

  await db.schema
    .createTable('user_avatars')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('data', binaryColumnType(db), (column) => column.notNull())
    .$call(required('integer', 'width', 'height'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await createIndex(db, 'user_avatars_user_id_idx', 'user_avatars', ['user_id']);

  await db.schema
    .createTable('saved_passengers')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('match_key', 'text', (column) => column.notNull())
    .addColumn('passenger_type_id', 'integer', (column) => column.notNull())
    .addColumn('title_id', 'integer')
    .$call(required('text', 'first_name', 'last_name'))
    .$call(optional('text', 'birth_date', 'nationality'))
    .addColumn('document_type_id', 'integer')
    .$call(optional('text', 'document_number', 'document_expiry'))
    .$call(required('text', 'created_at', 'last_used_at'))
    .addUniqueConstraint('saved_passengers_user_match_key', ['user_id', 'match_key'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .$call(required('text', 'created_at', 'kind', 'to_address', 'locale'))
    .$call(required('text', 'subject', 'text_body', 'html_body'))
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('held', 'pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .$call(optional('text', 'claimed_at', 'sent_at', 'last_error'))
    .execute();
  await createIndex(db, 'mail_outbox_status_idx', 'mail_outbox', ['status', 'next_attempt_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(
    db,
    'mail_outbox',
    'saved_passengers',
    'user_avatars',
    'user_tokens',
    'sessions',
    'users',
  );
}
