import {
  ScheduleChangeResponseSchema,
  SubstitutesResponseSchema,
} from '@uniquair/contract/booking-schedule-changes';
import { addDays } from '@uniquair/domain/dates/ymd';
import { inventoryFlightIds, minimumConnectionMinutes } from '@uniquair/domain/search/connections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookConnection } from '../../../test/helpers/connections.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import type { PaymentsTestApp } from '../../../test/helpers/payments.ts';
import {
  answer,
  bookingDetail,
  legOf,
  postScheduleChange,
  scheduleChangeRows,
  startScheduleChangeTestApp,
  substitutes,
} from '../../../test/helpers/schedule-changes.ts';
import { drainOutbox } from '../outbox/outbox.service.ts';

const MINUTE_MS = 60_000;

/**
 * Schedule changes of booked connections (docs/schedule-changes.md "Connections"): a change of
 * either flight reaches the booking; new times that still make the connection can be accepted,
 * ones that miss it are told as such and cannot.
 */
describe(`schedule changes of connections (${dialectUnderTest()})`, () => {
  let test: PaymentsTestApp;
  const clock = testClock();
  /** Flights already changed by a test: each test books a connection of untouched flights. */
  const touched = new Set<number>();

  beforeAll(async () => {
    test = await startScheduleChangeTestApp(clock);
  });

  afterAll(() => test.close());

  const bookedConnection = (withOwnFlights = false) =>
    bookConnection(test, touched, { withOwnFlights });

  const flightRow = (id: number) =>
    test.app.db.selectFrom('flights').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** The minutes between the first flight's arrival and the second's departure. */
  async function layover(flights: number[]) {
    const [first, second] = await Promise.all(flights.map(flightRow));
    return (Date.parse(second?.departure_utc ?? '') - Date.parse(first?.arrival_utc ?? '')) / 6e4;
  }

  const shifted = (instant: string, minutes: number) =>
    new Date(Date.parse(instant) + minutes * MINUTE_MS).toISOString();

  async function retime(flightId: number, minutes: number) {
    const flight = await flightRow(flightId);
    const response = await postScheduleChange(test.app, flightId, {
      departureUtc: shifted(flight.departure_utc, minutes),
      arrivalUtc: shifted(flight.arrival_utc, minutes),
    });
    expect(response.statusCode, response.body).toBe(200);
    return ScheduleChangeResponseSchema.parse(response.json());
  }

  async function mailSubjects(pnr: string) {
    await drainOutbox(test.app);
    const mails = await test.app.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('kind', '=', 'scheduleChange')
      .where('subject', 'like', `%${pnr}%`)
      .execute();
    return mails.map((mail) => mail.subject);
  }

  it('tells a booking of a later second flight, and accepting keeps the connection', async () => {
    const { app } = test;
    const { booking, flights } = await bookedConnection();
    const before = await bookingDetail(app, booking);
    const oldSegments = before.flights[0]?.segments ?? [];
    // Later by half an hour (it left before 23:00, so it stays on its day).
    const minutes = 30;

    const changed = await retime(flights[1] as number, minutes);
    expect(changed.bookingsAffected).toBeGreaterThanOrEqual(1);
    const [row] = await scheduleChangeRows(app, booking.id);
    expect(row).toMatchObject({
      flight_ref: String(flights[1]),
      missed_connection: 0,
      old_departure_utc: oldSegments[0]?.departureUtc,
      new_departure_utc: oldSegments[0]?.departureUtc,
      new_arrival_utc: shifted(oldSegments.at(-1)?.arrivalUtc ?? '', minutes),
    });
    const shown = (await bookingDetail(app, booking)).scheduleChanges;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ missedConnection: false, answered: false });
    expect(await mailSubjects(booking.pnr)).toEqual([expect.stringMatching(/^New times/)]);

    const accepted = await answer(app, booking, 'schedule-change/accept', { flightIndex: 0 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const leg = await legOf(app, booking.id);
    expect(leg.flight_ref).toBe(flights.join('-'));
    const after = (await bookingDetail(app, booking)).flights[0]?.segments ?? [];
    expect(after.map((segment) => [segment.from, segment.to])).toEqual(
      oldSegments.map((segment) => [segment.from, segment.to]),
    );
    expect(after[0]?.departureUtc).toBe(oldSegments[0]?.departureUtc);
    expect(after.at(-1)?.arrivalUtc).toBe(shifted(oldSegments.at(-1)?.arrivalUtc ?? '', minutes));
  });

  it('tells a booking whose connection an earlier second flight misses; it cannot be accepted', async () => {
    const { app } = test;
    const { booking, flights } = await bookedConnection();
    const first = (await flightRow(flights[0] as number)).departure_utc;
    // The second flight leaves 10 minutes after the first lands: under any minimum.
    const minutes = (await layover(flights)) - 10;
    expect(minutes).toBeGreaterThan(0);
    expect(10).toBeLessThan(minimumConnectionMinutes('ANY', true));

    await retime(flights[1] as number, -minutes);
    const [row] = await scheduleChangeRows(app, booking.id);
    expect(row).toMatchObject({
      flight_ref: String(flights[1]),
      missed_connection: 1,
      new_departure_utc: null,
      new_arrival_utc: null,
    });
    expect((await bookingDetail(app, booking)).scheduleChanges[0]).toMatchObject({
      missedConnection: true,
      new: null,
      answered: false,
    });
    expect(await mailSubjects(booking.pnr)).toEqual([
      expect.stringMatching(/^Your connection .* no longer works/),
    ]);
    const refused = expectApiError(
      await answer(app, booking, 'schedule-change/accept', { flightIndex: 0 }),
      409,
      'FLIGHT_CANCELLED',
    );
    expect(JSON.stringify(refused)).toMatch(/connection/i);
    // Nothing moved: the leg is still on both flights as booked.
    expect((await legOf(app, booking.id)).flight_ref).toBe(flights.join('-'));
    expect((await flightRow(flights[0] as number)).departure_utc).toBe(first);
  });

  it('tells a booking when the second flight of its connection is cancelled', async () => {
    const { app } = test;
    const { booking, flights } = await bookedConnection();
    const response = await postScheduleChange(app, flights[1] as number, { cancelled: true });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await scheduleChangeRows(app, booking.id);
    expect(row).toMatchObject({ missed_connection: 0, new_departure_utc: null });
    expect((await bookingDetail(app, booking)).scheduleChanges[0]).toMatchObject({
      missedConnection: false,
      new: null,
    });
    expect(await mailSubjects(booking.pnr)).toEqual([expect.stringMatching(/is cancelled/)]);
  });

  it('moves a connection leg to a substitute flight holding its seats once, all given back', async () => {
    const { app } = test;
    const { booking, flights } = await bookedConnection(true);
    const response = await postScheduleChange(app, flights[1] as number, { cancelled: true });
    expect(response.statusCode, response.body).toBe(200);
    const listed = await substitutes(app, booking, 0);
    expect(listed.statusCode, listed.body).toBe(200);
    const offer = SubstitutesResponseSchema.parse(listed.json()).flights.find(
      (candidate) => !candidate.flightId.includes('-'),
    );
    if (!offer) throw new Error('no flight of its own offered on a route that has some');
    const seatsOf = async (flightId: number | string) =>
      app.db
        .selectFrom('fare_classes')
        .select(['id', 'letter', 'seats_left'])
        .where('flight_id', '=', Number(flightId))
        .execute();
    const before = {
      offered: await seatsOf(offer.flightId),
      first: await seatsOf(flights[0] as number),
    };

    const moved = await answer(app, booking, 'substitute', {
      flightIndex: 0,
      flightId: offer.flightId,
      fareClass: offer.fareClass,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const left = (rows: { letter: string; seats_left: number }[], letter: string) =>
      rows.find((row) => row.letter === letter)?.seats_left;
    // One traveller: one seat taken on the substitute, one given back on the first flight.
    expect(left(await seatsOf(offer.flightId), offer.fareClass)).toBe(
      (left(before.offered, offer.fareClass) as number) - 1,
    );
    const leg = await legOf(app, booking.id);
    expect(leg.flight_ref).toBe(offer.flightId);
    const holds = await app.db
      .selectFrom('seat_holds as h')
      .innerJoin('fare_classes as c', 'c.id', 'h.fare_class_id')
      .select(['c.flight_id', 'h.seats', 'h.state'])
      .where('h.booking_id', '=', booking.id)
      .where('h.state', 'in', ['held', 'sold'])
      .execute();
    expect(holds).toEqual([{ flight_id: Number(offer.flightId), seats: 1, state: 'sold' }]);
    const given = (await seatsOf(flights[0] as number)).reduce(
      (sum, row) => sum + row.seats_left,
      0,
    );
    expect(given).toBe(before.first.reduce((sum, row) => sum + row.seats_left, 0) + 1);
    // Re-ticketed: one ticket for the one flight, where the connection had one per flight.
    const tickets = (await bookingDetail(app, booking)).tickets;
    expect(tickets.map((ticket) => [ticket.flightIndex, ticket.segmentIndex])).toEqual([[0, 0]]);
  });

  it('offers other connections of a route flown only through hubs, and moves the leg to one', async () => {
    const { app } = test;
    const { booking, flights } = await bookedConnection();
    const response = await postScheduleChange(app, flights[0] as number, { cancelled: true });
    expect(response.statusCode, response.body).toBe(200);
    const listed = await substitutes(app, booking, 0);
    expect(listed.statusCode, listed.body).toBe(200);
    const offers = SubstitutesResponseSchema.parse(listed.json()).flights;
    const offer = offers.find((candidate) => candidate.flightId.includes('-'));
    if (!offer) throw new Error('no connection offered in place of a cancelled one');
    expect(offers.map((candidate) => candidate.flightId)).not.toContain(flights.join('-'));
    // Soonest first, and none uses the cancelled flight.
    expect(offers.map((candidate) => candidate.departureUtc)).toEqual(
      offers.map((candidate) => candidate.departureUtc).sort(),
    );
    expect(offers.flatMap((candidate) => inventoryFlightIds(candidate.flightId))).not.toContain(
      flights[0],
    );
    const newFlights = inventoryFlightIds(offer.flightId);
    const classOf = (flightId: number) =>
      app.db
        .selectFrom('fare_classes')
        .select('seats_left')
        .where('flight_id', '=', flightId)
        .where('letter', '=', offer.fareClass)
        .executeTakeFirstOrThrow();
    const before = await Promise.all(newFlights.map(classOf));

    expectApiError(
      await answer(app, booking, 'substitute', {
        flightIndex: 0,
        flightId: `${newFlights[0]}-${flights[1]}`,
        fareClass: offer.fareClass,
      }),
      400,
      'VALIDATION_ERROR',
    );
    const moved = await answer(app, booking, 'substitute', {
      flightIndex: 0,
      flightId: offer.flightId,
      fareClass: offer.fareClass,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await Promise.all(newFlights.map(classOf));
    expect(after.map((row) => row.seats_left)).toEqual(before.map((row) => row.seats_left - 1));
    expect((await legOf(app, booking.id)).flight_ref).toBe(offer.flightId);
    const holds = await app.db
      .selectFrom('seat_holds as h')
      .innerJoin('fare_classes as c', 'c.id', 'h.fare_class_id')
      .select(['c.flight_id', 'h.seats'])
      .where('h.booking_id', '=', booking.id)
      .where('h.state', 'in', ['held', 'sold'])
      .orderBy('h.id')
      .execute();
    expect(holds).toEqual(newFlights.map((flightId) => ({ flight_id: flightId, seats: 1 })));
    const shown = await bookingDetail(app, booking);
    expect(shown.flights[0]?.segments[0]?.departureUtc).toBe(offer.departureUtc);
    expect(shown.flights[0]?.segments.at(-1)?.arrivalUtc).toBe(offer.arrivalUtc);
    expect(shown.scheduleChanges[0]).toMatchObject({ answered: true, answer: 'substituted' });
    expect(shown.tickets.map((ticket) => ticket.segmentIndex)).toEqual(newFlights.map((_, i) => i));
  });

  it('refuses a retime onto a day the route already flies that number, changing nothing', async () => {
    const { app } = test;
    const { flights } = await bookedConnection();
    // A booked flight: a refused change must not reach its booking either.
    const flight = await flightRow(flights[0] as number);
    const next = await app.db
      .selectFrom('flights')
      .select('id')
      .where('route_id', '=', flight.route_id)
      .where('flight_number', '=', flight.flight_number)
      .where('departure_date', '=', addDays(flight.departure_date, 1))
      .executeTakeFirst();
    if (!next) throw new Error(`flight ${flight.flight_number} does not fly the next day`);
    const body = expectApiError(
      await postScheduleChange(app, flight.id, {
        departureUtc: shifted(flight.departure_utc, 24 * 60),
        arrivalUtc: shifted(flight.arrival_utc, 24 * 60),
      }),
      409,
      'CONFLICT',
    );
    expect(body.errors?.['body.departureUtc']).toBeDefined();
    expect(await flightRow(flight.id)).toEqual(flight);
    const records = await app.db
      .selectFrom('booking_schedule_changes')
      .select('id')
      .where('flight_ref', '=', String(flight.id))
      .execute();
    expect(records).toEqual([]);
  });
});
