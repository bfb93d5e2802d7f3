import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { BookingResponseSchema } from '@uniquair/contract/booking';
import { FutureBookingsResponseSchema } from '@uniquair/contract/booking-list';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { drainOutbox } from '../../src/modules/outbox/outbox.service.ts';
import { freshClient } from './accounts.ts';
import { appOptionsOn, getBooking, type TripSearch } from './booking.ts';
import { intlLocalTime, type TestClock } from './clock.ts';
import { CARDS, startPaymentsTestApp, type PaymentsTestApp } from './payments.ts';
import {
  makeBooking,
  payBooking,
  PAYMENT_TEST_ENV,
  type MadeBooking,
} from './payments-test-kit.ts';

/** What the schedule-change tests share: the airline partner call and the traveller's answers. */

export const PARTNER_KEY = 'partner-key-schedule-aaaa';

/**
 * The app of a schedule-change test: payments through the sandbox gateway, the airline partner's
 * key, and a search init that waits for its result.
 */
export function startScheduleChangeTestApp(clock: TestClock): Promise<PaymentsTestApp> {
  return startPaymentsTestApp(
    { ...PAYMENT_TEST_ENV, AIRLINE_API_KEYS: PARTNER_KEY },
    appOptionsOn(clock),
  );
}

export function postScheduleChange(
  app: FastifyInstance,
  flightId: number | string,
  body: unknown,
  key: string | null = PARTNER_KEY,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/airline/flights/${flightId}/schedule-change`,
    headers: key === null ? {} : { 'x-api-key': key },
    payload: body as Record<string, unknown>,
  });
}

export function answer(
  app: FastifyInstance,
  booking: { pnr: string; deviceToken: string },
  path: 'schedule-change/accept' | 'substitute',
  body: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/booking/${booking.pnr}/${path}`,
    remoteAddress: freshClient(),
    headers: { [DEVICE_TOKENS_HEADER]: booking.deviceToken },
    payload: body as Record<string, unknown>,
  });
}

export function substitutes(
  app: FastifyInstance,
  booking: { pnr: string; deviceToken: string },
  flightIndex: number | string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `/api/booking/${booking.pnr}/substitutes?flightIndex=${flightIndex}`,
    remoteAddress: freshClient(),
    headers: { [DEVICE_TOKENS_HEADER]: booking.deviceToken },
  });
}

/** The inventory flight a booking's leg is on. */
export async function legOf(app: FastifyInstance, bookingId: number, position = 0) {
  return app.db
    .selectFrom('booking_flights')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('position', '=', position)
    .executeTakeFirstOrThrow();
}

/** An instant as the wall clock of a time zone reads it: `YYYY-MM-DD` and `HH:mm`. */
export function wallClock(instant: string, timeZone: string): { date: string; time: string } {
  const [date = '', time = ''] = intlLocalTime(timeZone)(Date.parse(instant)).split(' ');
  return { date, time };
}

/** A booking paid by card, its tickets issued by the outbox. */
export async function ticketedBooking(
  test: PaymentsTestApp,
  trip: TripSearch,
): Promise<MadeBooking> {
  const booking = await makeBooking(test.app, trip);
  const card = await test.tokenizeCard(CARDS.success);
  const paid = await payBooking(test.app, booking, { method: 'CREDIT_CARD', card });
  expect(paid.statusCode, paid.body).toBe(200);
  await drainOutbox(test.app);
  return booking;
}

/** `GET /api/booking/{pnr}/get` with the booking's device token. */
export async function bookingDetail(app: FastifyInstance, booking: MadeBooking) {
  const response = await getBooking(app, booking.pnr, { tokens: [booking.deviceToken] });
  expect(response.statusCode, response.body).toBe(200);
  return BookingResponseSchema.parse(response.json()).booking;
}

export function scheduleChangeRows(app: FastifyInstance, bookingId: number) {
  return app.db
    .selectFrom('booking_schedule_changes')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
}

/** The bookings list's flag of a booking (the device's future bookings). */
export async function pendingInBookingsList(app: FastifyInstance, booking: MadeBooking) {
  const response = await app.inject({
    url: '/api/booking/future',
    remoteAddress: freshClient(),
    headers: { [DEVICE_TOKENS_HEADER]: booking.deviceToken },
  });
  const body = FutureBookingsResponseSchema.parse(response.json());
  return body.bookings.find((item) => item.pnr === booking.pnr)?.pendingScheduleChange;
}
