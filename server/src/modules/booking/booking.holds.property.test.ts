import fc from 'fast-check';
import { CreateBookingResponseSchema } from '@uniquair/contract/booking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANY_PRICE,
  bookingBody,
  buildBookingTestApp,
  createBooking,
  fareClassOf,
  searchTrip,
  type TripSearch,
  setFareClass,
} from '../../../test/helpers/booking.ts';
import type { TestApp } from '../../../test/helpers/build.ts';
import { testClock, type TestClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { markSeatsSold } from './booking.hold-repository.ts';

type Command =
  | { kind: 'book'; seats: 1 | 2 | 3 }
  | { kind: 'advance'; minutes: number }
  | { kind: 'sweep' }
  | { kind: 'retake'; pick: number }
  | { kind: 'pay'; pick: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('book' as const),
    seats: fc.constantFrom(1 as const, 2 as const, 3 as const),
  }),
  fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 10 }) }),
  fc.record({ kind: fc.constant('sweep' as const) }),
  fc.record({ kind: fc.constant('retake' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }),
);

/**
 * A model of the hold life cycle (reference notes INV-3): random sequences of bookings, clock
 * moves, sweeps, re-takes after expiry and payments on one small fare class. After every step the
 * seats add up: seats left + seats held + seats sold = capacity, never below zero; a booking holds
 * seats exactly while it is unpaid and its hold runs (or it was re-taken), sold once paid.
 */
describe(`seat holds as a state machine (${dialectUnderTest()})`, () => {
  let testApp: TestApp;
  let clock: TestClock;
  const searches = new Map<number, TripSearch>();

  beforeAll(async () => {
    clock = testClock();
    testApp = await buildBookingTestApp(clock);
    for (const adults of [1, 2, 3]) {
      searches.set(
        adults,
        await searchTrip(testApp.app, {
          oneWay: true,
          days: 90,
          passengers: { adults, children: 0, infants: 0 },
        }),
      );
    }
  });

  afterAll(() => testApp.close());

  it('seats always add up to the capacity', async () => {
    const { app } = testApp;
    const one = searches.get(1) as TripSearch;
    const selection = bookingBody(one).selections[0];
    if (!selection) throw new Error('no selection');
    const fare = await fareClassOf(app, selection);

    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: Math.min(6, fare.seats_total) }),
        fc.array(commandArb, { minLength: 1, maxLength: 10 }),
        async (capacity, commands) => {
          // A fresh start: every earlier hold ended (none lasts over 15 minutes), the class holds
          // `capacity` free seats. All runs together move the clock less than the search's
          // 24-hour freshness.
          clock.advance(16 * 60_000);
          await app.bookings.expireOverdueHolds();
          await setFareClass(app, fare.id, { seats_left: capacity });
          const ids: number[] = [];

          for (const command of commands) {
            switch (command.kind) {
              case 'book': {
                const search = searches.get(command.seats) as TripSearch;
                const left = (await fareClassOf(app, selection)).seats_left;
                // Whatever the seats sold did to the price: the seats are the point.
                const response = await createBooking(
                  app,
                  bookingBody(search, { selections: [selection], acceptedTotal: ANY_PRICE }),
                );
                if (left >= command.seats) {
                  expect(response.statusCode, response.body).toBe(200);
                  const { pnr } = CreateBookingResponseSchema.parse(response.json());
                  const row = await app.db
                    .selectFrom('bookings')
                    .select('id')
                    .where('pnr', '=', pnr)
                    .executeTakeFirstOrThrow();
                  ids.push(Number(row.id));
                } else {
                  expect(response.statusCode, response.body).toBe(409);
                }
                break;
              }
              case 'advance':
                clock.advance(command.minutes * 60_000);
                break;
              case 'sweep':
                await app.bookings.expireOverdueHolds();
                break;
              case 'retake': {
                const id = ids[command.pick % Math.max(ids.length, 1)];
                if (id !== undefined) await app.bookings.retakeSeats(id);
                break;
              }
              case 'pay': {
                const id = ids[command.pick % Math.max(ids.length, 1)];
                if (id === undefined) break;
                const now = clock.now().toISOString();
                await app.db.transaction().execute(async (trx) => {
                  const paid = await trx
                    .updateTable('bookings')
                    .set({ status: 'paid', paid_at: now, updated_at: now })
                    .where('id', '=', id)
                    .where('status', '=', 'not_paid')
                    .where('hold_expires_at', '>', now)
                    .executeTakeFirst();
                  if (Number(paid.numUpdatedRows) === 1) await markSeatsSold(trx, id, now);
                });
                break;
              }
            }

            // The invariants, after every step.
            const left = (await fareClassOf(app, selection)).seats_left;
            const holds =
              ids.length === 0
                ? []
                : await app.db
                    .selectFrom('seat_holds')
                    .innerJoin('bookings', 'bookings.id', 'seat_holds.booking_id')
                    .select(['seat_holds.seats', 'seat_holds.state', 'bookings.status'])
                    .where('seat_holds.booking_id', 'in', ids)
                    .execute();
            const taken = holds
              .filter((hold) => hold.state === 'held' || hold.state === 'sold')
              .reduce((sum, hold) => sum + hold.seats, 0);
            expect(left).toBeGreaterThanOrEqual(0);
            expect(left + taken).toBe(capacity);
            for (const hold of holds) {
              if (hold.state === 'sold') expect(hold.status).toBe('paid');
              if (hold.state === 'held') expect(hold.status).toBe('not_paid');
              if (hold.state === 'released') expect(hold.status).toBe('expired');
            }
          }
        },
      ),
      { numRuns: 10 },
    );
  }, 120_000);
});
