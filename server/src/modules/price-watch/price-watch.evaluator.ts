import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ymdInTimeZone } from '@uniquair/domain/dates/ymd';
import type { Database } from '../../db/database.ts';
import {
  connectedScope,
  priceSummaryEvents,
  type PriceSummaryScope,
} from '../../db/route-day-prices.ts';
import { enqueueMany } from '../outbox/outbox.service.ts';
import { priceWatchRepository as repo, type WatchPriceRow } from './price-watch.repository.ts';
import { payingPassengers } from './price-watch.service.ts';

/** A watch is told at most once in this long. */
export const NOTIFY_INTERVAL_MS = 24 * 3_600_000;

/** The outbox topics of a price drop: the push, and the e-mail of a signed-in owner's watch. */
export const PRICE_DROP_PUSH = 'price-watch.push';
export const PRICE_DROP_MAIL = 'price-watch.mail';

/** What the outbox entries of a price drop carry. */
export interface PriceDropPayload {
  readonly watchId: number;
  /** The new total for the paying passengers, USD minor units. */
  readonly price: number;
}

export interface EvaluationResult {
  /** Watches looked at. */
  readonly evaluated: number;
  /** Watches that get a message now. */
  readonly notified: number;
}

export interface PriceWatchEvaluatorOptions {
  readonly db: Kysely<Database>;
  readonly now: () => Date;
  readonly log: FastifyBaseLogger;
  /** Called after a commit that queued messages (the outbox's kick). */
  readonly queued: () => void;
  /** How often ended watches are deleted; 0: only when `sweep` is called. */
  readonly sweepIntervalMs: number;
}

/** Whether a watch's price now is news: below its threshold, a new low, and not told today. */
export function isPriceDrop(row: WatchPriceRow, cutoff: string): number | null {
  if (row.price_minor === null) return null;
  const total = Number(row.price_minor) * payingPassengers(row);
  if (total >= Number(row.threshold_minor)) return null;
  if (row.last_notified_price_minor !== null && total >= Number(row.last_notified_price_minor)) {
    return null;
  }
  if (row.last_notified_at !== null && row.last_notified_at > cutoff) return null;
  return total;
}

function mergeScope(a: PriceSummaryScope | null, b: PriceSummaryScope): PriceSummaryScope {
  if (a === null) return b;
  const join = <T>(x: readonly T[] | undefined, y: readonly T[] | undefined) =>
    x === undefined || y === undefined ? undefined : [...new Set([...x, ...y])];
  return { routeIds: join(a.routeIds, b.routeIds), dates: join(a.dates, b.dates) };
}

/**
 * Evaluates price watches when the price summary changes (docs/price-watch.md): every refresh in
 * this process (`priceSummaryEvents`) queues its scope, and after the refresh's transaction, off
 * the request path, the watches of those routes and days (widened as the summary is: routes flown
 * through them, the days a connection starts on) are compared with the new cheapest prices in a
 * few statements. Those that fell are marked notified by one conditional update, so of two
 * processes evaluating at once only one tells each watch, and their messages go to the outbox in
 * the same transaction. A periodic sweep deletes watches whose day or month has passed, then
 * evaluates every watch once (catching up what an evaluation missed).
 */
export class PriceWatchEvaluator {
  readonly #options: PriceWatchEvaluatorOptions;
  #pending: PriceSummaryScope | null = null;
  #running: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;
  readonly #onRefresh = (scope: PriceSummaryScope) => {
    if (this.#closed) return;
    this.#pending = mergeScope(this.#pending, scope);
    if (this.#running === null) {
      this.#running = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => this.#work())
        .finally(() => {
          this.#running = null;
        });
    }
  };

  constructor(options: PriceWatchEvaluatorOptions) {
    this.#options = options;
  }

  start(): void {
    priceSummaryEvents.on('refreshed', this.#onRefresh);
    if (this.#options.sweepIntervalMs > 0) {
      this.#timer = setInterval(() => {
        this.sweep()
          // Then every watch: a refresh whose transaction had not committed when it was told,
          // or one of a process that stopped before evaluating, is caught up within the hour.
          .then(() => this.#onRefresh({}))
          .catch((error: unknown) => {
            this.#options.log.warn({ err: error }, 'could not delete ended price watches');
          });
      }, this.#options.sweepIntervalMs);
      this.#timer.unref();
    }
  }

  /** Resolves when the evaluations queued so far are done (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#running !== null) await this.#running;
  }

  async close(): Promise<void> {
    this.#closed = true;
    priceSummaryEvents.off('refreshed', this.#onRefresh);
    if (this.#timer !== null) clearInterval(this.#timer);
    await this.idle();
  }

  async #work(): Promise<void> {
    while (this.#pending !== null && !this.#closed) {
      const scope = this.#pending;
      this.#pending = null;
      try {
        const result = await this.evaluate(scope);
        if (result.notified > 0) {
          this.#options.log.info(result, 'price watches told of a price drop');
        }
      } catch (error) {
        this.#options.log.warn({ err: error }, 'could not evaluate price watches');
      }
    }
  }

  /** Compares the watches in a scope of the summary (all when empty) with their prices now. */
  async evaluate(scope: PriceSummaryScope): Promise<EvaluationResult> {
    const { db } = this.#options;
    const now = this.#options.now();
    const wide =
      scope.routeIds === undefined && scope.dates === undefined
        ? scope
        : await connectedScope(db, scope.routeIds, scope.dates);
    const months = wide.dates
      ? [...new Set(wide.dates.map((date) => date.slice(0, 7)))]
      : undefined;
    const rows = [
      ...(await repo.dayWatchPrices(db, wide)),
      ...(await repo.monthWatchPrices(
        db,
        { ...(wide.routeIds ? { routeIds: wide.routeIds } : {}), ...(months ? { months } : {}) },
        (timeZone) => ymdInTimeZone(now, timeZone),
      )),
    ];
    const cutoff = new Date(now.getTime() - NOTIFY_INTERVAL_MS).toISOString();
    const drops: { id: number; price: number }[] = [];
    for (const row of rows) {
      const price = isPriceDrop(row, cutoff);
      if (price !== null) drops.push({ id: Number(row.id), price });
    }
    if (drops.length === 0) return { evaluated: rows.length, notified: 0 };
    const claimed = await db.transaction().execute(async (trx) => {
      const ids = await repo.claim(trx, drops, now.toISOString(), cutoff);
      const priceOf = new Map(drops.map((drop) => [drop.id, drop.price]));
      const owned = new Set(await repo.ownedAmong(trx, ids));
      await enqueueMany(
        trx,
        ids.flatMap((watchId) => {
          const payload: PriceDropPayload = { watchId, price: priceOf.get(watchId) ?? 0 };
          return owned.has(watchId)
            ? [
                { topic: PRICE_DROP_PUSH, payload },
                { topic: PRICE_DROP_MAIL, payload },
              ]
            : [{ topic: PRICE_DROP_PUSH, payload }];
        }),
        now,
      );
      return ids.length;
    });
    if (claimed > 0) this.#options.queued();
    return { evaluated: rows.length, notified: claimed };
  }

  /** Deletes the watches whose day or month has passed everywhere (UTC−12 has left it too). */
  async sweep(): Promise<number> {
    const now = this.#options.now();
    const latestToday = ymdInTimeZone(now, 'Etc/GMT+12');
    return repo.deleteEnded(this.#options.db, latestToday);
  }
}
