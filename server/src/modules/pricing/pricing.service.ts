import type {
  CheapestDaysResponse,
  CheapestMonthsResponse,
  OffersResponse,
} from '@uniquair/contract/pricing';
import {
  addDays,
  addYears,
  daysInMonth,
  maxYmd,
  minYmd,
  ymd,
  ymdInTimeZone,
  type Ymd,
} from '@uniquair/domain/dates/ymd';
import { ratePrices } from '@uniquair/domain/pricing/price-rating';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { isValidRouteDay, type RouteSchedule } from '@uniquair/domain/routes/route-availability';
import { prepareJson, type PreparedResponse } from '../../lib/prepared-response.ts';
import { ServiceError } from '../../lib/service-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PricingRepository, PricingRouteRow } from './pricing.repository.ts';
import type { PriceGridRepository } from './pricing.grid-repository.ts';
import { priceGrid, type PriceGridQuery } from './pricing.grid.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { currentVersion, priceSummaryEvents, SUMMARY_CURRENCY } from '../../db/route-day-prices.ts';

/** Months in the month calendar: the current one and the eleven after it. */
export const CALENDAR_MONTHS = 12;
/** Days ahead the offers look at ("the coming weeks"), today included. */
export const OFFER_DAYS = 28;
const QUARTER_HOUR_MS = 15 * 60_000;
/** Nothing is priced further ahead than a search can go (SPEC §5: one year). */
const MAX_YEARS_AHEAD = 1;

export interface PricingServiceOptions {
  repository: PricingRepository;
  /** The all-in day prices of the flexible-dates grid. */
  gridRepository: PriceGridRepository;
  db: Kysely<Database>;
  now: Clock;
  /**
   * How long a prepared calendar is served before it is rebuilt. Refreshes of the summary in
   * this process drop the cache at once; those of other processes show within this time.
   */
  cacheTtlMs: number;
  /** Most calendars and offers kept, and, apart, most flexible-dates grids. */
  maxEntries?: number;
}

interface Entry {
  value: Promise<PreparedResponse>;
  expiresAt: number;
}

function scheduleOf(route: PricingRouteRow): RouteSchedule {
  return {
    dow: route.dow,
    availableFrom: route.available_from as Ymd,
    availableUntil: route.available_until as Ymd | null,
  };
}

/**
 * The cheapest-price calendars and offers (SPEC §3, §7, §9; DESIGN §5): read from the
 * `route_day_prices` summary, never from flights, shaped once, and kept as prepared responses
 * (bytes, ETag, Last-Modified from the `prices` version, compressed copies) for a short time, so
 * the hot path is a map look-up. "Today" is the origin airport's local date.
 */
