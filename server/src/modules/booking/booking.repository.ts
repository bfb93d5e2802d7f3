import { randomBytes } from 'node:crypto';
import { generateLinkToken } from '@uniquair/domain/security/link-token';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type {
  BookingExtrasTable,
  BookingFlightsTable,
  BookingPassengersTable,
  BookingsTable,
} from '../../db/tables/bookings.ts';
import type { SeatRequest } from './booking.hold-repository.ts';
import { secretHash } from '../../lib/secret-hash.ts';

export type BookingRow = Selectable<BookingsTable>;

/**
 * Inserts a booking under the first PNR of `pnrs` that no booking has yet (a conflict on the
 * unique PNR inserts nothing and the next one is tried, without aborting the transaction).
 * Answers the id and PNR, or null when every PNR was taken.
 */
export async function insertBooking(
  trx: Kysely<Database>,
  row: Omit<Insertable<BookingsTable>, 'pnr'>,
  pnrs: Iterable<string>,
): Promise<{ id: number; pnr: string } | null> {
  for (const pnr of pnrs) {
    const inserted = await trx
      .insertInto('bookings')
      .values({ ...row, pnr })
      .onConflict((conflict) => conflict.column('pnr').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: Number(inserted.id), pnr };
  }
  return null;
}

export async function insertBookingParts(
  trx: Kysely<Database>,
  parts: {
    passengers: Insertable<BookingPassengersTable>[];
    flights: Insertable<BookingFlightsTable>[];
    extras: Insertable<BookingExtrasTable>[];
    holds: (SeatRequest & { bookingId: number })[];
    now: string;
  },
): Promise<void> {
  if (parts.passengers.length > 0) {
    await trx.insertInto('booking_passengers').values(parts.passengers).execute();
  }
  if (parts.flights.length > 0) {
    await trx.insertInto('booking_flights').values(parts.flights).execute();
  }
  if (parts.extras.length > 0) {
    await trx.insertInto('booking_extras').values(parts.extras).execute();
  }
  if (parts.holds.length > 0) {
    await trx
      .insertInto('seat_holds')
      .values(
        parts.holds.map((hold) => ({
          booking_id: hold.bookingId,
          fare_class_id: hold.fareClassId,
          seats: hold.seats,
          state: 'held',
          created_at: parts.now,
          updated_at: parts.now,
        })),
      )
      .execute();
  }
}

/** A new random device booking token: 43 base64url characters (256 bits). */
export function newDeviceToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Grants a device access to a booking: stores the token's hash (never the token). */
export async function addDeviceToken(
  db: Kysely<Database>,
  bookingId: number,
  token: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('booking_device_tokens')
    .values({ token_hash: secretHash(token), booking_id: bookingId, created_at: now })
    .execute();
}

/** Whether one of these device token hashes opens the booking. */
export async function deviceHasAccess(
  db: Kysely<Database>,
  booking: Pick<BookingRow, 'id' | 'device_token_hash'>,
  tokenHashes: readonly string[],
): Promise<boolean> {
  if (tokenHashes.length === 0) return false;
  if (booking.device_token_hash !== null && tokenHashes.includes(booking.device_token_hash)) {
    return true;
  }
  const row = await db
    .selectFrom('booking_device_tokens')
    .select('booking_id')
    .where('booking_id', '=', booking.id)
    .where('token_hash', 'in', [...tokenHashes])
    .executeTakeFirst();
  return row !== undefined;
}

export async function bookingByPnr(
  db: Kysely<Database>,
  pnr: string,
): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('pnr', '=', pnr).executeTakeFirst();
}

export async function bookingById(
  db: Kysely<Database>,
  id: number,
): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Everything a booking holds besides its own row, in order. */
export async function bookingParts(db: Kysely<Database>, bookingId: number) {
  const [passengers, flights, extras, payments, tickets] = await Promise.all([
    db
      .selectFrom('booking_passengers')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('booking_flights')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('booking_extras')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('payments')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('tickets')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .orderBy('flight_index')
      .orderBy('segment_index')
      .orderBy('passenger_index')
      .execute(),
  ]);
  return { passengers, flights, extras, payments, tickets };
}

/**
 * Issues an e-mailed link token for a booking (`finish`: complete the payment; `login_quick`:
 * open the booking): 40 hex characters, stored hashed, single use, valid until `expiresAt`.
 * Answers the raw token, to put in the link only.
 */
export async function issueBookingLinkToken(
  db: Kysely<Database>,
  bookingId: number,
  purpose: 'finish' | 'login_quick',
  expiresAt: Date,
  now: Date = new Date(),
): Promise<string> {
  const token = generateLinkToken((size) => randomBytes(size));
  await db
    .insertInto('booking_link_tokens')
    .values({
      booking_id: bookingId,
      purpose,
      token_hash: secretHash(token),
      expires_at: expiresAt.toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

/** How many link tokens were issued for a booking since `since` (ISO instant). */
export async function linkTokensIssuedSince(
  db: Kysely<Database>,
  bookingId: number,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('booking_link_tokens')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('booking_id', '=', bookingId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Uses a link token once: one conditional update marks it used when it is of this purpose, for
 * the booking with this PNR, unused and not expired. Answers the booking id, or null (unknown,
 * used, expired, another booking's): of 20 concurrent uses exactly one gets the id.
 */
export async function consumeBookingLinkToken(
  db: Kysely<Database>,
  pnr: string,
  token: string,
  purpose: 'finish' | 'login_quick',
  now: string,
): Promise<number | null> {
  const row = await db
    .updateTable('booking_link_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', secretHash(token.toLowerCase()))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('booking_id', 'in', (eb) =>
      eb.selectFrom('bookings').select('id').where('pnr', '=', pnr),
    )
    .returning('booking_id')
    .executeTakeFirst();
  return row === undefined ? null : Number(row.booking_id);
}
