import { addDays, ymdFromUtcDate, type Ymd } from '@uniquair/domain/dates/ymd';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import {
  priceSummaryEvents,
  refreshRouteDayPrices,
  type PriceSummaryScope,
} from '../../db/route-day-prices.ts';
import type { AppMetrics } from '../../lib/app-metrics.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FaresRepository, FlightScope, RouteDay } from './fares.repository.ts';
import { FareSales } from './fares.sales.ts';
import {
  changedRouteDays,
  repriceFares,
  salesByRoute,
  type PriceChange,
} from './fares.repricing.ts';

/** Fare versions are kept for days up to this many days back (searches start today). */
const KEEP_VERSIONS_DAYS = 3;

export interface FaresServiceOptions {
  repository: FaresRepository;
  db: Kysely<Database>;
  now: Clock;
  log: FastifyBaseLogger;
  metrics: Pick<AppMetrics, 'faresRepriced'>;
}

/** What a run of the re-pricing job did. */
export interface RepriceSummary {
  today: Ymd;
  /** Departure days looked at, from today to the last one on sale. */
  days: number;
  /** Fare classes looked at, and those whose price changed. */
  fareClasses: number;
  changed: number;
  /** Days whose price summary was rebuilt (those with a change). */
  refreshedDays: number;
  /** The server closed before the last day: the next run starts over. */
  stopped: boolean;
  durationMs: number;
}

/** What one batch of re-pricing changed. */
export interface RepricedBatch {
  /** Fare classes looked at. */
  fareClasses: number;
  changes: PriceChange[];
  /** The routes and days of the changes. */
  changed: RouteDay[];
}

/**
 * Fares that move (docs/decisions/009-fares-that-move.md): each fare class's price is the rule of
 * `domain/src/pricing/fare-price.ts` applied to its base price, its flight's load factor, the days
 * to departure and the largest running sale of its route that day. Re-pricing runs in batches,
 * each in one transaction that writes only the prices that change, moves the fare versions of
 * the searches that can show them and rebuilds the price summary of exactly those routes and days
 * (calendars, offers and their ETags follow): all of it commits, or none, and a failed batch is
 * found to do again by the next run. `priceSummaryEvents` are told after the commit. Batches of
 * this process run one at a time; on PostgreSQL the batch locks its classes so bookings and other
 * processes wait.
 */
export class FaresService {
  readonly #options: FaresServiceOptions;
  #queue: Promise<unknown> = Promise.resolve();
  #stopping = false;
  /** The airline partners' sales. */
  readonly sales: FareSales;

  constructor(options: FaresServiceOptions) {
    this.#options = options;
    this.sales = new FareSales({ repository: options.repository, fares: this, now: options.now });
  }

