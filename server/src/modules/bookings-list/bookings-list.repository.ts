import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { Database } from '../../db/database.ts';
import { heldByDevice } from '../../db/held-by-device.ts';
import type { SavedPassengersTable } from '../../db/tables/accounts.ts';

export interface BookingSummaryRow {
  id: number;
  pnr: string;
  status: string;
  origin_airport: string;
  destination_airport: string;
  departure_date: string;
  return_date: string | null;
  currency: string;
  total_minor: number;
  created_at: string;
  passengers: number;
  /** Unanswered schedule changes of its legs (docs/schedule-changes.md). */
  pending_changes: number;
}

export type SavedPassengerRow = Selectable<SavedPassengersTable>;

function summaries(db: Kysely<Database>) {
  return db.selectFrom('bookings').select((eb) => [
    'bookings.id',
    'bookings.pnr',
    'bookings.status',
    'bookings.origin_airport',
    'bookings.destination_airport',
    'bookings.departure_date',
    'bookings.return_date',
    'bookings.currency',
    'bookings.total_minor',
    'bookings.created_at',
    eb
      .selectFrom('booking_passengers')
      .select((inner) => inner.fn.countAll<number>().as('count'))
      .whereRef('booking_passengers.booking_id', '=', 'bookings.id')
      .as('passengers'),
    eb
      .selectFrom('booking_schedule_changes')
      .select((inner) => inner.fn.countAll<number>().as('count'))
      .whereRef('booking_schedule_changes.booking_id', '=', 'bookings.id')
      .where('booking_schedule_changes.answer', 'is', null)
      .as('pending_changes'),
  ]);
}

function normalize(
  row: Omit<BookingSummaryRow, 'passengers' | 'pending_changes'> & {
    passengers: unknown;
    pending_changes: unknown;
  },
) {
  return {
    ...row,
    id: Number(row.id),
    total_minor: Number(row.total_minor),
    passengers: Number(row.passengers ?? 0),
    pending_changes: Number(row.pending_changes ?? 0),
  };
}

/** A user's bookings departing on or after `today`, soonest first. */
export async function futureBookingsOfUser(
  db: Kysely<Database>,
  userId: number,
  today: Ymd,
): Promise<BookingSummaryRow[]> {
  const rows = await summaries(db)
    .where('bookings.owner_user_id', '=', userId)
    .where('bookings.departure_date', '>=', today)
    .orderBy('bookings.departure_date')
    .orderBy('bookings.id')
    .execute();
  return rows.map(normalize);
}

/** The most recently made future booking among those with these device token hashes. */
export async function latestFutureBookingOfDevice(
  db: Kysely<Database>,
  tokenHashes: readonly string[],
  today: Ymd,
): Promise<BookingSummaryRow | undefined> {
  if (tokenHashes.length === 0) return undefined;
  const row = await summaries(db)
    .where((eb) => heldByDevice(eb, tokenHashes))
    .where('bookings.departure_date', '>=', today)
    .orderBy('bookings.created_at', 'desc')
    .orderBy('bookings.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : normalize(row);
}

export async function countBookingsOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('owner_user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of a user's bookings, latest departure first. */
export async function bookingsOfUser(
  db: Kysely<Database>,
  userId: number,
  offset: number,
  limit: number,
): Promise<BookingSummaryRow[]> {
  const rows = await summaries(db)
    .where('bookings.owner_user_id', '=', userId)
    .orderBy('bookings.departure_date', 'desc')
    .orderBy('bookings.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map(normalize);
}

/**
 * Moves device bookings that have no owner yet into an account, in one conditional update;
 * answers the ids and PNRs moved (bookings of other accounts are never taken).
 */
export async function claimDeviceBookings(
  db: Kysely<Database>,
  userId: number,
  tokenHashes: readonly string[],
  now: string,
): Promise<{ id: number; pnr: string }[]> {
  if (tokenHashes.length === 0) return [];
  const rows = await db
    .updateTable('bookings')
    .set({ owner_user_id: userId, updated_at: now })
    .where((eb) => heldByDevice(eb, tokenHashes))
    .where('owner_user_id', 'is', null)
    .returning(['id', 'pnr'])
    .execute();
  return rows.map((row) => ({ id: Number(row.id), pnr: row.pnr }));
}

export async function passengersOfBookings(db: Kysely<Database>, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom('booking_passengers')
    .selectAll()
    .where('booking_id', 'in', bookingIds)
    .orderBy('booking_id')
    .orderBy('position')
    .execute();
}

export type SavedPassengerInput = Omit<
  Insertable<SavedPassengersTable>,
  'id' | 'user_id' | 'match_key' | 'created_at' | 'last_used_at'
>;

/** The key under which one person is saved once per account. */
export function passengerMatchKey(passenger: {
  first_name: string;
  last_name: string;
  birth_date?: string | null;
}): string {
  const part = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
  return `${part(passenger.first_name)}|${part(passenger.last_name)}|${passenger.birth_date ?? ''}`;
}

/**
 * Saves passengers for an account (the same person — names and birth date — once, with the
 * latest details) and moves the account's passengers version on.
 */
export async function rememberPassengers(
  db: Kysely<Database>,
  userId: number,
  passengers: readonly SavedPassengerInput[],
  now: string,
): Promise<void> {
  if (passengers.length === 0) return;
  for (const passenger of passengers) {
    await db
      .insertInto('saved_passengers')
      .values({
        ...passenger,
        user_id: userId,
        match_key: passengerMatchKey(passenger),
        created_at: now,
        last_used_at: now,
      })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'match_key']).doUpdateSet({
          passenger_type_id: passenger.passenger_type_id,
          title_id: passenger.title_id ?? null,
          first_name: passenger.first_name,
          last_name: passenger.last_name,
          nationality: passenger.nationality ?? null,
          document_type_id: passenger.document_type_id ?? null,
          document_number: passenger.document_number ?? null,
          document_expiry: passenger.document_expiry ?? null,
          last_used_at: now,
        }),
      )
      .execute();
  }
  await touchPassengers(db, userId, now);
}

export async function touchPassengers(
  db: Kysely<Database>,
  userId: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ passengers_updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function savedPassengersOfUser(
  db: Kysely<Database>,
  userId: number,
): Promise<SavedPassengerRow[]> {
  return db
    .selectFrom('saved_passengers')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Deletes one of a user's saved passengers; false when the user has no such passenger. */
export async function deleteSavedPassenger(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_passengers')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
