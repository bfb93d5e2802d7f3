import { sql, type Kysely } from 'kysely';

/**
 * A return booking was stored with the place it comes back to as its destination (`LHR to LHR`
 * in the bookings list). Bookings whose last flight ends where the first one starts now name
 * the first flight's destination (`tripEnds` of the domain); this puts the stored ones right.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE bookings
    SET destination_airport = (
      SELECT first_flight.to_airport FROM booking_flights first_flight
      WHERE first_flight.booking_id = bookings.id
      ORDER BY first_flight.position LIMIT 1
    )
    WHERE destination_airport = origin_airport
      AND (SELECT count(*) FROM booking_flights flights WHERE flights.booking_id = bookings.id) > 1
  `.execute(db);
}

/** The old destinations are not worth restoring: nothing to undo. */
export async function down(): Promise<void> {}
