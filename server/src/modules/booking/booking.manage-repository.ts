import type { Kysely } from 'kysely';
import type { BookingFeedback } from '@uniquair/contract/booking-manage';
import type { Database } from '../../db/database.ts';

/** The SQL of managing a booking: share links, re-sent tickets e-mails, feedback. */

/**
 * Takes the booking's row lock for the rest of the transaction (a write that changes nothing):
 * on PostgreSQL a second transaction on the same booking waits here, on SQLite the write lock is
 * taken at once, so a count followed by an insert cannot interleave with another.
 */
export async function lockBooking(trx: Kysely<Database>, bookingId: number): Promise<void> {
  await trx
    .updateTable('bookings')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', bookingId)
    .execute();
}

/** Stops the booking's active share link; true when there was one. */
export async function revokeActiveShare(
  trx: Kysely<Database>,
  bookingId: number,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('booking_shares')
    .set({ revoked_at: now })
    .where('booking_id', '=', bookingId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertShare(
  trx: Kysely<Database>,
  share: { bookingId: number; tokenHash: string; now: string },
): Promise<void> {
  await trx
    .insertInto('booking_shares')
    .values({ booking_id: share.bookingId, token_hash: share.tokenHash, created_at: share.now })
    .execute();
}

/** The share link with this token hash (active or not) and its booking's id and status. */
export async function shareByTokenHash(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('booking_shares')
    .innerJoin('bookings', 'bookings.id', 'booking_shares.booking_id')
    .select(['booking_shares.booking_id', 'booking_shares.revoked_at', 'bookings.status'])
    .where('booking_shares.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** What a shared view shows: the legs (segments as JSON) and the passengers' names, in order. */
export async function sharedParts(db: Kysely<Database>, bookingId: number) {
  const [flights, passengers] = await Promise.all([
    db
      .selectFrom('booking_flights')
      .select(['position', 'date', 'from_airport', 'to_airport', 'segments'])
      .where('booking_id', '=', bookingId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('booking_passengers')
      .select(['first_name', 'last_name'])
      .where('booking_id', '=', bookingId)
      .orderBy('position')
      .execute(),
  ]);
  return { flights, passengers };
}

/** Re-sent tickets e-mails of a booking since an instant, oldest first. */
export async function resendsSince(
  db: Kysely<Database>,
  bookingId: number,
  since: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('booking_ticket_resends')
    .select('created_at')
    .where('booking_id', '=', bookingId)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.created_at);
}

export async function insertResend(
  trx: Kysely<Database>,
  resend: { bookingId: number; emailHash: string; now: string },
): Promise<void> {
  await trx
    .insertInto('booking_ticket_resends')
    .values({ booking_id: resend.bookingId, email_hash: resend.emailHash, created_at: resend.now })
    .execute();
}

/** The booking's feedback as the booking detail shows it, or null. */
export async function feedbackOf(
  db: Kysely<Database>,
  bookingId: number,
): Promise<BookingFeedback | null> {
  const row = await db
    .selectFrom('booking_feedback')
    .select(['rating', 'comment', 'updated_at'])
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
  return row === undefined
    ? null
    : { rating: row.rating, comment: row.comment, updatedAt: row.updated_at };
}

/** Writes the booking's feedback, replacing an earlier one. */
export async function upsertFeedback(
  db: Kysely<Database>,
  feedback: { bookingId: number; rating: number; comment: string; now: string },
): Promise<void> {
  await db
    .insertInto('booking_feedback')
    .values({
      booking_id: feedback.bookingId,
      rating: feedback.rating,
      comment: feedback.comment,
      created_at: feedback.now,
      updated_at: feedback.now,
    })
    .onConflict((conflict) =>
      conflict.column('booking_id').doUpdateSet({
        rating: feedback.rating,
        comment: feedback.comment,
        updated_at: feedback.now,
      }),
    )
    .execute();
}

/** The latest feedback with its booking's PNR, newest first (operators' `feedback:list`). */
export async function latestFeedback(
  db: Kysely<Database>,
  options: { limit: number; since?: string | undefined; maxRating?: number | undefined },
) {
  let query = db
    .selectFrom('booking_feedback')
    .innerJoin('bookings', 'bookings.id', 'booking_feedback.booking_id')
    .select([
      'bookings.pnr',
      'booking_feedback.rating',
      'booking_feedback.comment',
      'booking_feedback.created_at',
      'booking_feedback.updated_at',
    ])
    .orderBy('booking_feedback.updated_at', 'desc')
    .orderBy('booking_feedback.id', 'desc')
    .limit(options.limit);
  if (options.since !== undefined) {
    query = query.where('booking_feedback.updated_at', '>=', options.since);
  }
  if (options.maxRating !== undefined) {
    query = query.where('booking_feedback.rating', '<=', options.maxRating);
  }
  return query.execute();
}
