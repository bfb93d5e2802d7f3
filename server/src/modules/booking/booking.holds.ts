import type { Kysely } from 'kysely';
import { SEAT_HOLD_MINUTES } from '@uniquair/contract/booking';
import type { Database } from '../../db/database.ts';
import type { AppMetrics } from '../../lib/app-metrics.ts';
import type { BookingCalendars } from './booking.calendars.ts';
import {
  expireBooking,
  markSeatsSold,
  overdueBookingIds,
  retakeSeatsOf,
} from './booking.hold-repository.ts';

/** Overdue bookings expired per sweep round. */
const SWEEP_BATCH = 100;

/**
 * The seat hold life cycle (reference INV-4): an unpaid booking's hold ends (on read or by the
 * sweeper) and its seats go back; a payment that arrives after the end re-takes them; a paid
 * booking's seats are sold. Every change is one conditional update, safe in several processes.
 */
export class BookingHolds {
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;
  readonly #calendars: BookingCalendars;
  readonly #metrics: Pick<AppMetrics, 'bookingExpired'>;

  constructor(
    db: Kysely<Database>,
    now: () => Date,
    calendars: BookingCalendars,
    metrics: Pick<AppMetrics, 'bookingExpired'>,
  ) {
    this.#db = db;
    this.#now = now;
    this.#calendars = calendars;
    this.#metrics = metrics;
  }

  /** Expires one unpaid booking whose hold is over; false when it was not due. */
  async expire(bookingId: number, now: string): Promise<boolean> {
    const released = await expireBooking(this.#db, bookingId, now);
    if (released === null) return false;
    this.#metrics.bookingExpired();
    await this.#calendars.refreshFareClasses(this.#db, released);
    return true;
  }

  /**
   * Expires every unpaid booking whose hold ended at or before `now`: status `expired`, holds
   * `released`, seats given back, calendars refreshed. Safe to run in several processes at once
   * (each booking is expired by one conditional update). Answers how many were expired.
   */
  async expireOverdue(now: Date = this.#now()): Promise<number> {
    const at = now.toISOString();
    let expired = 0;
    for (;;) {
      const ids = await overdueBookingIds(this.#db, at, SWEEP_BATCH);
      for (const id of ids) if (await this.expire(id, at)) expired += 1;
      if (ids.length < SWEEP_BATCH) return expired;
    }
  }

  /**
   * Re-takes the seats of an expired booking, all or nothing (a payment completed after its hold
   * ended): true when every seat was taken again (the booking is `not_paid` with a new hold, for
   * the payment to mark it paid and call {@link BookingHolds.markSeatsSold}); false, changing
   * nothing, when the booking is not expired or a flight no longer has the seats (refund the
   * payment). Given a transaction, it runs in it and the caller must roll back on false.
   */
  async retakeSeats(bookingId: number, db: Kysely<Database> = this.#db): Promise<boolean> {
    const now = this.#now();
    const outcome = await retakeSeatsOf(
      db,
      bookingId,
      now.toISOString(),
      new Date(now.getTime() + SEAT_HOLD_MINUTES * 60_000).toISOString(),
    );
    if (outcome.ok) await this.#calendars.refreshFareClasses(db, outcome.fareClassIds);
    return outcome.ok;
  }

  /** The booking's held seats become sold (it was paid), in the payment's transaction. */
  async markSeatsSold(db: Kysely<Database>, bookingId: number, now: Date): Promise<void> {
    await markSeatsSold(db, bookingId, now.toISOString());
  }
}
