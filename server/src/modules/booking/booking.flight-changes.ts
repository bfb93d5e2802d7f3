import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { BookingSegmentSchema } from '@uniquair/contract/booking';
import {
  CHANGE_HOLD_MINUTES,
  CHANGE_WINDOW_DAYS,
  type BookingChange,
  type ChangeOption,
  type ChangeOptionsResponse,
  type ChangeRequest,
  type ChangeResponse,
} from '@uniquair/contract/booking-changes';
import { changePrice, type ChangePrice } from '@uniquair/domain/booking/change-price';
import { isSameOrHigherClass } from '@uniquair/domain/booking/fare-class-rank';
import { PassengerType } from '@uniquair/domain/config/reference-ids';
import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { ServiceError } from '../../lib/service-error.ts';
import type { StoredAnswer } from '../../lib/stored-answer.ts';
import { fareRulesOf } from '@uniquair/domain/pricing/fare-rules';
import {
  answerOncePerKey,
  fingerprintOf,
  type LeaseOwner,
} from '../payments/payments.idempotency.ts';
import {
  awaitingChangeOfBooking,
  bookingChangeById,
  changeView,
  changesOfBookingWithFlights,
  hasOpenChangePayment,
  insertBookingChange,
  lockPayableChange,
  moveBookingChange,
  overdueChangeIds,
  releaseChangeSeats,
} from './booking.change-repository.ts';
import { lockBooking } from './booking.cancel-repository.ts';
import { applyBookingChange, CHANGEABLE_STATUSES } from './booking.change-apply.ts';
import { bookingParts, type BookingRow } from './booking.repository.ts';
import {
  bookingLeg,
  bestClassPerFlight,
  candidateFlights,
  changesOfBooking,
  fareClassOf,
  insertHold,
  inventoryFlight,
} from './booking.schedule-change-repository.ts';
import { takeSeats } from './booking.hold-repository.ts';

type BookingSegment = z.infer<typeof BookingSegmentSchema>;
type Leg = NonNullable<Awaited<ReturnType<typeof bookingLeg>>>;

export { CHANGE_PAYOUT_TOPIC } from './booking.change-apply.ts';
/** Overdue changes released per sweep round. */
const SWEEP_BATCH = 100;

export interface FlightChangesOptions {
  db: Kysely<Database>;
  now: () => Date;
  log: FastifyBaseLogger;
  /** This server process: it owns the idempotency keys it claims. */
  instance: LeaseOwner;
  /** After a commit that moved seats: rebuild these fare classes' price calendars. */
  seatsChanged: (db: Kysely<Database>, fareClassIds: readonly number[]) => Promise<void>;
  /** After a commit that wrote outbox entries. */
  afterOutboxWrite: () => void;
}

/** What a change costs and where its money goes, for the payment module. */
export interface PayableChange {
  id: number;
  amount: number;
  currency: string;
}

function refusal(code: ServiceError['code'], key: string, field = '_'): ServiceError {
  return new ServiceError(code, key, { [field]: [key] });
}

/** When a leg's first segment leaves (the day's start without one). */
function departureOf(leg: Leg): string {
  const segments = JSON.parse(leg.segments) as BookingSegment[];
  const utc = segments[0]?.departureUtc;
  return utc !== undefined && !Number.isNaN(Date.parse(utc)) ? utc : `${leg.date}T00:00:00Z`;
}

function money(amount: number, currency: string) {
  return { amount, currency };
}

/**
 * Voluntary flight changes (docs/flight-changes.md): the options a changeable fare has on its
 * route around a date, each priced by the fare rules; the change itself under an
 * `Idempotency-Key`, holding the new seats; applying it (at once when nothing is due, else in the
 * transaction that records its payment's success): the leg moves, the old seats go back, the new
 * ones are sold, the leg's tickets are re-issued and the booking's totals follow.
 */
export class FlightChanges {
  readonly #options: FlightChangesOptions;

  constructor(options: FlightChangesOptions) {
    this.#options = options;
  }

