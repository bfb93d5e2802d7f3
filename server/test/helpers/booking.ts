import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { BookingPassengerInput, CreateBookingRequest } from '@uniquair/contract/booking';
import { ErrorBodySchema } from '@uniquair/contract/error-body';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import {
  SearchInitResponseSchema,
  SearchResultResponseSchema,
  type SearchFlight,
  type SearchResult,
} from '@uniquair/contract/search';
import { addDays, addYears, type Ymd } from '@uniquair/domain/dates/ymd';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import { freshClient } from './accounts.ts';
import {
  buildTestApp,
  readThrough,
  useBuilt,
  useTestApp,
  type TestApp,
  type TestAppOptions,
} from './build.ts';
import type { TestClock } from './clock.ts';
import { TEST_TODAY } from './database.ts';
import { dailyRoundTrip } from './search.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';

/** Booking tests' settings: results kept a day, no create limit, no unpaid caps, no sweeper. */
export const BOOKING_TEST_ENV = {
  SEARCH_RESULT_TTL_SECONDS: '86400',
  BOOKING_CREATES_PER_MINUTE: '0',
  BOOKING_UNPAID_PER_TRAVELLER: '0',
  BOOKING_UNPAID_PER_CLIENT: '0',
  BOOKING_HOLD_SWEEP_SECONDS: '0',
} as const;

/**
 * The app of a booking test on a test clock: {@link BOOKING_TEST_ENV} with `env` over it, and a
 * search init that waits for its result (for {@link searchTrip}).
 */
export function buildBookingTestApp(
  clock: TestClock,
  env: Record<string, string> = {},
): Promise<TestApp> {
  return buildTestApp({ ...BOOKING_TEST_ENV, ...env }, appOptionsOn(clock));
}

/**
 * {@link buildBookingTestApp} for the tests of the calling `describe` block, as {@link useTestApp}
 * builds and closes it.
 */
export function useBookingTestApp(clock: TestClock, env: Record<string, string> = {}): TestApp {
  return useTestApp({ ...BOOKING_TEST_ENV, ...env }, appOptionsOn(clock));
}

/** The options of an app on a test clock whose search init waits for its result. */
export function appOptionsOn(clock: TestClock): TestAppOptions {
  return { clock: clock.now, search: { initWaitMs: 10_000 } };
}

/** A booking test app that sends its e-mails to a test SMTP server of its own. */
export interface MailingTestApp extends TestApp {
  smtp: TestSmtpServer;
}

/**
 * {@link buildBookingTestApp} with SMTP_URL pointing at a {@link startSmtpServer}; `close()` stops
 * both.
 */
export async function buildMailingBookingTestApp(
  clock: TestClock,
  env: Record<string, string> = {},
): Promise<MailingTestApp> {
  const smtp = await startSmtpServer();
  const testApp = await buildBookingTestApp(clock, { SMTP_URL: smtp.url, ...env });
  return {
    ...testApp,
    smtp,
    async close() {
      await testApp.close();
      await smtp.close();
    },
  };
}

/** {@link buildMailingBookingTestApp} for the tests of the calling `describe` block. */
export function useMailingBookingTestApp(
  clock: TestClock,
  env: Record<string, string> = {},
): MailingTestApp {
  const current = useBuilt(() => buildMailingBookingTestApp(clock, env));
  return Object.defineProperty(readThrough(current), 'smtp', {
    get: () => current().smtp,
  }) as MailingTestApp;
}

export interface TripSearch {
  hash: string;
  result: SearchResult;
  dates: Ymd[];
}

/**
 * Runs a search through the API and waits for its result: a round trip `days` and `days + 7`
 * ahead, or one way when `oneWay`.
 */
