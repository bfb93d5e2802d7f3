import type { Kysely } from 'kysely';
import type {
  BookingScheduleChange,
  ScheduleChangeRequest,
  ScheduleChangeResponse,
  SubstituteFlight,
} from '@uniquair/contract/booking-schedule-changes';
import { isSameOrHigherClass } from '@uniquair/domain/booking/fare-class-rank';
import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import { inventoryFlightIds } from '@uniquair/domain/search/connections';
import type { Database } from '../../db/database.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { enqueue } from '../outbox/outbox.service.ts';
import { reissueFlightTickets } from '../tickets/tickets.service.ts';
import { giveSeatsBack, takeSeats } from './booking.hold-repository.ts';
import { moveLegToFlight } from './booking.leg-move.ts';
import {
  connectionSubstitutes,
  flightNumberTaken,
  type InventoryFlights,
  flightsOfLeg,
  legAfterChange,
  legsOnFlight,
  seatHoldsOfLeg,
} from './booking.schedule-change-flights.ts';
import {
  answerChange,
  bookingLeg,
  cancelFlight,
  bestClassPerFlight,
  candidateFlights,
  changesOfBooking,
  fareClassOf,
  holdsOnFlight,
  insertChange,
  insertHold,
  inventoryFlight,
  releaseHold,
  segmentsWithZones,
  supersedeChanges,
  updateFlightTimes,
  updateSegment,
  type SegmentTimes,
} from './booking.schedule-change-repository.ts';
import {
  isoMinute,
  legEnds,
  retimedSegments,
  scheduleChangesOf,
} from './booking.schedule-change-views.ts';

/** Days before and after the booked date a substitute may depart. */
export const SUBSTITUTE_WINDOW_DAYS = 3;
/** Outbox topic of the schedule-change e-mail (handled by the booking plugin). */
export const SCHEDULE_CHANGE_MAIL_TOPIC = 'mail.schedule-change';
/** Longest journey a retime may make (a typo guard for operators). */
const MAX_JOURNEY_MS = 48 * 3_600_000;
const MINUTE_MS = 60_000;

export {
  closeScheduleChangesByCancellation,
  hasUnansweredScheduleChange,
  scheduleChangesOf,
} from './booking.schedule-change-views.ts';

/** A booking row's id and status, as the answering routes have it after the access check. */
export interface ChangeableBooking {
  id: number;
  status: string;
}

function invalid(field: string, text: string): ServiceError {
  return new ServiceError('VALIDATION_ERROR', text, { [field]: [text] });
}

export interface ScheduleChangesOptions {
  db: Kysely<Database>;
  now: () => Date;
  /** After a commit that moved seats or flights: rebuild these routes' price calendars. */
  seatsChanged: (routeIds: number[], dates: Ymd[]) => void | Promise<void>;
  /** After a commit that wrote outbox entries: start working them off. */
  outboxWritten: () => void;
  /**
   * The search module's flights and connections of a route, for substitutes (the command line,
   * which only changes flights, goes without: substitutes are then the route's own flights).
   */
  inventory?: InventoryFlights;
}

/**
 * The confirmation e-mail again once the traveller answered a change: the trip as it now is, with
 * its e-tickets (re-issued for a substitute flight) and the invoice attached.
 */
function resendConfirmation(trx: Kysely<Database>, bookingId: number, now: Date) {
  return enqueue(trx, 'mail.booking-confirmation', { bookingId }, now);
}

/**
 * Schedule changes (docs/schedule-changes.md): an operator retimes or cancels an inventory flight
 * and every booking on it gets a change record, an e-mail and a push, all in one transaction; the
 * traveller then accepts the new time or moves to a substitute flight, each in one transaction.
 */
export class ScheduleChanges {
  readonly #options: ScheduleChangesOptions;

  constructor(options: ScheduleChangesOptions) {
    this.#options = options;
  }

