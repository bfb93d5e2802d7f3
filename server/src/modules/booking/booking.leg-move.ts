import type { Kysely } from 'kysely';
import { connectionId } from '@uniquair/domain/search/connections';
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
 * A booked leg's copy becomes inventory flights as they are now (one, or a connection's) (an accepted new time, a substitute,
 * a voluntary change), in the caller's transaction: its segments, carriers, fare class and, when
 * given, the fare it is priced at; the booking's summary dates follow.
 */
export async function moveLegToFlight(
  trx: Kysely<Database>,
  bookingId: number,
  position: number,
  flights: readonly InventoryFlight[],
  fare: { letter: string; cabin: string; price?: number },
  now: Date,
): Promise<void> {
  const first = flights[0];
  if (!first) throw new Error('a leg moves to one flight at least');
  const ids = flights.map((flight) => Number(flight.id));
  // Segments in the order the flights are flown (a connection's ids need not be ascending).
  const segments = (await segmentsWithZones(trx, ids)).sort(
    (a, b) => ids.indexOf(Number(a.flight_id)) - ids.indexOf(Number(b.flight_id)),
  );
  const carriers = await carrierNames(
    trx,
    segments.map((segment) => segment.carrier_code),
  );
  await updateLegCopy(trx, bookingId, position, {
    flight_ref: connectionId(ids),
    date: first.departure_date,
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
      departure_date: dates[0] ?? first.departure_date,
      return_date: dates.length > 1 ? (dates[dates.length - 1] ?? null) : null,
    },
    now.toISOString(),
  );
}
