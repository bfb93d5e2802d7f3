import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CreateBookingResponseSchema, type PayRequest } from '@uniquair/contract/booking';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { freshClient } from './accounts.ts';
import {
  bookingBody,
  createBookingAtCurrentPrice,
  searchTrip,
  type TripSearch,
} from './booking.ts';

/** What the payment tests share: making a booking and paying it through the API. */

export interface MadeBooking {
  pnr: string;
  deviceToken: string;
  id: number;
}

export async function makeBooking(app: FastifyInstance, trip: TripSearch): Promise<MadeBooking> {
  const response = await createBookingAtCurrentPrice(app, bookingBody(trip));
  if (response.statusCode !== 200) throw new Error(`create answered ${response.body}`);
  return madeBooking(app, response);
}

/** The booking a successful create answered, with its row id. */
async function madeBooking(
  app: FastifyInstance,
  response: LightMyRequestResponse,
): Promise<MadeBooking> {
  const created = CreateBookingResponseSchema.parse(response.json());
  const row = await app.db
    .selectFrom('bookings')
    .select('id')
    .where('pnr', '=', created.pnr)
    .executeTakeFirstOrThrow();
  return { pnr: created.pnr, deviceToken: created.deviceToken, id: Number(row.id) };
}

export function payBooking(
  app: FastifyInstance,
  booking: Pick<MadeBooking, 'pnr' | 'deviceToken'>,
  body: PayRequest | Record<string, unknown>,
  key: string | null = randomUUID(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/booking/${booking.pnr}/pay`,
    remoteAddress: freshClient(),
    headers: {
      [DEVICE_TOKENS_HEADER]: booking.deviceToken,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    payload: body,
  });
}

export async function bookingRow(app: FastifyInstance, id: number) {
  return app.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function paymentRows(app: FastifyInstance, bookingId: number) {
  return app.db
    .selectFrom('payments')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
}

/** Payments the gateway holds for a booking reference: the charges really made. */
export async function gatewayCharges(app: FastifyInstance, pnr: string) {
  return app.db.selectFrom('gateway_payments').selectAll().where('reference', '=', pnr).execute();
}

export async function outboxOf(app: FastifyInstance, topic: string, bookingId: number) {
  const rows = await app.db
    .selectFrom('outbox')
    .selectAll()
    .where('topic', '=', topic)
    .orderBy('id')
    .execute();
  return rows.filter(
    (row) => (JSON.parse(row.payload) as { bookingId?: number }).bookingId === bookingId,
  );
}

/** Test settings: no timers of our own (tests drain and reconcile), no booking caps. */
export const PAYMENT_TEST_ENV = {
  SEARCH_RESULT_TTL_SECONDS: '86400',
  BOOKING_CREATES_PER_MINUTE: '0',
  BOOKING_UNPAID_PER_TRAVELLER: '0',
  BOOKING_UNPAID_PER_CLIENT: '0',
  BOOKING_HOLD_SWEEP_SECONDS: '0',
  BOOKING_LOOKUP_MISSES: '0',
  OUTBOX_POLL_MS: '0',
  PAYMENT_RECONCILE_SECONDS: '0',
  PAYMENT_PROVIDERS: 'CREDIT_CARD,PAYPAL,TRUSTLY,DIRECT_TO_AIRLINE,REVOLUT_CREDIT_CARD',
} as const;

/**
 * Makes one-adult one-way bookings on and on: when the cheapest fare of a day runs out, the next
 * day is searched.
 */
export function bookingFactory(app: FastifyInstance, firstDay = 30) {
  let day = firstDay;
  let trip: TripSearch | null = null;
  return async function next(): Promise<MadeBooking> {
    for (let tries = 0; tries < 20; tries += 1) {
      trip ??= await searchTrip(app, {
        passengers: { adults: 1, children: 0, infants: 0 },
        days: day,
        oneWay: true,
      });
      const response = await createBookingAtCurrentPrice(app, bookingBody(trip));
      if (response.statusCode === 200) return madeBooking(app, response);
      day += 1;
      trip = null;
    }
    throw new Error('no bookable flight found');
  };
}