export class PricingService {
  readonly #options: Required<PricingServiceOptions>;
  // Grids apart: their keys are many (two routes, two days), and they must not crowd out the
  // calendars every search form asks for.
  readonly #calendars = new Map<string, Entry>();
  readonly #grids = new Map<string, Entry>();
  readonly #onRefresh = () => {
    this.#calendars.clear();
    this.#grids.clear();
  };

  constructor(options: PricingServiceOptions) {
    this.#options = { maxEntries: 5_000, ...options };
    priceSummaryEvents.on('refreshed', this.#onRefresh);
  }

  /** Stops listening for refreshes. */
  close(): void {
    this.#onRefresh();
    priceSummaryEvents.off('refreshed', this.#onRefresh);
  }

  /** `GET /api/cheapest-price/months/{routeId}?bags=`. */
  months(routeId: number, bags: BagCount = 0): Promise<PreparedResponse> {
    return this.#cached(this.#calendars, `months:${routeId}:${bags}`, async () => {
      const route = await this.#route(routeId);
      const today = ymdInTimeZone(this.#options.now(), route.from_time_zone);
      const { year, month } = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
      const months = Array.from({ length: CALENDAR_MONTHS }, (_, index) => {
        const total = month - 1 + index;
        return { year: year + Math.floor(total / 12), month: (total % 12) + 1 };
      });
      const last = months[months.length - 1] ?? { year, month };
      const until = minYmd(
        ymd(last.year, last.month, daysInMonth(last.year, last.month)),
        addYears(today, MAX_YEARS_AHEAD),
      );
      const schedule = scheduleOf(route);
      const rows = (await this.#options.repository.dayPrices(route.id, today, until, bags)).filter(
        (row) => isValidRouteDay(schedule, row.date as Ymd),
      );
      const cheapest = new Map<string, { price: number; date: Ymd }>();
      for (const row of rows) {
        const key = row.date.slice(0, 7);
        const best = cheapest.get(key);
        if (!best || row.min_price_minor < best.price) {
          cheapest.set(key, { price: row.min_price_minor, date: row.date as Ymd });
        }
      }
      const body: CheapestMonthsResponse = {
        success: true,
        route: route.id,
        currency: SUMMARY_CURRENCY,
        bags,
        months: months.map(({ year: y, month: m }) => {
          const best = cheapest.get(`${y}-${String(m).padStart(2, '0')}`);
          return { year: y, month: m, price: best?.price ?? null, date: best?.date ?? null };
        }),
      };
      return this.#prepare(body);
    });
  }

  /** `GET /api/cheapest-price/days/{routeId}/{year}/{month}?bags=`. */
  days(
    routeId: number,
    year: number,
    month: number,
    bags: BagCount = 0,
  ): Promise<PreparedResponse> {
    return this.#cached(this.#calendars, `days:${routeId}:${year}:${month}:${bags}`, async () => {
      const route = await this.#route(routeId);
      const today = ymdInTimeZone(this.#options.now(), route.from_time_zone);
      const from = maxYmd(ymd(year, month, 1), today);
      const until = minYmd(
        ymd(year, month, daysInMonth(year, month)),
        addYears(today, MAX_YEARS_AHEAD),
      );
      const schedule = scheduleOf(route);
      const rows =
        from > until
          ? []
          : (await this.#options.repository.dayPrices(route.id, from, until, bags)).filter((row) =>
              isValidRouteDay(schedule, row.date as Ymd),
            );
      const ratings = ratePrices(rows.map((row) => row.min_price_minor));
      const body: CheapestDaysResponse = {
        success: true,
        route: route.id,
        year,
        month,
        currency: SUMMARY_CURRENCY,
        bags,
        days: rows.map((row, index) => ({
          date: row.date,
          price: row.min_price_minor,
          rating: ratings[index] ?? 1,
        })),
      };
      return this.#prepare(body);
    });
  }

  /** `GET /api/cheapest-price/{airportId}/offers?bags=`. */
  offers(airportCode: string, bags: BagCount = 0): Promise<PreparedResponse> {
    return this.#cached(this.#calendars, `offers:${airportCode}:${bags}`, async () => {
      const airport = await this.#options.repository.airport(airportCode);
      if (!airport) {
        throw new ServiceError('NOT_FOUND', 'No such airport', {
          'params.airportId': [`Unknown airport ${airportCode}`],
        });
      }
      const today = ymdInTimeZone(this.#options.now(), airport.time_zone);
      const until = addDays(today, OFFER_DAYS - 1);
      const rows = await this.#options.repository.offers(airport.code, today, until, bags);
      const best = new Map<number, (typeof rows)[number]>();
      for (const row of rows) {
        const schedule: RouteSchedule = {
          dow: row.dow,
          availableFrom: row.available_from as Ymd,
          availableUntil: row.available_until as Ymd | null,
        };
        if (!isValidRouteDay(schedule, row.date as Ymd)) continue;
        const current = best.get(row.route_id);
        if (!current || row.min_price_minor < current.min_price_minor) best.set(row.route_id, row);
      }
      const offers = [...best.values()]
        .sort(
          (a, b) =>
            a.min_price_minor - b.min_price_minor ||
            a.city.localeCompare(b.city, 'en') ||
            a.route_id - b.route_id,
        )
        .map((row) => ({
          route: row.route_id,
          destination: {
            id: row.code,
            name: row.name,
            city: row.city,
            country: row.country_code,
          },
          date: row.date,
          price: row.min_price_minor,
        }));
      const body: OffersResponse = {
        success: true,
        airport: airport.code,
        currency: SUMMARY_CURRENCY,
        bags,
        from: today,
        until,
        offers,
      };
      return this.#prepare(body);
    });
  }

  /** `GET /api/cheapest-price/grid/{outRouteId}/{backRouteId}` (pricing.grid.ts). */
  grid(query: PriceGridQuery): Promise<PreparedResponse> {
    const { outRouteId, backRouteId, out, back, bags } = query;
    return this.#cached(
      this.#grids,
      `grid:${outRouteId}:${backRouteId}:${out}:${back}:${bags}`,
      async () =>
        this.#prepare(
          await priceGrid(
            {
              routes: this.#options.repository,
              prices: this.#options.gridRepository,
              now: this.#options.now(),
            },
            query,
          ),
        ),
    );
  }

  async #route(id: number): Promise<PricingRouteRow> {
    const route = await this.#options.repository.route(id);
    if (!route) {
      throw new ServiceError('NOT_FOUND', 'No such route', {
        'params.routeId': [`Unknown route ${id}`],
      });
    }
    return route;
  }

  async #prepare(body: unknown): Promise<PreparedResponse> {
    const version = await currentVersion(this.#options.db);
    return prepareJson(body, { lastModified: new Date(version) });
  }

  /**
   * The prepared response for the key, built once per TTL; a failed build is not kept. Keys
   * carry the quarter hour of the clock, so the day a calendar starts from moves on in every time
   * zone (all offsets are whole quarter hours) even while an entry is fresh.
   */
  #cached(
    cache: Map<string, Entry>,
    name: string,
    build: () => Promise<PreparedResponse>,
  ): Promise<PreparedResponse> {
    const key = `${name}@${Math.floor(this.#options.now().getTime() / QUARTER_HOUR_MS)}`;
    const now = Date.now();
    const found = cache.get(key);
    if (found && found.expiresAt > now) return found.value;
    if (cache.size >= this.#options.maxEntries) cache.clear();
    const value = build();
    const entry: Entry = { value, expiresAt: now + this.#options.cacheTtlMs };
    cache.set(key, entry);
    value.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return value;
  }
}
