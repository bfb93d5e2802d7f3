import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import {
  carrierNames,
  legDates,
  segmentsWithZones,
  updateBookingDates,
  updateLegCopy,
  type inventoryFlight,
} from './booking.schedule-change-repository.ts';
import { bookingSegments } from './booking.schedule-change-views.ts';

type InventoryFlight = NonNullable<Awaited<ReturnType<typeof inventoryFlight>>>;

/**
 * A booked leg's copy becomes an inventory flight as it is now (an accepted new time, a substitute,
 * a voluntary change), in the caller's transaction: its segments, carriers, fare class and, when
 * given, the fare it is priced at; the booking's summary dates follow.
 */
export async function moveLegToFlight(
  trx: Kysely<Database>,
  bookingId: number,
  position: number,
  flight: InventoryFlight,
  fare: { letter: string; cabin: string; price?: number },
  now: Date,
): Promise<void> {
  const segments = await segmentsWithZones(trx, [Number(flight.id)]);
  const carriers = await carrierNames(
    trx,
    segments.map((segment) => segment.carrier_code),
  );
  await updateLegCopy(trx, bookingId, position, {
    flight_ref: String(flight.id),
    date: flight.departure_date,
    segments: JSON.stringify(bookingSegments(segments, carriers)),
    fare_letter: fare.letter,
    cabin: fare.cabin,
    ...(fare.price === undefined ? {} : { fare_price_minor: fare.price }),
  });
  const dates = await legDates(trx, bookingId);
  await updateBookingDates(
    trx,
    bookingId,
    {
      departure_date: dates[0] ?? flight.departure_date,
      return_date: dates.length > 1 ? (dates[dates.length - 1] ?? null) : null,
    },
    now.toISOString(),
  );
}
