import {
  ScheduleChangeAnswerResponseSchema,
  ScheduleChangeResponseSchema,
  SubstitutesResponseSchema,
} from '@uniquair/contract/booking-schedule-changes';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { fareClassRank } from '@uniquair/domain/booking/fare-class-rank';
import { addDays } from '@uniquair/domain/dates/ymd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  cheapestSelections,
  createBooking,
  fareClassOf,
  searchTrip,
  setFareClass,
  type TripSearch,
} from '../../../test/helpers/booking.ts';
import { inventoryOf } from '../../../test/helpers/search.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import type { PaymentsTestApp } from '../../../test/helpers/payments.ts';
import {
  makeBooking,
  outboxOf,
  type MadeBooking,
} from '../../../test/helpers/payments-test-kit.ts';
import {
  answer,
  bookingDetail,
  legOf,
  pendingInBookingsList,
  scheduleChangeRows,
  ticketedBooking,
  postScheduleChange,
  substitutes,
  wallClock,
  startScheduleChangeTestApp,
} from '../../../test/helpers/schedule-changes.ts';
import { drainOutbox } from '../outbox/outbox.service.ts';

/**
 * Schedule changes end to end through the API (docs/schedule-changes.md): an airline partner
 * retimes or cancels a flight, the bookings on it get change records, e-mails and pushes, and the
 * travellers accept or move to substitute flights without overselling.
 */
