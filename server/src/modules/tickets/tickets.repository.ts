import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export async function ticketsOfBooking(db: Kysely<Database>, bookingId: number) {
  return db
    .selectFrom('tickets')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('flight_index')
    .orderBy('segment_index')
    .orderBy('passenger_index')
    .execute();
}

export async function flightsOfBooking(db: Kysely<Database>, bookingId: number) {
  return db
    .selectFrom('booking_flights')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .execute();
}

export async function passengersOfBooking(db: Kysely<Database>, bookingId: number) {
  return db
    .selectFrom('booking_passengers')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .execute();
}

export async function ticketNumberExists(db: Kysely<Database>, number: string): Promise<boolean> {
  const row = await db
    .selectFrom('tickets')
    .select('id')
    .where('number', '=', number)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertTicket(
  db: Kysely<Database>,
  ticket: {
    bookingId: number;
    flightIndex: number;
    segmentIndex: number;
    passengerIndex: number;
    number: string;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('tickets')
    .values({
      booking_id: ticket.bookingId,
      flight_index: ticket.flightIndex,
      segment_index: ticket.segmentIndex,
      passenger_index: ticket.passengerIndex,
      number: ticket.number,
      issued_at: ticket.now,
    })
    .execute();
}

/** paid → ticketed; false when the booking was in another status. */
export async function markTicketed(
  db: Kysely<Database>,
  bookingId: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ status: 'ticketed', updated_at: now })
    .where('id', '=', bookingId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Removes the tickets of one flight of a booking (they are re-issued in the same transaction);
 * answers the passengers who had any, each once, in order.
 */
export async function deleteFlightTickets(
  db: Kysely<Database>,
  bookingId: number,
  flightIndex: number,
): Promise<number[]> {
  const removed = await db
    .deleteFrom('tickets')
    .where('booking_id', '=', bookingId)
    .where('flight_index', '=', flightIndex)
    .returning('passenger_index')
    .execute();
  return [...new Set(removed.map((row) => Number(row.passenger_index)))].sort((a, b) => a - b);
}