  get #db() {
    return this.#options.db;
  }

  /** The leg and what pricing a change of it needs, or why it cannot be changed now. */
  async #changeableLeg(db: Kysely<Database>, row: BookingRow, flightIndex: number, field: string) {
    if (row.status === 'cancelled') {
      throw refusal('BOOKING_ALREADY_CANCELLED', 'cancellation.apiError.alreadyCancelled');
    }
    if (!CHANGEABLE_STATUSES.has(row.status))
      throw refusal('CHANGE_NOT_AVAILABLE', 'change.error.notPaid');
    const leg = await bookingLeg(db, row.id, flightIndex);
    if (!leg) throw refusal('VALIDATION_ERROR', 'scheduleChange.error.noLeg', field);
    const now = this.#options.now().toISOString();
    if (departureOf(leg) <= now) throw refusal('BOOKING_ALREADY_FLOWN', 'change.error.flown');
    const rules = fareRulesOf(leg.fare_letter);
    if (!rules.changeable || leg.route_id === null) {
      throw refusal('FARE_NOT_CHANGEABLE', 'change.error.notChangeable');
    }
    const pending = (await changesOfBooking(db, row.id)).some(
      (change) => change.flight_index === flightIndex && change.answer === null,
    );
    if (pending) throw refusal('CHANGE_NOT_AVAILABLE', 'change.error.scheduleChange');
    const parts = await bookingParts(db, row.id);
    const seated = parts.passengers.filter(
      (passenger) => passenger.passenger_type_id !== PassengerType.infant,
    ).length;
    const price = (newFare: number): ChangePrice =>
      changePrice({
        oldFare: Number(leg.fare_price_minor),
        newFare,
        seated,
        changeFee: rules.changeFee ?? 0,
        refundable: rules.refundable,
        charged: Number(row.total_minor),
        base: Number(row.base_total_minor),
      });
    return { leg, seated, price, routeId: leg.route_id };
  }

  /** `GET /api/booking/{pnr}/change-options` for a booking the caller may read. */
  async options(row: BookingRow, flightIndex: number, date?: Ymd): Promise<ChangeOptionsResponse> {
    const { leg, seated, price, routeId } = await this.#changeableLeg(
      this.#db,
      row,
      flightIndex,
      'querystring.flightIndex',
    );
    const around = date ?? leg.date;
    const dates: Ymd[] = [];
    for (let day = -CHANGE_WINDOW_DAYS; day <= CHANGE_WINDOW_DAYS; day += 1) {
      dates.push(addDays(around, day));
    }
    const now = this.#options.now().toISOString();
    const rows = await candidateFlights(this.#db, routeId, dates, now);
    const best = bestClassPerFlight(rows, {
      flightRef: leg.flight_ref,
      letter: leg.fare_letter,
      cabin: leg.cabin,
      seats: seated,
      sameCabin: true,
    });
    const flights = best.map((candidate): ChangeOption => {
      const quote = price(Number(candidate.price_minor));
      return {
        flightId: String(candidate.id),
        date: candidate.departure_date,
        departureUtc: candidate.departure_utc,
        departureLocal: `${candidate.departure_date}T${candidate.departure_time}`,
        arrivalUtc: candidate.arrival_utc,
        arrivalLocal: `${candidate.arrival_date}T${candidate.arrival_time}`,
        flightNumber: candidate.flight_number,
        stops: candidate.stops,
        fareClass: candidate.letter,
        cabin: candidate.cabin,
        seatsLeft: candidate.seats_left,
        changeFee: money(quote.changeFee, row.currency),
        fareDifference: money(quote.fareDifference, row.currency),
        toPay: money(quote.toPay, row.currency),
        payout: money(quote.payout, row.currency),
      };
    });
    return {
      success: true,
      flightIndex,
      from: dates[0] ?? around,
      to: dates[dates.length - 1] ?? around,
      flights,
    };
  }

  /**
   * `POST /api/booking/{pnr}/change` for a booking the caller may read. Answers the stored answer
   * for a key seen before; throws ServiceError for answers a retry may change (nothing stored).
   */
  change(row: BookingRow, key: string, request: ChangeRequest): Promise<StoredAnswer> {
    return answerOncePerKey(
      this.#db,
      {
        scope: `change:${row.pnr}`,
        key,
        fingerprint: fingerprintOf(request),
        now: this.#options.now(),
        owner: this.#options.instance,
      },
      () => this.#changeClaimed(row.id, request),
    );
  }

  async #changeClaimed(bookingId: number, request: ChangeRequest): Promise<ChangeResponse> {
    const now = this.#options.now();
    const at = now.toISOString();
    const outcome = await this.#db.transaction().execute(async (trx) => {
      // The booking row is locked first: two changes, a cancel and a payment are serialised.
      const row = await lockBooking(trx, bookingId, at);
      if (row === undefined) throw refusal('NOT_FOUND', 'apiError.notFound');
      const { leg, seated, price } = await this.#changeableLeg(
        trx,
        row,
        request.flightIndex,
        'body.flightIndex',
      );
      const flight = await inventoryFlight(trx, Number(request.flightId));
      const fare = flight && (await fareClassOf(trx, Number(flight.id), request.fareClass));
      if (
        !flight ||
        !fare ||
        flight.route_id !== leg.route_id ||
        String(flight.id) === leg.flight_ref ||
        flight.cancelled_at !== null ||
        flight.departure_utc <= at ||
        fare.cabin !== leg.cabin ||
        !isSameOrHigherClass({ letter: leg.fare_letter, cabin: leg.cabin }, fare)
      ) {
        throw refusal('VALIDATION_ERROR', 'change.error.notOption', 'body.flightId');
      }
      const quote = price(Number(fare.price_minor));
      const accepted = request.acceptedPrice;
      if (accepted.amount !== quote.toPay || accepted.currency !== row.currency) {
        throw new ServiceError('CHANGE_PRICE_CHANGED', 'change.error.priceChanged', {
          'body.acceptedPrice': ['change.error.priceChanged'],
          newPrice: [String(quote.toPay), row.currency],
        });
      }
      // A change still waiting for its payment is replaced (its seats go back first).
      const released: number[] = [];
      const previous = await awaitingChangeOfBooking(trx, row.id);
      if (previous) {
        if (await hasOpenChangePayment(trx, previous.id)) {
          throw refusal('PAYMENT_IN_PROGRESS', 'cancellation.apiError.paymentInProgress');
        }
        released.push(
          ...(await this.#release(trx, previous.id, 'awaiting_payment', 'released', at)),
        );
      }
      const seats = Math.max(seated, 1);
      if ((await takeSeats(trx, [{ fareClassId: fare.id, seats }])) !== null) {
        throw refusal('CHANGE_SOLD_OUT', 'change.error.soldOut', 'body.flightId');
      }
      const changeId = await insertBookingChange(trx, {
        booking_id: row.id,
        flight_index: leg.position,
        old_flight_ref: leg.flight_ref,
        old_fare_letter: leg.fare_letter,
        old_fare_price_minor: Number(leg.fare_price_minor),
        new_flight_id: Number(flight.id),
        new_fare_class_id: fare.id,
        new_fare_letter: fare.letter,
        new_cabin: fare.cabin,
        new_fare_price_minor: quote.legFare,
        seats,
        currency: row.currency,
        change_fee_minor: quote.changeFee,
        fare_difference_minor: quote.fareDifference,
        amount_due_minor: quote.toPay,
        payout_minor: quote.payout,
        total_delta_minor: quote.totalDelta,
        base_delta_minor: quote.baseDelta,
        payout_state: null,
        payout_payment_id: null,
        status: 'awaiting_payment',
        created_at: at,
        updated_at: at,
        hold_expires_at: new Date(now.getTime() + CHANGE_HOLD_MINUTES * 60_000).toISOString(),
        applied_at: null,
      });
      await insertHold(trx, {
        bookingId: row.id,
        fareClassId: fare.id,
        seats,
        state: 'held',
        now: at,
        changeId,
      });
      const applied = quote.toPay === 0 ? await this.apply(trx, changeId, now) : [];
      if (applied === null) throw new Error(`change ${changeId} could not be applied at once`);
      return { changeId, fareClassIds: [...released, fare.id, ...applied] };
    });
    await this.#options.seatsChanged(this.#db, outcome.fareClassIds);
    this.#options.afterOutboxWrite();
    return { success: true, change: await this.#view(outcome.changeId) };
  }

  async #view(changeId: number): Promise<BookingChange> {
    const change = await bookingChangeById(this.#db, changeId);
    if (!change) throw new Error(`change ${changeId} vanished`);
    const rows = await changesOfBookingWithFlights(this.#db, change.booking_id);
    const row = rows.find((candidate) => Number(candidate.id) === changeId);
    if (!row) throw new Error(`change ${changeId} vanished`);
    return changeView(row);
  }

  /** A booking's changes as `GET /api/booking/{pnr}/get` lists them, oldest first. */
  async views(db: Kysely<Database>, bookingId: number): Promise<BookingChange[]> {
    return (await changesOfBookingWithFlights(db, bookingId)).map(changeView);
  }

  /** The change awaiting payment of a booking the caller may read, or why there is none. */
  async payable(row: BookingRow): Promise<PayableChange> {
    if (row.status === 'cancelled') {
      throw refusal('BOOKING_ALREADY_CANCELLED', 'cancellation.apiError.alreadyCancelled');
    }
    const change = await awaitingChangeOfBooking(this.#db, row.id);
    if (!change || Number(change.amount_due_minor) === 0) {
      throw refusal('NO_CHANGE_AWAITING_PAYMENT', 'change.error.nothingToPay');
    }
    return { id: change.id, amount: Number(change.amount_due_minor), currency: change.currency };
  }

  /**
   * Locks a change that can be paid now in the payment's transaction, or throws why it cannot
   * (its hold ended: 410 CHANGE_EXPIRED… as BOOKING_EXPIRED; applied or released: 409).
   */
  async lockPayable(trx: Kysely<Database>, changeId: number, now: Date): Promise<void> {
    if (await lockPayableChange(trx, changeId, now.toISOString())) return;
    const change = await bookingChangeById(trx, changeId);
    if (change?.status === 'applied') {
      throw refusal('BOOKING_ALREADY_PAID', 'change.error.alreadyApplied');
    }
    if (change?.status === 'released') {
      throw refusal('NO_CHANGE_AWAITING_PAYMENT', 'change.error.nothingToPay');
    }
    throw refusal('BOOKING_EXPIRED', 'change.error.expired');
  }

  /** Applies a change in the caller's transaction ({@link applyBookingChange}). */
  apply(trx: Kysely<Database>, changeId: number, now: Date): Promise<number[] | null> {
    return applyBookingChange(trx, changeId, now, this.#options.log);
  }

  /**
   * Ends changes whose hold ran out unpaid: `expired`, their new seats back. Safe in several
   * processes (each is one compare-and-set). Answers how many ended.
   */
  async expireOverdue(now: Date = this.#options.now()): Promise<number> {
    const at = now.toISOString();
    let expired = 0;
    for (;;) {
      const ids = await overdueChangeIds(this.#db, at, SWEEP_BATCH);
      for (const id of ids) {
        const released = await this.#db
          .transaction()
          .execute((trx) => this.#release(trx, id, 'awaiting_payment', 'expired', at));
        if (released.length > 0) await this.#options.seatsChanged(this.#db, released);
        expired += 1;
      }
      if (ids.length < SWEEP_BATCH) return expired;
    }
  }

  /** The booking is being cancelled (its transaction): a change awaiting payment is released. */
  async releaseOfBooking(trx: Kysely<Database>, bookingId: number, now: Date): Promise<void> {
    const change = await awaitingChangeOfBooking(trx, bookingId);
    if (change) {
      await moveBookingChange(trx, change.id, 'awaiting_payment', {
        status: 'released',
        updated_at: now.toISOString(),
        hold_expires_at: null,
      });
    }
  }

  async #release(
    trx: Kysely<Database>,
    changeId: number,
    from: 'awaiting_payment',
    to: 'expired' | 'released',
    at: string,
  ): Promise<number[]> {
    if (!(await moveBookingChange(trx, changeId, from, { status: to, updated_at: at }))) return [];
    return releaseChangeSeats(trx, changeId, at);
  }
}
