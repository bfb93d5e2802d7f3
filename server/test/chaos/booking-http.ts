import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';

/** Booking over HTTP against a running server, as the web app does (same-site Origin). */

function ymdPlus(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export function post(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...headers },
    body: JSON.stringify(body),
  });
}

interface SearchBody {
  hash: string;
  status: string;
  result?: { results: { flights: { id: string; fareClasses: { letter: string }[] }[] }[] };
}

/** A one-adult create body for a flight of a search, the passenger numbered `index`. */
export function createBody(
  picked: { hash: string; flightId: string; letter: string },
  index: number,
  lastName: string,
) {
  return {
    searchHash: picked.hash,
    selections: [{ destinationIndex: 0, flightId: picked.flightId, fareClass: picked.letter }],
    passengers: [
      {
        typeId: 1,
        titleId: 1,
        firstName: 'Ana',
        lastName,
        birthDate: '1990-05-01',
        nationality: 'RO',
        documentTypeId: 1,
        documentNumber: `AB${100000 + index}`,
        documentExpiry: ymdPlus(3 * 365),
      },
    ],
    booker: {
      firstName: 'Ana',
      lastName,
      email: `ana.${lastName.toLowerCase()}.${index}@example.com`,
      phoneCode: '40',
      phone: '721234567',
    },
    acceptedTotal: { amount: 1_000_000_000, currency: 'USD' },
  };
}

export interface BookedTrip {
  pnr: string;
  deviceToken: string;
  id: number;
}

/**
 * Makes `count` one-adult bookings on one flight `days` ahead: a daily route is searched, the
 * flight's cheapest fare class given enough seats in the database, then booked `count` times.
 */
export async function makeBookings(
  base: string,
  db: Kysely<Database>,
  count: number,
  days: number,
): Promise<BookedTrip[]> {
  const routes = await db
    .selectFrom('routes')
    .select('id')
    .where('dow', '=', 127)
    .where('available_until', 'is', null)
    .orderBy('id')
    .limit(20)
    .execute();
  let found: { hash: string; flightId: string; letter: string } | undefined;
  for (const route of routes) {
    let body = (await (
      await post(base, '/api/search/init', {
        destinations: [{ route: route.id, date: ymdPlus(days) }],
        passengers: { adults: 1, children: 0, infants: 0 },
      })
    ).json()) as SearchBody;
    for (let wait = 0; body.status === 'progress' && wait < 100; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      body = (await (await fetch(`${base}/api/search/status/${body.hash}`)).json()) as SearchBody;
    }
    if (body.status !== 'done') continue;
    const result = (await (
      await fetch(`${base}/api/search/result/${body.hash}`)
    ).json()) as Required<SearchBody>;
    const flight = result.result.results[0]?.flights[0];
    const letter = flight?.fareClasses[0]?.letter;
    if (flight && letter) {
      found = { hash: body.hash, flightId: flight.id, letter };
      break;
    }
  }
  if (!found) throw new Error('no flight to book in the seeded inventory');
  await db
    .updateTable('fare_classes')
    .set({ seats_total: 500, seats_left: 500 })
    .where('flight_id', '=', Number(found.flightId))
    .where('letter', '=', found.letter)
    .execute();

  const bookings: BookedTrip[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await post(base, '/api/booking/create', createBody(found, index, 'Chaos'));
    const created = (await response.json()) as { pnr?: string; deviceToken?: string };
    if (response.status !== 200 || !created.pnr || !created.deviceToken) {
      throw new Error(`create answered ${response.status}: ${JSON.stringify(created)}`);
    }
    const row = await db
      .selectFrom('bookings')
      .select('id')
      .where('pnr', '=', created.pnr)
      .executeTakeFirstOrThrow();
    bookings.push({ pnr: created.pnr, deviceToken: created.deviceToken, id: Number(row.id) });
  }
  return bookings;
}
