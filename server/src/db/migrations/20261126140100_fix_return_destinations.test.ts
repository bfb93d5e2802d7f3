import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateBookingResponseSchema } from '@uniquair/contract/booking';
import {
  bookingBody,
  buildBookingTestApp,
  createBooking,
  searchTrip,
} from '../../../test/helpers/booking.ts';
import type { TestApp } from '../../../test/helpers/build.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { up } from './20261126140100_fix_return_destinations.ts';

describe(`the return destinations put right (${dialectUnderTest()})`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildBookingTestApp(testClock());
  });

  afterAll(() => testApp.close());

  const book = async (oneWay: boolean, days: number) => {
    const trip = await searchTrip(testApp.app, { oneWay, days });
    const response = await createBooking(testApp.app, bookingBody(trip));
    expect(response.statusCode, response.body).toBe(200);
    return CreateBookingResponseSchema.parse(response.json()).pnr;
  };
  const ends = (pnr: string) =>
    testApp.app.db
      .selectFrom('bookings')
      .select(['origin_airport', 'destination_airport'])
      .where('pnr', '=', pnr)
      .executeTakeFirstOrThrow();

  it('names a stored return by where it goes, and leaves one-way trips alone', async () => {
    const [round, oneWay] = [await book(false, 33), await book(true, 34)];
    const right = await ends(round);
    // As a return was stored before: its destination the airport it comes back to.
    await testApp.app.db
      .updateTable('bookings')
      .set({ destination_airport: right.origin_airport })
      .where('pnr', '=', round)
      .execute();
    const single = await ends(oneWay);

    await up(testApp.app.db as Kysely<unknown>);
    expect(await ends(round)).toEqual(right);
    expect(right.destination_airport).not.toBe(right.origin_airport);
    expect(await ends(oneWay)).toEqual(single);
  });
});