  /** Retimes or cancels an inventory flight (airline partner API, `flights:change`). */
  async changeFlight(
    flightId: number,
    request: ScheduleChangeRequest,
  ): Promise<ScheduleChangeResponse> {
    const now = this.#options.now();
    const nowIso = now.toISOString();
    const cancelling = 'cancelled' in request;
    const outcome = await this.#options.db.transaction().execute(async (trx) => {
      const flight = await inventoryFlight(trx, flightId);
      if (!flight) {
        throw new ServiceError('NOT_FOUND', 'scheduleChange.error.noFlight', {
          'params.flightId': ['scheduleChange.error.noFlight'],
        });
      }
      if (flight.cancelled_at !== null) {
        throw new ServiceError('FLIGHT_CANCELLED', 'scheduleChange.error.flightCancelled', {
          'params.flightId': ['scheduleChange.error.flightCancelled'],
        });
      }
      let times = { departureUtc: flight.departure_utc, arrivalUtc: flight.arrival_utc };
      const dates = [flight.departure_date];
      if (cancelling) {
        await cancelFlight(trx, flightId, nowIso);
      } else {
        const departure = Date.parse(request.departureUtc);
        const arrival = Date.parse(request.arrivalUtc);
        if (arrival <= departure || arrival - departure > MAX_JOURNEY_MS) {
          throw invalid('body.arrivalUtc', 'scheduleChange.error.arrivalOrder');
        }
        times = { departureUtc: isoMinute(departure), arrivalUtc: isoMinute(arrival) };
        if (
          times.departureUtc === flight.departure_utc &&
          times.arrivalUtc === flight.arrival_utc
        ) {
          throw invalid('body.departureUtc', 'scheduleChange.error.unchanged');
        }
        const segments = await segmentsWithZones(trx, [flightId]);
        const retimed = retimedSegments(segments, times.departureUtc, times.arrivalUtc);
        const first = retimed?.[0];
        const last = retimed?.[retimed.length - 1];
        if (!retimed || !first || !last) {
          throw invalid('body.arrivalUtc', 'scheduleChange.error.arrivalOrder');
        }
        if (
          first.departure_date !== flight.departure_date &&
          (await flightNumberTaken(trx, flight, first.departure_date))
        ) {
          throw new ServiceError('CONFLICT', 'scheduleChange.error.numberTaken', {
            'body.departureUtc': ['scheduleChange.error.numberTaken'],
          });
        }
        for (const [index, segment] of segments.entries()) {
          await updateSegment(trx, Number(segment.id), retimed[index] as SegmentTimes);
        }
        await updateFlightTimes(trx, flightId, {
          ...first,
          arrival_date: last.arrival_date,
          arrival_time: last.arrival_time,
          arrival_utc: last.arrival_utc,
          duration_minutes: Math.round((arrival - departure) / MINUTE_MS),
        });
        dates.push(first.departure_date);
      }
      const legs = await legsOnFlight(trx, flightId, nowIso);
      const bookings = new Set<number>();
      for (const leg of legs) {
        const bookingId = Number(leg.booking_id);
        const old = legEnds(leg.segments);
        const after = await legAfterChange(trx, leg, cancelling);
        await supersedeChanges(trx, bookingId, leg.position, nowIso);
        const changeId = await insertChange(trx, {
          booking_id: bookingId,
          flight_index: leg.position,
          flight_ref: String(flightId),
          old_departure_utc: old.departureUtc,
          old_arrival_utc: old.arrivalUtc,
          new_departure_utc: after.kind === 'retimed' ? after.departureUtc : null,
          new_arrival_utc: after.kind === 'retimed' ? after.arrivalUtc : null,
          missed_connection: after.kind === 'missedConnection' ? 1 : 0,
          created_at: nowIso,
        });
        await enqueue(trx, SCHEDULE_CHANGE_MAIL_TOPIC, { bookingId, changeId }, now);
        if (bookings.has(bookingId)) continue;
        bookings.add(bookingId);
        await enqueue(
          trx,
          'push.booking-status',
          {
            pnr: leg.pnr,
            bookingId,
            status: 'schedule_changed',
            ownerUserId: leg.owner_user_id === null ? null : Number(leg.owner_user_id),
          },
          now,
        );
      }
      return { routeId: flight.route_id, dates, times, affected: bookings.size };
    });
    await this.#options.seatsChanged([outcome.routeId], outcome.dates);
    if (outcome.affected > 0) this.#options.outboxWritten();
    return {
      success: true,
      flightId,
      change: cancelling ? 'cancelled' : 'retimed',
      ...outcome.times,
      bookingsAffected: outcome.affected,
    };
  }

  /** The latest unanswered change of a leg, or the reason there is none. */
  async #pendingChange(booking: ChangeableBooking, flightIndex: number, field: string) {
    const { db } = this.#options;
    const leg = await bookingLeg(db, booking.id, flightIndex);
    if (!leg) throw invalid(field, 'scheduleChange.error.noLeg');
    const changes = (await changesOfBooking(db, booking.id)).filter(
      (change) => change.flight_index === flightIndex,
    );
    if (changes.length === 0) {
      throw new ServiceError('NO_SCHEDULE_CHANGE', 'scheduleChange.error.noChange', {
        [field]: ['scheduleChange.error.noChange'],
      });
    }
    const pending = changes.filter((change) => change.answer === null).at(-1);
    if (!pending || !['not_paid', 'paid', 'ticketed'].includes(booking.status)) {
      throw new ServiceError('SCHEDULE_CHANGE_ANSWERED', 'scheduleChange.error.answered', {
        [field]: ['scheduleChange.error.answered'],
      });
    }
    return { leg, change: pending };
  }

  /** `POST /api/booking/{pnr}/schedule-change/accept`: the leg takes the flight's new times. */
  async accept(booking: ChangeableBooking, flightIndex: number): Promise<BookingScheduleChange[]> {
    const { leg, change } = await this.#pendingChange(booking, flightIndex, 'body.flightIndex');
    if (change.new_departure_utc === null) {
      const reason =
        change.missed_connection === 1
          ? 'scheduleChange.error.cannotAcceptMissedConnection'
          : 'scheduleChange.error.cannotAcceptCancelled';
      throw new ServiceError('FLIGHT_CANCELLED', reason, { 'body.flightIndex': [reason] });
    }
    const now = this.#options.now();
    await this.#options.db.transaction().execute(async (trx) => {
      if (!(await answerChange(trx, Number(change.id), 'accepted', now.toISOString()))) {
        throw new ServiceError('SCHEDULE_CHANGE_ANSWERED', 'scheduleChange.error.answered', {
          'body.flightIndex': ['scheduleChange.error.answered'],
        });
      }
      await moveLegToFlight(
        trx,
        booking.id,
        leg.position,
        await flightsOfLeg(trx, leg.flight_ref),
        { letter: leg.fare_letter, cabin: leg.cabin },
        now,
      );
      await resendConfirmation(trx, booking.id, now);
    });
    this.#options.outboxWritten();
    return scheduleChangesOf(this.#options.db, booking.id);
  }

  /** `GET /api/booking/{pnr}/substitutes`: flights the leg may move to, soonest first. */
  async substitutes(booking: ChangeableBooking, flightIndex: number): Promise<SubstituteFlight[]> {
    const { leg } = await this.#pendingChange(booking, flightIndex, 'querystring.flightIndex');
    return this.#candidates(booking.id, leg);
  }

  async #candidates(
    bookingId: number,
    leg: NonNullable<Awaited<ReturnType<typeof bookingLeg>>>,
  ): Promise<SubstituteFlight[]> {
    const { db } = this.#options;
    if (leg.route_id === null) return [];
    const seats = seatHoldsOfLeg(
      await holdsOnFlight(db, bookingId, leg.flight_ref),
      leg.flight_ref,
    ).reduce((sum, hold) => sum + hold.seats, 0);
    const dates: Ymd[] = [];
    for (let day = -SUBSTITUTE_WINDOW_DAYS; day <= SUBSTITUTE_WINDOW_DAYS; day += 1) {
      dates.push(addDays(leg.date, day));
    }
    const rows = await candidateFlights(db, leg.route_id, dates, this.#options.now().toISOString());
    const best = bestClassPerFlight(rows, {
      flightRef: leg.flight_ref,
      letter: leg.fare_letter,
      cabin: leg.cabin,
      seats,
      sameCabin: false,
    });
    const direct = best.map((row) => ({
      flightId: String(row.id),
      date: row.departure_date,
      departureUtc: row.departure_utc,
      departureLocal: `${row.departure_date}T${row.departure_time}`,
      arrivalUtc: row.arrival_utc,
      arrivalLocal: `${row.arrival_date}T${row.arrival_time}`,
      flightNumber: row.flight_number,
      stops: row.stops,
      fareClass: row.letter,
      cabin: row.cabin,
      seatsLeft: row.seats_left,
    }));
    const { inventory } = this.#options;
    const connections = inventory
      ? await connectionSubstitutes(
          db,
          inventory,
          { ...leg, route_id: leg.route_id },
          dates,
          seats,
          this.#options.now(),
        )
      : [];
    return [...direct, ...connections].sort((a, b) => a.departureUtc.localeCompare(b.departureUtc));
  }

  /**
   * `POST /api/booking/{pnr}/substitute`: in one transaction the new seats are taken with a
   * conditional update (SUBSTITUTE_SOLD_OUT and nothing changed when they are gone), the old ones
   * given back, the leg's copy moved to the new flight (or connection) and its tickets re-issued.
   */
  async substitute(
    booking: ChangeableBooking,
    choice: { flightIndex: number; flightId: string; fareClass: string },
  ): Promise<BookingScheduleChange[]> {
    const { leg, change } = await this.#pendingChange(
      booking,
      choice.flightIndex,
      'body.flightIndex',
    );
    const { db } = this.#options;
    const flights = await this.#substituteFlights(booking.id, leg, choice.flightId);
    const found = await Promise.all(
      flights.map((flight) => fareClassOf(db, flight.id, choice.fareClass)),
    );
    const fares = found.filter(
      (fare): fare is NonNullable<typeof fare> =>
        fare !== undefined &&
        isSameOrHigherClass({ letter: leg.fare_letter, cabin: leg.cabin }, fare),
    );
    const fare = fares[0];
    if (!fare || fares.length !== flights.length) {
      throw invalid('body.fareClass', 'scheduleChange.error.lowerClass');
    }
    const left = await flightsOfLeg(db, leg.flight_ref);
    const holds = await holdsOnFlight(db, booking.id, leg.flight_ref);
    // The passengers' seats, once: a connection holds them on each of its flights.
    const seated = seatHoldsOfLeg(holds, leg.flight_ref);
    const seats = seated.reduce((sum, hold) => sum + hold.seats, 0);
    const now = this.#options.now();
    const nowIso = now.toISOString();
    await db.transaction().execute(async (trx) => {
      // The new seats first: on SQLite the first write takes the database's write lock at once.
      const taking = fares.map((each) => ({ fareClassId: Number(each.id), seats }));
      if (seats > 0 && (await takeSeats(trx, taking)) !== null) {
        throw new ServiceError('SUBSTITUTE_SOLD_OUT', 'scheduleChange.error.soldOut', {
          'body.flightId': ['scheduleChange.error.soldOut'],
        });
      }
      if (!(await answerChange(trx, Number(change.id), 'substituted', nowIso))) {
        throw new ServiceError('SCHEDULE_CHANGE_ANSWERED', 'scheduleChange.error.answered', {
          'body.flightIndex': ['scheduleChange.error.answered'],
        });
      }
      for (const hold of holds) {
        if (!(await releaseHold(trx, hold.id, hold.state, nowIso))) continue;
        await giveSeatsBack(trx, [{ fareClassId: hold.fare_class_id, seats: hold.seats }]);
        if (!seated.includes(hold)) continue;
        for (const each of fares) {
          await insertHold(trx, {
            bookingId: booking.id,
            fareClassId: Number(each.id),
            seats: hold.seats,
            state: hold.state,
            now: nowIso,
          });
        }
      }
      await moveLegToFlight(trx, booking.id, leg.position, flights, fare, now);
      await reissueFlightTickets(trx, booking.id, leg.position, now);
      await resendConfirmation(trx, booking.id, now);
    });
    this.#options.outboxWritten();
    // The calendars of the flights left and taken (and of the routes flying through them).
    const moved = [...left, ...flights];
    await this.#options.seatsChanged(
      [...new Set(moved.map((flight) => flight.route_id))],
      [...new Set(moved.map((flight) => flight.departure_date))],
    );
    return scheduleChangesOf(db, booking.id);
  }

  /**
   * The inventory flights of a chosen substitute: a flight of the leg's route within the window,
   * or a connection the substitutes offer now (VALIDATION_ERROR on `flightId` otherwise).
   */
  async #substituteFlights(
    bookingId: number,
    leg: NonNullable<Awaited<ReturnType<typeof bookingLeg>>>,
    flightId: string,
  ) {
    const ids = inventoryFlightIds(flightId);
    const notSubstitute = invalid('body.flightId', 'scheduleChange.error.notSubstitute');
    if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) throw notSubstitute;
    if (ids.length > 1) {
      const offers = await this.#candidates(bookingId, leg);
      if (!offers.some((offer) => offer.flightId === flightId)) throw notSubstitute;
      return flightsOfLeg(this.#options.db, flightId);
    }
    const flight = await inventoryFlight(this.#options.db, ids[0] as number);
    if (!flight || flight.route_id !== leg.route_id || !this.#inWindow(leg, flight)) {
      throw notSubstitute;
    }
    return [flight];
  }

  /** Whether a flight may replace the leg: another flight, flying, departing within the window. */
  #inWindow(
    leg: NonNullable<Awaited<ReturnType<typeof bookingLeg>>>,
    flight: NonNullable<Awaited<ReturnType<typeof inventoryFlight>>>,
  ): boolean {
    const from = addDays(leg.date, -SUBSTITUTE_WINDOW_DAYS);
    const to = addDays(leg.date, SUBSTITUTE_WINDOW_DAYS);
    return (
      String(flight.id) !== leg.flight_ref &&
      flight.cancelled_at === null &&
      flight.departure_date >= from &&
      flight.departure_date <= to &&
      flight.departure_utc > this.#options.now().toISOString()
    );
  }
}
