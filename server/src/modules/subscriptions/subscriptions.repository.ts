import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { heldByDevice } from '../../db/held-by-device.ts';
import type { PushSubscriptionsTable } from '../../db/tables/push.ts';

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

export interface SubscriptionInput {
  readonly endpoint: string;
  readonly publicKey: string;
  readonly authToken: string;
  readonly contentEncoding: 'aes128gcm' | 'aesgcm';
  readonly userId: number | null;
  readonly locale: string;
}

/**
 * Keeps a subscription by its endpoint: a new one is inserted, a known one takes the new keys,
 * encoding and language, and the signed-in user who sent it (an anonymous sender leaves the owner
 * as it was: the same browser, signed out for a moment). Answers the subscription's id.
 */
export async function upsertSubscription(
  db: Kysely<Database>,
  input: SubscriptionInput,
  now: string,
): Promise<number> {
  const values = {
    public_key: input.publicKey,
    auth_token: input.authToken,
    content_encoding: input.contentEncoding,
    locale: input.locale,
    updated_at: now,
  };
  const row = await db
    .insertInto('push_subscriptions')
    .values({ ...values, endpoint: input.endpoint, user_id: input.userId, created_at: now })
    .onConflict((conflict) =>
      conflict
        .column('endpoint')
        .doUpdateSet(input.userId === null ? values : { ...values, user_id: input.userId }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Ids of the bookings whose device tokens (hashed) these are. */
export async function bookingIdsOfDeviceTokens(
  db: Kysely<Database>,
  tokenHashes: readonly string[],
): Promise<number[]> {
  if (tokenHashes.length === 0) return [];
  const rows = await db
    .selectFrom('bookings')
    .select('bookings.id')
    .where((eb) => heldByDevice(eb, tokenHashes))
    .execute();
  return rows.map((row) => Number(row.id));
}

/** Links a subscription to bookings (links it already has stay). */
export async function linkBookings(
  db: Kysely<Database>,
  subscriptionId: number,
  bookingIds: readonly number[],
): Promise<void> {
  if (bookingIds.length === 0) return;
  await db
    .insertInto('push_subscription_bookings')
    .values(
      bookingIds.map((bookingId) => ({ subscription_id: subscriptionId, booking_id: bookingId })),
    )
    .onConflict((conflict) => conflict.columns(['subscription_id', 'booking_id']).doNothing())
    .execute();
}

export async function findSubscriptionByEndpoint(
  db: Kysely<Database>,
  endpoint: string,
): Promise<PushSubscriptionRow | undefined> {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
}

/** The subscriptions that hear about a booking: its owner's, and those linked to it. */
export async function subscriptionsOfBooking(
  db: Kysely<Database>,
  booking: { readonly bookingId: number; readonly ownerUserId: number | null },
): Promise<PushSubscriptionRow[]> {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where((eb) => {
      const linked = eb(
        'push_subscriptions.id',
        'in',
        eb
          .selectFrom('push_subscription_bookings')
          .select('push_subscription_bookings.subscription_id')
          .where('push_subscription_bookings.booking_id', '=', booking.bookingId),
      );
      return booking.ownerUserId === null
        ? linked
        : eb.or([linked, eb('push_subscriptions.user_id', '=', booking.ownerUserId)]);
    })
    .orderBy('push_subscriptions.id')
    .execute();
}

/** The subscriptions of a signed-in user's browsers (a support reply). */
export async function subscriptionsOfUser(
  db: Kysely<Database>,
  userId: number,
): Promise<PushSubscriptionRow[]> {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** Every subscription, a page at a time (app-update notices). */
export async function subscriptionsAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
): Promise<PushSubscriptionRow[]> {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function deleteSubscriptionByEndpoint(
  db: Kysely<Database>,
  endpoint: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
