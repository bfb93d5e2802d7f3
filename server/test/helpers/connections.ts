import { SearchInitResponseSchema, type SearchResult } from '@uniquair/contract/search';
import { addDays } from '@uniquair/domain/dates/ymd';
import { inventoryFlightIds } from '@uniquair/domain/search/connections';
import { freshClient } from './accounts.ts';
import type { TripSearch } from './booking.ts';
import { TEST_TODAY } from './database.ts';
import type { PaymentsTestApp } from './payments.ts';
import type { MadeBooking } from './payments-test-kit.ts';
import { ticketedBooking } from './schedule-changes.ts';
import { marketDays } from './search.ts';

type ResultFlight = SearchResult['results'][number]['flights'][number];

const sameDay = (a: string | undefined, b: string | undefined) =>
  a !== undefined && a.slice(0, 10) === b?.slice(0, 10);

export interface ConnectionChoice {
  /** On a route that also has flights of its own (default: one flown only through hubs). */
  withOwnFlights?: boolean;
  /** Only connections this accepts (e.g. flights of two carriers). */
  accept?: (flight: ResultFlight) => boolean;
}

/**
 * A ticketed booking (1 adult, paid by card, outbox drained) of a one-stop connection of two
 * direct flights, both on the local day of the stop (a retime by less than the layover keeps each
 * flight on its day). Flights in `touched` are avoided and the booked ones added to it, so each
 * call of a test file books flights no earlier test changed.
 */
export async function bookConnection(
  test: PaymentsTestApp,
  touched: Set<number>,
  choice: ConnectionChoice = {},
): Promise<{ booking: MadeBooking; flights: number[] }> {
  const { app } = test;
  const markets = choice.withOwnFlights
    ? await app.db
        .selectFrom('route_paths as p')
        .innerJoin('route_day_prices as d', 'd.route_id', 'p.route_id')
        .innerJoin('flights as f', (join) =>
          join.onRef('f.route_id', '=', 'p.route_id').onRef('f.departure_date', '=', 'd.date'),
        )
        .select(['p.route_id as id', 'd.date'])
        .distinct()
        .where('d.date', '>=', addDays(TEST_TODAY, 20))
        .where('d.date', '<=', addDays(TEST_TODAY, 60))
        .orderBy('d.date')
        .orderBy('p.route_id')
        .limit(200)
        .execute()
    : await marketDays(app.db, 20, 60).orderBy('d.date').orderBy('r.id').limit(200).execute();
  for (const market of markets.filter((_, index) => index % 9 === touched.size % 9)) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/search/init',
      remoteAddress: freshClient(),
      payload: {
        destinations: [{ route: market.id, date: market.date }],
        passengers: { adults: 1, children: 0, infants: 0 },
      },
    });
    const body = SearchInitResponseSchema.parse(response.json());
    const result = body.result as SearchResult;
    const flight = result.results[0]?.flights.find(
      (candidate) =>
        inventoryFlightIds(candidate.id).length === 2 &&
        candidate.segments.length === 2 &&
        sameDay(candidate.segments[0]?.arrivalLocal, candidate.segments[1]?.departureLocal) &&
        (candidate.segments[1]?.departureLocal.slice(11) ?? '') < '23:00' &&
        inventoryFlightIds(candidate.id).every((id) => !touched.has(id)) &&
        (choice.accept?.(candidate) ?? true),
    );
    if (!flight) continue;
    const only = { ...result, results: [{ ...result.results[0], flights: [flight] }] };
    const trip = { hash: body.hash, result: only, dates: [market.date] } as TripSearch;
    const booking = await ticketedBooking(test, trip);
    const flights = inventoryFlightIds(flight.id);
    for (const id of flights) touched.add(id);
    return { booking, flights };
  }
  throw new Error('no connection to book');
}