export async function searchTrip(
  app: FastifyInstance,
  options: {
    passengers?: { adults: number; children: number; infants: number };
    days?: number;
    oneWay?: boolean;
  } = {},
): Promise<TripSearch> {
  const { out, back } = await dailyRoundTrip(app.db);
  const days = options.days ?? 21;
  const dates = options.oneWay
    ? [addDays(TEST_TODAY, days)]
    : [addDays(TEST_TODAY, days), addDays(TEST_TODAY, days + 7)];
  const routes = options.oneWay ? [out] : [out, back];
  const response = await app.inject({
    method: 'POST',
    url: '/api/search/init',
    remoteAddress: freshClient(),
    payload: {
      destinations: routes.map((route, index) => ({ route: route.id, date: dates[index] })),
      passengers: options.passengers ?? { adults: 1, children: 0, infants: 0 },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = SearchInitResponseSchema.parse(response.json());
  const result = body.result ?? (await awaitResult(app, body.hash));
  return { hash: body.hash, result, dates };
}

/**
 * The result of a search that init answered still running (an app with a short `initWaitMs`,
 * or a loaded machine): polls `GET /api/search/result/:hash` while it answers 409.
 */
async function awaitResult(app: FastifyInstance, hash: string): Promise<SearchResult> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await app.inject({ method: 'GET', url: `/api/search/result/${hash}` });
    if (response.statusCode === 200)
      return SearchResultResponseSchema.parse(response.json()).result;
    if (response.statusCode !== 409 || Date.now() > deadline) {
      throw new Error(`the search ${hash} did not finish: ${response.statusCode} ${response.body}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Seats a test's fare keeps: room for the bookings a test file makes on one flight. */
const ROOMY_SEATS = 20;

/** The cheapest fare class of a flight with room for a test file's bookings, if any. */
function roomyFare(flight: SearchFlight): SearchFlight['fareClasses'][number] | undefined {
  return flight.fareClasses.find((fare) => fare.seatsLeft >= ROOMY_SEATS);
}

/**
 * The first flight of a destination with a fare class that has room for a test file's bookings
 * (the seeded load leaves some fares nearly sold out), else its first flight.
 */
export function firstFlight(search: TripSearch, destinationIndex: number): SearchFlight {
  const flights = search.result.results[destinationIndex]?.flights ?? [];
  const flight = flights.find((candidate) => roomyFare(candidate) !== undefined) ?? flights[0];
  if (!flight) throw new Error(`no flight for destination ${destinationIndex}`);
  return flight;
}

/** One selection per destination: its first flight in its cheapest class with room. */
export function cheapestSelections(search: TripSearch): CreateBookingRequest['selections'] {
  return search.result.results.map((_, destinationIndex) => {
    const flight = firstFlight(search, destinationIndex);
    return {
      destinationIndex,
      flightId: flight.id,
      fareClass: (roomyFare(flight) ?? flight.fareClasses[0])?.letter ?? 'Q',
    };
  });
}

/** Passengers that meet every rule for a trip starting on `firstDate`. */
export function validPassengers(
  counts: { adults: number; children: number; infants: number },
  firstDate: Ymd,
): BookingPassengerInput[] {
  const list: BookingPassengerInput[] = [];
  const person = (typeId: 1 | 2 | 3, titleId: number, years: number, n: number) => ({
    typeId,
    titleId,
    firstName: `Traveller${String.fromCharCode(65 + n)}`,
    lastName: 'Popescu',
    birthDate: addDays(addYears(firstDate, -years), -30),
    nationality: 'RO',
    documentTypeId: 1 as const,
    documentNumber: `AB${100000 + n}`,
    documentExpiry: addYears(firstDate, 5),
  });
  for (let i = 0; i < counts.adults; i += 1) list.push(person(1, 1, 35, list.length));
  for (let i = 0; i < counts.children; i += 1) list.push(person(2, 5, 7, list.length));
  for (let i = 0; i < counts.infants; i += 1) list.push(person(3, 4, 1, list.length));
  return list;
}

export const BOOKER = {
  firstName: 'Ana',
  lastName: 'Popescu',
  email: 'ana.popescu@example.com',
  phoneCode: '40',
  phone: '721234567',
} as const;

/** A valid create body for a search: cheapest fares, passengers as searched. */
export function bookingBody(
  search: TripSearch,
  overrides: Partial<CreateBookingRequest> = {},
): CreateBookingRequest {
  return {
    searchHash: search.hash,
    selections: cheapestSelections(search),
    passengers: validPassengers(search.result.passengers, search.dates[0] as Ymd),
    booker: { ...BOOKER },
    ...overrides,
  };
}

export function createBooking(
  app: FastifyInstance,
  body: unknown,
  options: { cookie?: string; tokens?: string[]; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/booking/create',
    remoteAddress: options.remoteAddress ?? freshClient(),
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.tokens ? { [DEVICE_TOKENS_HEADER]: options.tokens.join(',') } : {}),
    },
    payload: body as Record<string, unknown>,
  });
}

/**
 * An accepted total no fare reaches: a traveller who takes the seats at whatever they cost now.
 * Fares move with every booking (docs/decisions/009-fares-that-move.md), so tests racing for seats
 * send it to be told about seats only.
 */
export const ANY_PRICE = { amount: 1_000_000_000, currency: 'USD' } as const;

/**
 * `POST /api/booking/create` as the web app sends it: when the price rose since the search (409
 * PRICE_INCREASED, as fares move with every booking), the same body again with the new total
 * accepted (`errors.newTotal`). For tests that book several times from one search about anything
 * but prices.
 */
export async function createBookingAtCurrentPrice(
  app: FastifyInstance,
  body: CreateBookingRequest,
  options: { cookie?: string; tokens?: string[]; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  let response = await createBooking(app, body, options);
  for (let attempt = 0; attempt < 3 && response.statusCode === 409; attempt += 1) {
    const error = ErrorBodySchema.parse(response.json());
    const [amount, currency] = error.errors.newTotal ?? [];
    if (error.code !== 'PRICE_INCREASED' || amount === undefined || currency === undefined) break;
    response = await createBooking(
      app,
      { ...body, acceptedTotal: { amount: Number(amount), currency } },
      options,
    );
  }
  return response;
}

export function getBooking(
  app: FastifyInstance,
  pnr: string,
  options: { cookie?: string; tokens?: string[]; remoteAddress?: string; path?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `/api/booking/${pnr}/${options.path ?? 'get'}`,
    remoteAddress: options.remoteAddress ?? freshClient(),
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.tokens ? { [DEVICE_TOKENS_HEADER]: options.tokens.join(',') } : {}),
    },
  });
}

/** The stored `bookings` row of a PNR. */
export async function bookingRowByPnr(app: FastifyInstance, pnr: string) {
  return app.db.selectFrom('bookings').selectAll().where('pnr', '=', pnr).executeTakeFirstOrThrow();
}

/** The inventory fare class row of a selection. */
export async function fareClassOf(
  app: FastifyInstance,
  selection: { flightId: string; fareClass: string },
) {
  return app.db
    .selectFrom('fare_classes')
    .selectAll()
    .where('flight_id', '=', Number(selection.flightId))
    .where('letter', '=', selection.fareClass)
    .executeTakeFirstOrThrow();
}

/** Sets an inventory fare class's price or seats left (how a test changes the inventory). */
export async function setFareClass(
  app: FastifyInstance,
  id: number,
  changes: { price_minor?: number; seats_left?: number },
): Promise<void> {
  await app.db.updateTable('fare_classes').set(changes).where('id', '=', id).execute();
}

/** A booking made in one of some fare classes, with the selection it was made on. */
export interface BookedInClass {
  pnr: string;
  deviceToken: string;
  id: number;
  selection: { destinationIndex: number; flightId: string; fareClass: string };
}

/**
 * Makes one-way bookings for one adult (or `passengers`) in one of the fare classes `letters`,
 * each on a day of its own, `nextDay()` days ahead (the seeded inventory sells out some classes on
 * some days, so a day without one is skipped).
 */
export function fareClassBooker(
  app: FastifyInstance,
  nextDay: () => number,
  passengers?: { adults: number; children: number; infants: number },
): (letters: string) => Promise<BookedInClass> {
  return async (letters) => {
    for (let tries = 0; tries < 20; tries += 1) {
      const trip = await searchTrip(app, {
        days: nextDay(),
        oneWay: true,
        ...(passengers ? { passengers } : {}),
      });
      const flight = trip.result.results[0]?.flights.find((candidate) =>
        candidate.fareClasses.some((fare) => letters.includes(fare.letter)),
      );
      const letter = flight?.fareClasses.find((fare) => letters.includes(fare.letter))?.letter;
      if (!flight || letter === undefined) continue;
      const selection = { destinationIndex: 0, flightId: flight.id, fareClass: letter };
      const response = await createBooking(app, bookingBody(trip, { selections: [selection] }));
      if (response.statusCode !== 200) continue;
      const { pnr, deviceToken } = response.json<{ pnr: string; deviceToken: string }>();
      const row = await bookingRowByPnr(app, pnr);
      return { pnr, deviceToken, id: Number(row.id), selection };
    }
    throw new Error(`no bookable flight with a fare of ${letters}`);
  };
}

/**
 * A bare ticketed booking row (no passengers, legs or payments) for tests of what refers to
 * bookings; answers its id.
 */
export async function insertBookingRow(
  db: Kysely<Database>,
  row: { pnr: string; departureDate: Ymd; createdAt: string },
): Promise<number> {
  const { id } = await db
    .insertInto('bookings')
    .values({
      pnr: row.pnr,
      status: 'ticketed',
      owner_user_id: null,
      device_token_hash: null,
      booker_first_name: 'Ana',
      booker_last_name: 'Popescu',
      booker_email: 'ana@example.com',
      booker_phone: null,
      currency: 'USD',
      total_minor: 10_000,
      affiliate_id: null,
      origin_airport: 'OTP',
      destination_airport: 'LHR',
      departure_date: row.departureDate,
      return_date: null,
      locale: 'en',
      created_at: row.createdAt,
      updated_at: row.createdAt,
      search_hash: null,
      hold_expires_at: null,
      booker_phone_code: null,
      payment_method: null,
      paid_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

/**
 * Inserts the legs of booking `bookingId` on `date`, one per flight reference in order: an
 * economy Q fare from LHR to JFK of the first destination.
 */
export async function insertBookingLegs(
  db: Kysely<Database>,
  bookingId: number,
  date: Ymd,
  flightRefs: readonly string[],
): Promise<void> {
  await db
    .insertInto('booking_flights')
    .values(
      flightRefs.map((flightRef, position) => ({
        booking_id: bookingId,
        destination_index: 0,
        position,
        route_id: null,
        date,
        flight_ref: flightRef,
        from_airport: 'LHR',
        to_airport: 'JFK',
        fare_letter: 'Q',
        cabin: 'economy',
        fare_price_minor: 5_000,
        segments: '[]',
      })),
    )
    .execute();
}
