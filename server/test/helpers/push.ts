import type { FastifyInstance } from 'fastify';
import { CreateBookingResponseSchema } from '@uniquair/contract/booking';
import { bookingBody, createBookingAtCurrentPrice, searchTrip } from './booking.ts';

/** A booking made through the API, as the push tests link subscriptions to it. */
export interface PushTestBooking {
  readonly pnr: string;
  readonly id: number;
  readonly deviceToken: string;
}

/** Searches a one-way trip `days` ahead and books its cheapest fares as an anonymous visitor. */
export async function bookTrip(app: FastifyInstance, days: number): Promise<PushTestBooking> {
  const response = await createBookingAtCurrentPrice(
    app,
    bookingBody(await searchTrip(app, { days, oneWay: true })),
  );
  if (response.statusCode !== 200) throw new Error(`create answered ${response.body}`);
  const created = CreateBookingResponseSchema.parse(response.json());
  const row = await app.db
    .selectFrom('bookings')
    .select('id')
    .where('pnr', '=', created.pnr)
    .executeTakeFirstOrThrow();
  return { pnr: created.pnr, id: Number(row.id), deviceToken: created.deviceToken };
}
