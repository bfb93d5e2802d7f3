import { CreateBookingResponseSchema } from '@uniquair/contract/booking';
import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  createBooking,
  searchTrip,
  useBookingTestApp,
} from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { expectPricedByRule, fareRows, type FareRow } from '../../../test/helpers/fares.ts';
import { dailyRoundTrip, flightsOfRouteOn } from '../../../test/helpers/search.ts';
import type { Route } from '../../db/tables/inventory.ts';

const at = (days: number): Ymd => addDays(TEST_TODAY, days);

/** The day the tests re-price on, three days after the seed's. */
const LATER = at(3);

/** Prices by fare class id. */
function pricesOf(rows: readonly FareRow[]): Map<number, number> {
  return new Map(rows.map((row) => [row.id, row.price_minor]));
}

/**
 * Fares that move (docs/decisions/009-fares-that-move.md): the re-pricing job and the re-pricing
 * after seats change, on a server over the seeded inventory.
 */
describe(`re-pricing fares (${dialectUnderTest()})`, () => {
  const clock = testClock();
  const test = useBookingTestApp(clock);
  let route: Route;

  beforeAll(async () => {
    ({ out: route } = await dailyRoundTrip(test.app.db));
  });

  it('finds the seed at its prices, moves the last weeks up as days pass, and is idempotent', async () => {
    const { app } = test;
    // The seed prices every class by the rule on its day and records it: nothing is due, and a
    // whole pass changes nothing.
    expect(await app.fares.repriceDue()).toMatchObject({ today: TEST_TODAY, days: 0 });
    expect(await app.fares.repriceAll()).toMatchObject({ today: TEST_TODAY, changed: 0 });

    const near = [at(5), at(20), at(44)];
    const far = [at(60), at(200)];
    const before = await fareRows(app.db, { routeId: route.id, dates: [...near, ...far] });
    const cheapestOn = async (date: Ymd) =>
      (
        await app.db
          .selectFrom('route_day_prices')
          .select('min_price_minor')
          .where('route_id', '=', route.id)
          .where('date', '=', date)
          .executeTakeFirstOrThrow()
      ).min_price_minor;
    const calendarBefore = await cheapestOn(at(5));

    clock.set(`${LATER}T06:00:00.000Z`);
    const first = await app.fares.repriceAll();
    expect(first.today).toBe(LATER);
    expect(first.changed).toBeGreaterThan(0);
    expect(first.refreshedDays).toBeGreaterThan(0);
    const after = await fareRows(app.db, { routeId: route.id, dates: [...near, ...far] });
    expectPricedByRule(after, LATER);
    const previous = pricesOf(before);
    for (const row of after) {
      const was = previous.get(row.id) ?? NaN;
      // Closer to departure, nothing else changed: never cheaper; beyond six weeks, the same.
      if (row.departure_date >= addDays(LATER, 45)) expect(row.price_minor).toBe(was);
      else expect(row.price_minor).toBeGreaterThanOrEqual(was);
    }
    expect(
      after.filter((row) => row.price_minor > (previous.get(row.id) ?? 0)).length,
    ).toBeGreaterThan(0);
    // The calendar follows: the day's cheapest price is the cheapest class with a seat left.
    expect(await cheapestOn(at(5))).toBeGreaterThan(calendarBefore);

    // A second run on the same day changes nothing.
    expect(await app.fares.repriceAll()).toMatchObject({ changed: 0, refreshedDays: 0 });
    expect(pricesOf(await fareRows(app.db, { routeId: route.id, dates: near }))).toEqual(
      pricesOf(after.filter((row) => near.includes(row.departure_date))),
    );
  }, 300_000);

  it('runs once a day, and in between only over the days rolled in, with the sales on them', async () => {
    const { app } = test;
    clock.set(`${LATER}T06:00:00.000Z`);
    await app.fares.repriceDue();
    expect(await app.fares.repriceDue()).toMatchObject({ today: LATER, days: 0 });

    // A sale running into the days the inventory has not reached yet, which a roll then adds.
    const saleDays = { from: at(360), until: at(367) };
    const { sale } = await app.fares.sales.publish(
      { routeId: route.id, ...saleDays, percent: 30 },
      null,
    );
    const rolled = await app.inventory.roll();
    expect(rolled.days).toEqual([at(365), at(366), at(367)]);
    const onSale = (date: Ymd) => (date >= saleDays.from && date <= saleDays.until ? 30 : 0);
    // Rolled in at the prices without the sale; the next run re-prices those days only.
    expectPricedByRule(await fareRows(app.db, { routeId: route.id, dates: rolled.days }), LATER);
    const due = await app.fares.repriceDue();
    expect(due).toMatchObject({ today: LATER, days: 3 });
    expect(due.changed).toBeGreaterThan(0);
    expectPricedByRule(
      await fareRows(app.db, { routeId: route.id, dates: [at(360), ...rolled.days] }),
      LATER,
      onSale,
    );
    expect(await app.fares.repriceDue()).toMatchObject({ days: 0 });
    await app.fares.sales.end(sale.id, null);
  }, 300_000);

  it('never lowers a class as more seats of its flight are sold, and runs twice to the same prices', async () => {
    const { app } = test;
    clock.set(`${LATER}T06:00:00.000Z`);
    const date = at(70);
    const flights = (await flightsOfRouteOn(app.db, route.id, date)).map((flight) => flight.id);
    expect(flights.length).toBeGreaterThan(0);
    const read = () => fareRows(app.db, { flightIds: flights });
    const start = await read();
    let previous = pricesOf(start);
    let raised = 0;
    // Sell the flights out, the cheapest class with seats first, a few seats a step.
    for (let step = 0; step < 200; step += 1) {
      const open = (await read()).find((row) => row.seats_left > 0);
      if (open === undefined) break;
      await app.db
        .updateTable('fare_classes')
        .set({ seats_left: Math.max(0, open.seats_left - 15) })
        .where('id', '=', open.id)
        .execute();
      await app.fares.afterSeatsChanged([route.id], [date]);
      const now = await read();
      expectPricedByRule(now, LATER);
      for (const row of now) {
        expect(row.price_minor).toBeGreaterThanOrEqual(previous.get(row.id) ?? Infinity);
        if (row.price_minor > (previous.get(row.id) ?? 0)) raised += 1;
      }
      // Idempotent: once more with nothing sold, nothing moves.
      await app.fares.afterSeatsChanged([route.id], [date]);
      expect(pricesOf(await read())).toEqual(pricesOf(now));
      previous = pricesOf(now);
    }
    expect((await read()).every((row) => row.seats_left === 0)).toBe(true);
    expect(raised).toBeGreaterThan(0);

    // Seats given back: the prices are the rule's again, those of the start.
    for (const row of start) {
      await app.db
        .updateTable('fare_classes')
        .set({ seats_left: row.seats_left })
        .where('id', '=', row.id)
        .execute();
    }
    await app.fares.afterSeatsChanged([route.id], [date]);
    expect(pricesOf(await read())).toEqual(pricesOf(start));
  }, 300_000);

  it('raises the next price when a booking fills a class, and a new search shows it', async () => {
    const { app } = test;
    clock.set(`${LATER}T06:00:00.000Z`);
    const days = 20;
    const date = at(days);
    const [flight] = await flightsOfRouteOn(app.db, route.id, date);
    if (!flight) throw new Error('no flight');
    // Two seats left in the cheapest class, prices as the rule says for that load.
    const classes = await fareRows(app.db, { flightIds: [flight.id] });
    const cheapest = classes.find((row) => row.letter === 'Q') as FareRow;
    await app.db
      .updateTable('fare_classes')
      .set({ seats_left: 2 })
      .where('id', '=', cheapest.id)
      .execute();
    await app.fares.afterSeatsChanged([route.id], [date]);
    const before = await fareRows(app.db, { flightIds: [flight.id] });

    const search = await searchTrip(app, {
      oneWay: true,
      days,
      passengers: { adults: 2, children: 0, infants: 0 },
    });
    const shown = search.result.results[0]?.flights.find((f) => f.id === String(flight.id));
    const shownQ = shown?.fareClasses.find((fare) => fare.letter === 'Q');
    expect(shownQ?.price).toBe(before.find((row) => row.letter === 'Q')?.price_minor);
    const booked = await createBooking(
      app,
      bookingBody(search, {
        selections: [{ destinationIndex: 0, flightId: String(flight.id), fareClass: 'Q' }],
      }),
    );
    expect(booked.statusCode, booked.body).toBe(200);
    CreateBookingResponseSchema.parse(booked.json());
    await app.bookings.calendarsSettled();

    const after = await fareRows(app.db, { flightIds: [flight.id] });
    expectPricedByRule(after, LATER);
    const was = pricesOf(before);
    for (const row of after) expect(row.price_minor).toBeGreaterThanOrEqual(was.get(row.id) ?? 0);
    expect(after.find((row) => row.letter === 'Q')?.seats_left).toBe(0);
    // The next class with seats for both: dearer than the class sold out, and never cheaper.
    const nextClass = after.find((row) => row.letter !== 'Q' && row.seats_left >= 2) as FareRow;
    const next = nextClass.price_minor;
    expect(next).toBeGreaterThanOrEqual(was.get(nextClass.id) ?? Infinity);
    expect(next).toBeGreaterThan(shownQ?.price ?? Infinity);

    // The same search again is a new one: the class sold out, the next one at its new price.
    const again = await searchTrip(app, {
      oneWay: true,
      days,
      passengers: { adults: 2, children: 0, infants: 0 },
    });
    expect(again.hash).not.toBe(search.hash);
    const listed = again.result.results[0]?.flights.find((f) => f.id === String(flight.id));
    expect(listed?.fareClasses.map((fare) => fare.letter)).not.toContain('Q');
    expect(listed?.fareClasses[0]).toMatchObject({ letter: nextClass.letter, price: next });
  }, 60_000);
});