describe(`schedule changes (${dialectUnderTest()})`, () => {
  let test: PaymentsTestApp;
  const clock = testClock();

  beforeAll(async () => {
    test = await startScheduleChangeTestApp(clock);
  });

  afterAll(() => test.close());

  const ticketed = (trip: TripSearch) => ticketedBooking(test, trip);
  const detail = (booking: MadeBooking) => bookingDetail(test.app, booking);
  const changeRows = (bookingId: number) => scheduleChangeRows(test.app, bookingId);
  const pendingInList = (booking: MadeBooking) => pendingInBookingsList(test.app, booking);

  it('retimes a flight: legs, local times, change records, e-mails and pushes; then accept', async () => {
    const { app } = test;
    const trip = await searchTrip(app, { days: 30, oneWay: true });
    const paid = await ticketed(trip);
    const unpaid = await makeBooking(app, trip);
    const flightId = Number((await legOf(app, paid.id)).flight_ref);
    const before = await app.db
      .selectFrom('flights')
      .selectAll()
      .where('id', '=', flightId)
      .executeTakeFirstOrThrow();
    const departureUtc = new Date(Date.parse(before.departure_utc) + 2 * 3_600_000).toISOString();
    const arrivalUtc = new Date(Date.parse(before.arrival_utc) + 150 * 60_000).toISOString();

    expectApiError(
      await postScheduleChange(app, flightId, { departureUtc, arrivalUtc }, null),
      401,
      'ERROR_UNAUTHORIZED',
    );
    expectApiError(
      await postScheduleChange(app, 999_999_999, { cancelled: true }),
      404,
      'NOT_FOUND',
    );
    const reversed = { departureUtc: arrivalUtc, arrivalUtc: departureUtc };
    expectApiError(await postScheduleChange(app, flightId, reversed), 400, 'VALIDATION_ERROR');

    const response = await postScheduleChange(app, flightId, { departureUtc, arrivalUtc });
    expect(response.statusCode, response.body).toBe(200);
    expect(ScheduleChangeResponseSchema.parse(response.json())).toMatchObject({
      change: 'retimed',
      departureUtc,
      arrivalUtc,
      bookingsAffected: 2,
    });

    // The flight and its legs moved; local times follow the airports' time zones.
    const flight = await app.db
      .selectFrom('flights')
      .selectAll()
      .where('id', '=', flightId)
      .executeTakeFirstOrThrow();
    const segments = await app.db
      .selectFrom('flight_segments as s')
      .innerJoin('airports as a', 'a.code', 's.from_airport')
      .innerJoin('airports as b', 'b.code', 's.to_airport')
      .select([
        's.departure_utc',
        's.departure_date',
        's.departure_time',
        's.arrival_utc',
        's.arrival_date',
        's.arrival_time',
        'a.time_zone as from_zone',
        'b.time_zone as to_zone',
      ])
      .where('s.flight_id', '=', flightId)
      .orderBy('s.position')
      .execute();
    expect(flight).toMatchObject({ departure_utc: departureUtc, arrival_utc: arrivalUtc });
    expect(flight.duration_minutes).toBe(before.duration_minutes + 30);
    expect(segments[0]?.departure_utc).toBe(departureUtc);
    expect(segments.at(-1)?.arrival_utc).toBe(arrivalUtc);
    for (const segment of segments) {
      const departs = wallClock(segment.departure_utc, segment.from_zone);
      const arrives = wallClock(segment.arrival_utc, segment.to_zone);
      expect(segment).toMatchObject({
        departure_date: departs.date,
        departure_time: departs.time,
        arrival_date: arrives.date,
        arrival_time: arrives.time,
      });
    }
    expect({ date: flight.departure_date, time: flight.departure_time }).toEqual({
      date: segments[0]?.departure_date,
      time: segments[0]?.departure_time,
    });

    // One change per booking, with an e-mail and a push entry written with it.
    for (const booking of [paid, unpaid]) {
      const rows = await changeRows(booking.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        flight_index: 0,
        old_departure_utc: before.departure_utc,
        old_arrival_utc: before.arrival_utc,
        new_departure_utc: departureUtc,
        new_arrival_utc: arrivalUtc,
        answer: null,
      });
      expect(await outboxOf(app, 'mail.schedule-change', booking.id)).toHaveLength(1);
      const pushes = (await outboxOf(app, 'push.booking-status', booking.id)).filter(
        (entry) => (JSON.parse(entry.payload) as { status: string }).status === 'schedule_changed',
      );
      expect(pushes).toHaveLength(1);
    }
    const [shown, ...more] = (await detail(paid)).scheduleChanges;
    expect(more).toEqual([]);
    expect(shown).toMatchObject({
      flightIndex: 0,
      old: { departureUtc: before.departure_utc, arrivalUtc: before.arrival_utc },
      new: { departureUtc, arrivalUtc },
      answered: false,
    });
    // Local times on the airports' wall clocks.
    const first = segments[0];
    const last = segments.at(-1);
    if (!first || !last) throw new Error('no legs');
    expect(shown?.new?.departureLocal).toBe(`${first.departure_date}T${first.departure_time}`);
    expect(shown?.new?.arrivalLocal).toBe(`${last.arrival_date}T${last.arrival_time}`);
    expect(await pendingInList(paid)).toBe(true);

    // The e-mail, in the booking's language, once the outbox ran.
    await drainOutbox(app);
    const mails = await app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'scheduleChange')
      .where('subject', 'like', `%${paid.pnr}%`)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toContain(`/api/booking/login-quick/${paid.pnr}/`);

    // Bad answers change nothing.
    expectApiError(
      await answer(app, paid, 'schedule-change/accept', { flightIndex: 3 }),
      400,
      'VALIDATION_ERROR',
    );
    expectApiError(
      await answer(
        app,
        { pnr: unpaid.pnr, deviceToken: paid.deviceToken },
        'schedule-change/accept',
        { flightIndex: 0 },
      ),
      404,
      'NOT_FOUND',
    );

    const ticketsBefore = (await detail(paid)).tickets;
    const confirmations = (await outboxOf(app, 'mail.booking-confirmation', paid.id)).length;
    const accepted = await answer(app, paid, 'schedule-change/accept', { flightIndex: 0 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The confirmation again, with the trip's new times.
    expect(await outboxOf(app, 'mail.booking-confirmation', paid.id)).toHaveLength(
      confirmations + 1,
    );
    expect(
      ScheduleChangeAnswerResponseSchema.parse(accepted.json()).scheduleChanges[0],
    ).toMatchObject({ answered: true, answer: 'accepted' });
    const after = await detail(paid);
    expect(after.flights[0]?.segments[0]?.departureUtc).toBe(departureUtc);
    expect(after.flights[0]?.segments.at(-1)?.arrivalUtc).toBe(arrivalUtc);
    expect(after.tickets).toEqual(ticketsBefore);
    expect(await pendingInList(paid)).toBe(false);
    expectApiError(
      await answer(app, paid, 'schedule-change/accept', { flightIndex: 0 }),
      409,
      'SCHEDULE_CHANGE_ANSWERED',
    );
    expectApiError(await substitutes(app, paid, 0), 409, 'SCHEDULE_CHANGE_ANSWERED');
  });

  it('cancels a flight, offers substitutes and moves a leg with new seats and tickets', async () => {
    const { app } = test;
    const trip = await searchTrip(app, { days: 40, oneWay: true });
    const paid = await ticketed(trip);
    const unpaid = await makeBooking(app, trip);
    const leg = await legOf(app, paid.id);
    const flightId = Number(leg.flight_ref);
    expectApiError(await substitutes(app, paid, 0), 409, 'NO_SCHEDULE_CHANGE');
    const offeredIds = async () => {
      const route = await app.db
        .selectFrom('routes')
        .selectAll()
        .where('id', '=', leg.route_id ?? 0)
        .executeTakeFirstOrThrow();
      const offered = await inventoryOf(app).search(
        {
          route: { id: route.id, from: route.from_airport, to: route.to_airport },
          date: leg.date,
          passengers: { adults: 1, children: 0, infants: 0 },
          seats: 1,
          departingAfter: clock.now(),
        },
        new AbortController().signal,
      );
      return offered.map((flight) => flight.id);
    };
    expect(await offeredIds()).toContain(String(flightId));

    const cancelled = await postScheduleChange(app, flightId, { cancelled: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ change: 'cancelled', bookingsAffected: 2 });
    expectApiError(
      await postScheduleChange(app, flightId, { cancelled: true }),
      409,
      'FLIGHT_CANCELLED',
    );
    expect((await changeRows(paid.id))[0]).toMatchObject({
      new_departure_utc: null,
      new_arrival_utc: null,
    });
    expect((await detail(paid)).scheduleChanges[0]?.new).toBeNull();

    // No longer sold: the inventory does not offer it, and a booking of it from the old search fails.
    expect(await offeredIds()).not.toContain(String(flightId));
    expectApiError(await createBooking(app, bookingBody(trip)), 410, 'SEARCH_EXPIRED');

    expectApiError(
      await answer(app, paid, 'schedule-change/accept', { flightIndex: 0 }),
      409,
      'FLIGHT_CANCELLED',
    );

    const listed = await substitutes(app, paid, 0);
    expect(listed.statusCode, listed.body).toBe(200);
    const { flights } = SubstitutesResponseSchema.parse(listed.json());
    expect(flights.length).toBeGreaterThan(0);
    for (const flight of flights) {
      expect(flight.flightId).not.toBe(String(flightId));
      expect(flight.date >= addDays(leg.date, -3) && flight.date <= addDays(leg.date, 3)).toBe(
        true,
      );
      expect(fareClassRank(flight.fareClass, flight.cabin)).toBeGreaterThanOrEqual(
        fareClassRank(leg.fare_letter, leg.cabin),
      );
      expect(flight.seatsLeft).toBeGreaterThan(0);
    }
    expectApiError(
      await answer(app, paid, 'substitute', {
        flightIndex: 0,
        flightId: String(flightId),
        fareClass: leg.fare_letter,
      }),
      400,
      'VALIDATION_ERROR',
    );

    const choice = flights.find((flight) => flight.date !== leg.date) ?? flights[0];
    if (!choice) throw new Error('no substitute');
    const target = await fareClassOf(app, choice);
    const body = { flightIndex: 0, flightId: choice.flightId, fareClass: choice.fareClass };

    // Sold out meanwhile: 409 and nothing changes.
    await setFareClass(app, target.id, { seats_left: 0 });
    expectApiError(await answer(app, unpaid, 'substitute', body), 409, 'SUBSTITUTE_SOLD_OUT');
    expect((await legOf(app, unpaid.id)).flight_ref).toBe(String(flightId));
    expect((await changeRows(unpaid.id))[0]?.answer).toBeNull();
    await app.db
      .updateTable('fare_classes')
      .set({ seats_left: target.seats_left })
      .where('id', '=', target.id)
      .execute();

    const oldHolds = await app.db
      .selectFrom('seat_holds')
      .selectAll()
      .where('booking_id', '=', paid.id)
      .execute();
    const ticketsBefore = (await detail(paid)).tickets;
    const confirmations = (await outboxOf(app, 'mail.booking-confirmation', paid.id)).length;
    const moved = await answer(app, paid, 'substitute', body);
    expect(moved.statusCode, moved.body).toBe(200);
    // The confirmation again, with the new flight's e-tickets.
    expect(await outboxOf(app, 'mail.booking-confirmation', paid.id)).toHaveLength(
      confirmations + 1,
    );

    const holds = await app.db
      .selectFrom('seat_holds')
      .selectAll()
      .where('booking_id', '=', paid.id)
      .orderBy('id')
      .execute();
    expect(holds.find((hold) => hold.id === oldHolds[0]?.id)?.state).toBe('released');
    expect(
      holds.filter((hold) => hold.state === 'sold').map((hold) => Number(hold.fare_class_id)),
    ).toEqual([Number(target.id)]);
    const classes = await app.db
      .selectFrom('fare_classes')
      .select(['id', 'seats_left'])
      .where('id', 'in', [target.id, oldHolds[0]?.fare_class_id ?? 0])
      .execute();
    expect(classes.find((row) => row.id === target.id)?.seats_left).toBe(target.seats_left - 1);
    expect(classes.find((row) => row.id === oldHolds[0]?.fare_class_id)?.seats_left).toBe(1);

    const after = await detail(paid);
    expect(after.flights[0]).toMatchObject({ date: choice.date, fareClass: choice.fareClass });
    expect(after.flights[0]?.segments[0]?.departureUtc).toBe(choice.departureUtc);
    expect(after.tickets).toHaveLength(ticketsBefore.length);
    expect(after.tickets[0]?.number).not.toBe(ticketsBefore[0]?.number);
    expect(after.tickets[0]?.number).toMatch(/^\d{13}$/);
    expect(after.scheduleChanges[0]).toMatchObject({ answered: true, answer: 'substituted' });
    expect((await legOf(app, paid.id)).flight_ref).toBe(choice.flightId);
    expectApiError(await answer(app, paid, 'substitute', body), 409, 'SCHEDULE_CHANGE_ANSWERED');
  });

  it('never oversells a substitute class that travellers race for', async () => {
    const { app, baseUrl } = test;
    const trip = await searchTrip(app, { days: 50, oneWay: true });
    const selection = cheapestSelections(trip)[0];
    if (!selection) throw new Error('no flight');
    const booked = await fareClassOf(app, selection);
    await setFareClass(app, booked.id, { seats_left: booked.seats_total });
    const bookings: MadeBooking[] = [];
    for (let i = 0; i < 5; i += 1) bookings.push(await makeBooking(app, trip));
    const leg = await legOf(app, bookings[0]?.id ?? 0);
    expect(
      (await postScheduleChange(app, Number(leg.flight_ref), { cancelled: true })).statusCode,
    ).toBe(200);
    const first = bookings[0] as MadeBooking;
    const [choice] = SubstitutesResponseSchema.parse(
      (await substitutes(app, first, 0)).json(),
    ).flights;
    if (!choice) throw new Error('no substitute');
    const target = await fareClassOf(app, choice);
    await setFareClass(app, target.id, { seats_left: 2 });

    const outcomes = await Promise.all(
      bookings.map(async (booking) => {
        const response = await fetch(`${baseUrl}/api/booking/${booking.pnr}/substitute`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [DEVICE_TOKENS_HEADER]: booking.deviceToken,
          },
          body: JSON.stringify({
            flightIndex: 0,
            flightId: choice.flightId,
            fareClass: choice.fareClass,
          }),
        });
        return { status: response.status, body: (await response.json()) as { code?: string } };
      }),
    );
    expect(outcomes.filter((outcome) => outcome.status === 200)).toHaveLength(2);
    const refused = outcomes.filter((outcome) => outcome.status !== 200);
    expect(refused.map((outcome) => outcome.body.code)).toEqual([
      'SUBSTITUTE_SOLD_OUT',
      'SUBSTITUTE_SOLD_OUT',
      'SUBSTITUTE_SOLD_OUT',
    ]);

    const row = await app.db
      .selectFrom('fare_classes')
      .select('seats_left')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row.seats_left).toBe(0);
    const held = await app.db
      .selectFrom('seat_holds')
      .select('booking_id')
      .where('fare_class_id', '=', target.id)
      .where(
        'booking_id',
        'in',
        bookings.map((booking) => booking.id),
      )
      .where('state', '=', 'held')
      .execute();
    expect(held).toHaveLength(2);
    for (const booking of bookings) {
      const moved = held.some((hold) => Number(hold.booking_id) === booking.id);
      expect((await legOf(app, booking.id)).flight_ref).toBe(
        moved ? choice.flightId : leg.flight_ref,
      );
      expect((await changeRows(booking.id))[0]?.answer).toBe(moved ? 'substituted' : null);
    }
  });
});
