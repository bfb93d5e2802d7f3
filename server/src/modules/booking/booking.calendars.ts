import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { Database } from '../../db/database.ts';
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
 * booking's transaction and one refresh at a time in this process (concurrent
 * rebuilds of the same day would clash on its summary row); requests made while one runs are
 * merged into the next. A failure is logged: the next change of those days rebuilds them again.
 */
export class BookingCalendars {
  readonly #refresh: RefreshPriceCalendars;
  readonly #log: FastifyBaseLogger;
  #refreshing: Promise<void> = Promise.resolve();
  #pending: { routes: Set<number>; dates: Set<string> } | null = null;

  constructor(refresh: RefreshPriceCalendars, log: FastifyBaseLogger) {
    this.#refresh = refresh;
    this.#log = log;
  }

  /** Asks for the calendars of these routes and days to be rebuilt. */
  refresh(routeIds: readonly number[], dates: readonly string[]): void {
    if (routeIds.length === 0 || dates.length === 0) return;
    if (this.#pending === null) {
      this.#pending = { routes: new Set(), dates: new Set() };
      this.#refreshing = this.#refreshing.then(async () => {
        const pending = this.#pending;
        this.#pending = null;
        if (pending === null) return;
        try {
          await this.#refresh([...pending.routes], [...pending.dates] as Ymd[]);
        } catch (error) {
          this.#log.warn({ err: error }, 'could not refresh the price calendars');
        }
      });
    }
    for (const route of routeIds) this.#pending.routes.add(route);
    for (const date of dates) this.#pending.dates.add(date);
  }

  /** Asks for the calendars of the days these fare classes fly on. */
  async refreshFareClasses(db: Kysely<Database>, fareClassIds: readonly number[]): Promise<void> {
    const days = await routeDaysOfFareClasses(db, fareClassIds);
    this.refresh(
      days.map((day) => day.route_id),
      days.map((day) => day.departure_date),
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