  /** Today for the rule: the UTC date of the app's clock (the seed's "today"). */
  today(): Ymd {
    return ymdFromUtcDate(this.#options.now());
  }

  /**
   * Every departure day from today to the last on sale, a batch per day, and one summary rebuild
   * per day that changed. A second run on the same day changes nothing.
   */
  async repriceAll(): Promise<RepriceSummary> {
    const today = this.today();
    const days = await this.#options.repository.inventoryDays(today);
    return this.#pass(today, days?.first ?? today, days?.last ?? addDays(today, -1));
  }

  /**
   * The scheduled run: every day once a day (they move with the days to departure), else only
   * the days rolled into the inventory since the last pass (priced without the sales on them).
   * Bookings and sales re-price their own flights as they happen.
   */
  async repriceDue(): Promise<RepriceSummary> {
    const today = this.today();
    const state = await this.#options.repository.state();
    if (state === undefined || state.repricedOn < today) return this.repriceAll();
    const days = await this.#options.repository.inventoryDays(today);
    return this.#pass(today, addDays(state.repricedThrough, 1), days?.last ?? today);
  }

  /** Re-prices the days from `first` to `last`, then records the pass unless it was stopped. */
  async #pass(today: Ymd, first: Ymd, last: Ymd): Promise<RepriceSummary> {
    const started = performance.now();
    const summary: RepriceSummary = {
      today,
      days: 0,
      fareClasses: 0,
      changed: 0,
      refreshedDays: 0,
      stopped: false,
      durationMs: 0,
    };
    for (let day = first; day <= last; day = addDays(day, 1)) {
      // A closing server stops between days; the next run starts over.
      if (this.#stopping) {
        summary.stopped = true;
        break;
      }
      const batch = await this.#exclusive(() => this.#reprice({ dates: [day] }, today));
      summary.days += 1;
      summary.fareClasses += batch.fareClasses;
      summary.changed += batch.changes.length;
      if (batch.changes.length > 0) summary.refreshedDays += 1;
      // SQLite answers without I/O: let requests in between days.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (!summary.stopped && summary.days > 0) {
      await this.#options.repository.recordPass(
        { repricedOn: today, repricedThrough: last },
        this.#options.now(),
      );
    }
    await this.#options.repository.pruneFareVersions(addDays(today, -KEEP_VERSIONS_DAYS));
    this.#options.metrics.faresRepriced('job', summary.changed);
    summary.durationMs = Math.round(performance.now() - started);
    this.#options.log[summary.changed > 0 ? 'info' : 'debug'](
      { fareRepricing: summary },
      `Fares re-priced for ${today}: ${summary.changed} of ${summary.fareClasses} fare classes ` +
        `changed on ${summary.refreshedDays} of ${summary.days} days in ` +
        `${(summary.durationMs / 1000).toFixed(1)} s` +
        `${summary.stopped ? ' (stopped: the server is closing)' : ''}.`,
    );
    return summary;
  }

  /**
   * After seats of flights on these routes and days (each route on each day) were taken or given
   * back (the booking module): their flights re-priced, the fare versions of the searches that can
   * show them moved on (seats left and sold-out classes changed, if no price did) and the price
   * summary of those routes and days rebuilt, in one transaction.
   */
  async afterSeatsChanged(routeIds: readonly number[], dates: readonly Ymd[]): Promise<void> {
    if (routeIds.length === 0 || dates.length === 0) return;
    const routes = [...new Set(routeIds)];
    const days = [...new Set(dates)];
    const touched = routes.flatMap((routeId) => days.map((date) => ({ routeId, date })));
    await this.#exclusive(async () => {
      try {
        const repriced = await this.#reprice({ routeIds: routes, dates: days }, this.today(), {
          touched,
        });
        this.#options.metrics.faresRepriced('seats', repriced.changes.length);
      } catch (error) {
        // The seats moved all the same: the summary is rebuilt alone, the next run re-prices.
        this.#options.log.warn({ err: error }, 'could not re-price fares after seats changed');
        await refreshRouteDayPrices(this.#options.db, routes, days);
      }
    });
  }

  /**
   * Re-prices the flights of some routes and days after a sale changed (the sales), with
   * `before` run first in the same transaction (writing the sale), and rebuilds the summary of the
   * days that changed in it too: a sale is not written when its prices cannot be. Answers the
   * batch and what `before` answered.
   */
  async repriceForSale<T>(
    scope: FlightScope,
    before: (repository: FaresRepository) => Promise<T>,
  ): Promise<{ batch: RepricedBatch; value: T }> {
    return this.#exclusive(async () => {
      const outcome = await this.#inTransaction(async (repository) => {
        const value = await before(repository);
        const batch = await this.#repriceWith(repository, scope, this.today());
        return { batch, value, rebuild: batch.changed };
      });
      this.#options.metrics.faresRepriced('sale', outcome.batch.changes.length);
      return { batch: outcome.batch, value: outcome.value };
    });
  }

  /**
   * The fare version of each destination of a search (0 for a route and day whose fares never
   * changed): part of its hash, so a search after a change runs again.
   */
  fareVersions(destinations: readonly { route: number; date: Ymd }[]): Promise<number[]> {
    return this.#options.repository.fareVersions(
      destinations.map((destination) => ({ routeId: destination.route, date: destination.date })),
    );
  }

  /** The server is closing: a job running stops after the day it is on. */
  stop(): void {
    this.#stopping = true;
  }

  /** Resolves when the re-pricing asked for so far is done (tests, shutdown). */
  async settled(): Promise<void> {
    let current: Promise<unknown>;
    do {
      current = this.#queue;
      await current.catch(() => undefined);
    } while (current !== this.#queue);
  }

  /**
   * One batch in a transaction of its own, with the summary of the route-days that changed (and
   * of those `touched`) rebuilt in it.
   */
  async #reprice(
    scope: FlightScope,
    today: Ymd,
    options: { touched?: readonly RouteDay[] } = {},
  ): Promise<RepricedBatch> {
    const { batch } = await this.#inTransaction(async (repository) => {
      const repriced = await this.#repriceWith(repository, scope, today, options);
      return { batch: repriced, rebuild: [...repriced.changed, ...(options.touched ?? [])] };
    });
    return batch;
  }

  /**
   * Runs `work` in a transaction, then rebuilds the price summary of the route-days it answers
   * (`rebuild`) in the same transaction; tells `priceSummaryEvents` once it has committed.
   */
  async #inTransaction<T extends { rebuild: readonly RouteDay[] }>(
    work: (repository: FaresRepository) => Promise<T>,
  ): Promise<T> {
    const { outcome, scopes } = await this.#options.repository.transaction(async (repository) => {
      const done = await work(repository);
      return { outcome: done, scopes: await repository.rebuildPriceSummary(done.rebuild) };
    });
    for (const scope of scopes) this.#announce(scope);
    return outcome;
  }

  /** Tells this process's listeners (caches, the price watch) of a committed rebuild. */
  #announce(scope: PriceSummaryScope): void {
    priceSummaryEvents.emit('refreshed', scope);
  }

  /**
   * Reads the flights in scope and the sales on them, writes the prices that change and moves
   * the fare versions of their routes and days (and of those `touched` otherwise).
   */
  async #repriceWith(
    repository: FaresRepository,
    scope: FlightScope,
    today: Ymd,
    options: { touched?: readonly RouteDay[] } = {},
  ): Promise<RepricedBatch> {
    const empty = scope.dates.length === 0 || scope.routeIds?.length === 0;
    const rows = empty ? [] : await repository.fares(scope);
    const dates = rows.map((row) => row.departure_date).sort();
    const first = dates[0];
    const last = dates[dates.length - 1];
    const sales =
      first === undefined || last === undefined
        ? []
        : await repository.runningSales(first, last, scope.routeIds);
    const changes = repriceFares(rows, salesByRoute(sales), today);
    const changed = changedRouteDays(changes);
    await repository.setPrices(changes);
    await repository.bumpFareVersions([...changed, ...(options.touched ?? [])]);
    return { fareClasses: rows.length, changes, changed };
  }

  /** Runs `work` after every re-pricing of this process asked for before it. */
  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.catch(() => undefined).then(work);
    this.#queue = run;
    return run;
  }
}
