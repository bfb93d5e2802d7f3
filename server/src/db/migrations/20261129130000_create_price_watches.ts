import type { Kysely } from 'kysely';
import {
  createIndex,
  dropTables,
  identityPrimaryKey,
  optional,
  required,
} from '../schema-helpers.ts';

/**
 * Price watches (docs/price-watch.md): "Tell me when it's cheaper" for a route and a day or a
 * month, with no account. A watch keeps only what notifying needs: the push subscription
 * (endpoint and keys, no IP, no user agent), the owner when signed in, the language and display
 * currency, and the prices. Its public id is a bearer secret kept hashed (`id_hash`); `id` is the
 * number the owner's list shows. Watches are deleted when their day or month has passed, on
 * "Stop watching", and when the push service says the subscription has ended.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('price_watches')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('id_hash', 'text', (column) => column.notNull().unique())
    .addColumn('route_id', 'integer', (column) =>
      column.notNull().references('routes.id').onDelete('cascade'),
    )
    /** The day watched (`YYYY-MM-DD`), or null for a month watch. */
    .$call(optional('text', 'date', 'month'))
    .$call(required('integer', 'adults', 'children', 'infants', 'bags'))
    .$call(required('text', 'endpoint', 'public_key', 'auth_token', 'content_encoding'))
    .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('cascade'))
    .$call(required('text', 'locale', 'currency'))
    /** USD minor units for all passengers; null when nothing was on sale. */
    .$call(optional('integer', 'subscribed_price_minor', 'target_price_minor'))
    /** The total (USD minor units) the price must fall below: the target's, else the subscribed. */
    .$call(required('integer', 'threshold_minor'))
    .$call(optional('text', 'last_notified_at'))
    .$call(optional('integer', 'last_notified_price_minor'))
    .$call(required('text', 'created_at', 'ends_on'))
    .execute();
  await createIndex(db, 'price_watches_route_date_idx', 'price_watches', ['route_id', 'date']);
  await createIndex(db, 'price_watches_route_month_idx', 'price_watches', ['route_id', 'month']);
  await createIndex(db, 'price_watches_endpoint_idx', 'price_watches', ['endpoint']);
  await createIndex(db, 'price_watches_user_idx', 'price_watches', ['user_id']);
  await createIndex(db, 'price_watches_ends_on_idx', 'price_watches', ['ends_on']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'price_watches');
}
