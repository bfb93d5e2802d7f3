import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { freshClient } from './accounts.ts';

/** What the schedule-change tests share: the airline partner call and the traveller's answers. */

export const PARTNER_KEY = 'partner-key-schedule-aaaa';

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
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}
