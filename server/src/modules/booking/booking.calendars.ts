import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { Database } from '../../db/database.ts';
import { routeDayBlocks } from '../../db/route-day-prices-scope.ts';
import { outsideTransaction } from '../../db/transaction-guard.ts';
import { routeDaysOfFareClasses } from './booking.hold-repository.ts';

/**
 * Re-prices the flights of some routes and days and rebuilds their price calendars (the fares
 * module's service, docs/decisions/009-fares-that-move.md).
 */
export type RefreshPriceCalendars = (
  routeIds: readonly number[],
  dates: readonly Ymd[],
) => Promise<void>;

/**
 * The fares and price calendars after seats changed (a booking made, a hold ended, seats re-taken):
 * the flights re-priced by the load they now have and the calendars rebuilt, right after the
 * booking's transaction and one refresh at a time in this process; requests made while one runs
 * are merged into the next. They are kept as route-days, and each block of routes on the same days
 * is refreshed on its own, so one booking's route is never re-priced on another's day. A failure
 * is logged: the next change of those days rebuilds them again.
 */
export class BookingCalendars {
  readonly #refresh: RefreshPriceCalendars;
  readonly #log: FastifyBaseLogger;
  #refreshing: Promise<void> = Promise.resolve();
  /** The route-days asked for since the last round of refreshes started, by `route day`. */
  #pending: Map<string, { routeId: number; date: Ymd }> | null = null;

  constructor(refresh: RefreshPriceCalendars, log: FastifyBaseLogger) {
    this.#refresh = refresh;
    this.#log = log;
  }

  /** Asks for the calendars of these routes, each on each of these days, to be rebuilt. */
  refresh(routeIds: readonly number[], dates: readonly string[]): void {
    this.refreshRouteDays(
      routeIds.flatMap((routeId) => dates.map((date) => ({ routeId, date: date as Ymd }))),
    );
  }

  /** Asks for the calendars of these routes on their days to be rebuilt. */
  refreshRouteDays(days: readonly { routeId: number; date: Ymd }[]): void {
    if (days.length === 0) return;
    if (this.#pending === null) {
      this.#pending = new Map();
      // Asked for inside the booking's transaction, run after it: the refresh's own transaction
      // waits for the booking's to end (on SQLite, for its one connection).
      this.#refreshing = outsideTransaction(() =>
        this.#refreshing.then(async () => {
          const pending = this.#pending;
          this.#pending = null;
          if (pending === null) return;
          for (const block of routeDayBlocks(pending.values())) {
            try {
              await this.#refresh(block.routeIds, block.dates);
            } catch (error) {
              this.#log.warn({ err: error }, 'could not refresh the price calendars');
            }
          }
        }),
      );
    }
    for (const day of days) this.#pending.set(`${day.routeId} ${day.date}`, day);
  }

  /** Asks for the calendars of the days these fare classes fly on. */
  async refreshFareClasses(db: Kysely<Database>, fareClassIds: readonly number[]): Promise<void> {
    const days = await routeDaysOfFareClasses(db, fareClassIds);
    this.refreshRouteDays(
      days.map((day) => ({ routeId: day.route_id, date: day.departure_date as Ymd })),
    );
  }

  /** Resolves when the refreshes asked for so far are done (tests, shutdown). */
  async settled(): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.#refreshing;
      await current;
    } while (current !== this.#refreshing);
  }
}
