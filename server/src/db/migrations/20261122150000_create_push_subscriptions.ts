import type { Kysely } from 'kysely';
import {
  createIndex,
  dropTables,
  identityPrimaryKey,
  ownedBy,
  required,
} from '../schema-helpers.ts';

/**
 * Web Push (SPEC §3 "Push subscription", §7; DESIGN §3): the browsers' subscriptions, which
 * bookings each one hears about, and the server's VAPID key pair when it is not configured.
 *
 * A subscription belongs to the signed-in user who sent it (their bookings' pushes reach it) and
 * is linked to the bookings whose device tokens the browser presented; an endpoint is unique, so
 * sending it again updates it. The VAPID keys row is written once, on the first start without
 * `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`, and shared by every server process. The web app builds
 * already announced by an app-update push are listed, so each is announced once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('endpoint', 'text', (column) => column.notNull().unique())
    /** The browser's P-256 public key (`p256dh`), base64url. */
    .addColumn('public_key', 'text', (column) => column.notNull())
    /** The browser's 16-byte authentication secret, base64url. */
    .addColumn('auth_token', 'text', (column) => column.notNull())
    /** `aes128gcm` (RFC 8291) or the legacy `aesgcm`. */
    .addColumn('content_encoding', 'text', (column) => column.notNull())
    .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('cascade'))
    .$call(required('text', 'locale', 'created_at', 'updated_at'))
    .execute();
  await createIndex(db, 'push_subscriptions_user_idx', 'push_subscriptions', ['user_id']);

  await db.schema
    .createTable('push_subscription_bookings')
    .addColumn('subscription_id', 'integer', ownedBy('push_subscriptions.id'))
    .addColumn('booking_id', 'integer', ownedBy('bookings.id'))
    .addPrimaryKeyConstraint('push_subscription_bookings_pk', ['subscription_id', 'booking_id'])
    .execute();
  await createIndex(db, 'push_subscription_bookings_booking_idx', 'push_subscription_bookings', [
    'booking_id',
  ]);

  await db.schema
    .createTable('push_vapid_keys')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .$call(required('text', 'public_key', 'private_key', 'created_at'))
    .execute();

  /** Web app builds already announced to the subscribers (app-update notices go out once). */
  await db.schema
    .createTable('push_app_releases')
    .addColumn('build_id', 'text', (column) => column.primaryKey())
    .addColumn('announced_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(
    db,
    'push_app_releases',
    'push_vapid_keys',
    'push_subscription_bookings',
    'push_subscriptions',
  );
}
