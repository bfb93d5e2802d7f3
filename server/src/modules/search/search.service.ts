import type { SearchFlight, SearchInitBody } from '@uniquair/contract/search';
import { SEARCH_MAX_SEATED_PASSENGERS } from '@uniquair/contract/search';
import { addYears, ymdInTimeZone, type Ymd } from '@uniquair/domain/dates/ymd';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { isRouteAvailable } from '@uniquair/domain/routes/route-availability';
import { validateRouteDate, type RouteDateError } from '@uniquair/domain/routes/route-date-field';
import type { MessageKey } from '@uniquair/i18n/messages';
import { apiText, longDate, weekdayName, type MessageValues } from '../../lib/api-messages.ts';
import { ServiceError } from '../../lib/service-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobSearch } from './search.job-parts.ts';
import type { SearchJobs, StartOutcome } from './search.jobs.ts';
import type { SearchSnapshot } from './search.running-job.ts';
import { canonicalSearch, searchHash, type NormalisedSearch } from './search.hash.ts';
import type { SearchRepository, SearchRouteRow } from './search.repository.ts';
import type { Supplier, SupplierQuery } from './search.supplier.ts';

/** A search is answered at most this far ahead of the origin's today (SPEC §5, §9: one year). */
const MAX_YEARS_AHEAD = 1;

export interface SearchServiceOptions {
  repository: SearchRepository;
  jobs: SearchJobs;
  now: Clock;
  /**
   * How long `init` waits for a job to finish before answering `progress`: a search that is
   * quick answers `done` with its result at once, saving the client the progress round trips.
   */
  initWaitMs: number;
  /** Our own inventory (flights and connections), asked directly by {@link inventoryFlights}. */
  inventory: Supplier;
  /**
   * How often the fares of each leg's route and day have changed (the fares module's versions):
   * part of the hash, so a search after a price change runs again rather than reusing a result
   * with the old prices, which stays as it was for the travellers who saw it.
   */
  fareVersions?: (destinations: NormalisedSearch['destinations']) => Promise<number[]>;
}

export interface InitOutcome {
  outcome: StartOutcome;
  snapshot: SearchSnapshot;
}

/** A snapshot known to be done, with its result. */
export type DoneSnapshot = SearchSnapshot & { status: 'done'; result: string; finishedAt: string };

/** The route date field's message (SPEC §5) in `locale`, with the day written in full. */
function dateMessage(error: RouteDateError, locale: string): string {
  const { fromCity, toCity } = error.params;
  switch (error.code) {
    case 'ROUTE_DATE_BEFORE_AVAILABILITY':
      return apiText(locale, 'search.routeDate.before', {
        fromCity,
        toCity,
        date: longDate(locale, error.params.availableFrom),
      });
    case 'ROUTE_DATE_AFTER_AVAILABILITY':
      return apiText(locale, 'search.routeDate.after', {
        fromCity,
        toCity,
        date: longDate(locale, error.params.availableUntil),
      });
    case 'ROUTE_DATE_DAY_NOT_OPERATED':
      return apiText(locale, 'search.routeDate.dayNotOperated', {
        fromCity,
        toCity,
        day: weekdayName(locale, error.params.isoWeekday),
      });
  }
}

/**
 * Search (SPEC §4, §7; DESIGN §5): validates a search against the rules of the routes and
 * passengers, hashes it and starts or joins its job; reports status and results by hash.
 */
export class SearchService {
  readonly #options: SearchServiceOptions;

  constructor(options: SearchServiceOptions) {
    this.#options = options;
  }

  /**
   * `POST /api/search/init`. Invalid parameters are a VALIDATION_ERROR naming each field: an
   * unknown or unavailable route, a date the route does not fly (outside its window or on a day
   * it does not operate), a date already past at the origin or more than a year ahead, the same
   * route and date twice, no adult, more infants than adults, more than nine seated travellers.
   * The route date messages are worded in `locale` (SPEC §5: "available from 4 June 2024").
   */
  async init(body: SearchInitBody, locale = 'en'): Promise<InitOutcome> {
    const search: NormalisedSearch = {
      destinations: body.destinations.map((destination) => ({
        route: destination.route,
        date: destination.date as Ymd,
      })),
      passengers: { ...body.passengers },
      bags: (body.bags ?? 0) as BagCount,
    };
    const routes = await this.#validate(search, locale);
    const versions = (await this.#options.fareVersions?.(search.destinations)) ?? [];
    const job: JobSearch = {
      hash: searchHash(search, versions),
      params: canonicalSearch(search, versions),
      search,
      routes,
    };
    const started = await this.#options.jobs.start(job);
    if (started.snapshot.status !== 'progress') return started;
    const settled = await this.#options.jobs.settle(job.hash, this.#options.initWaitMs);
    return { outcome: started.outcome, snapshot: settled ?? started.snapshot };
  }

  /**
   * The inventory's flights and connections of a route on a day, as a search leg would list them
   * (no job, no stored result): what other modules offer in place of a booked flight.
   */
  inventoryFlights(query: SupplierQuery): Promise<SearchFlight[]> {
    return this.#options.inventory.search(query, new AbortController().signal);
  }

  /** Where a search stands; NOT_FOUND for a hash never searched (or long expired). */
  async status(hash: string): Promise<SearchSnapshot> {
    const snapshot = await this.#options.jobs.snapshot(hash);
    if (!snapshot)
      throw new ServiceError('NOT_FOUND', 'No such search', { 'params.hash': ['No such search'] });
    return snapshot;
  }

  /**
   * The result of a done search. A search still running is SEARCH_NOT_READY, one that failed
   * SEARCH_FAILED, one whose result expired SEARCH_EXPIRED (the client runs it again).
   */
  async result(hash: string): Promise<DoneSnapshot> {
    const snapshot = await this.status(hash);
    switch (snapshot.status) {
      case 'done':
        if (snapshot.result === null || snapshot.finishedAt === null) break;
        return snapshot as DoneSnapshot;
      case 'progress':
        throw new ServiceError('SEARCH_NOT_READY', 'The search is still running', {
          'params.hash': [`The search is at ${snapshot.progress}%`],
        });
      case 'expired':
        throw new ServiceError('SEARCH_EXPIRED', 'Search result expired', {
          'params.hash': ['Search result expired'],
        });
      case 'error':
        break;
    }
    throw new ServiceError('SEARCH_FAILED', 'The search failed', {
      'params.hash': ['The search failed'],
    });
  }

  async #validate(search: NormalisedSearch, locale: string): Promise<SearchRouteRow[]> {
    const errors: Record<string, string[]> = {};
    const fail = (field: string, message: string) => {
      (errors[field] ??= []).push(message);
    };

    const { adults, children, infants } = search.passengers;
    const say = (key: MessageKey, values?: MessageValues) => apiText(locale, key, values);
    if (adults < 1) fail('body.passengers.adults', say('apiError.searchAdult'));
    if (infants > adults) {
      fail('body.passengers.infants', say('apiError.searchInfants'));
    }
    if (adults + children > SEARCH_MAX_SEATED_PASSENGERS) {
      fail(
        'body.passengers.children',
        say('apiError.searchSeated', { max: SEARCH_MAX_SEATED_PASSENGERS }),
      );
    }

    const routes = await this.#options.repository.routes(
      search.destinations.map((destination) => destination.route),
    );
    const byId = new Map(routes.map((route) => [route.id, route]));
    const now = this.#options.now();
    const seen = new Map<string, number>();
    search.destinations.forEach((destination, index) => {
      const field = `body.destinations.${index}`;
      const key = `${destination.route}.${destination.date}`;
      const first = seen.get(key);
      if (first !== undefined) {
        fail(field, say('apiError.searchRepeated'));
        return;
      }
      seen.set(key, index);
      const route = byId.get(destination.route);
      if (!route) {
        fail(`${field}.route`, say('apiError.routeUnknown'));
        return;
      }
      const schedule = {
        dow: route.dow,
        availableFrom: route.available_from as Ymd,
        availableUntil: route.available_until as Ymd | null,
      };
      if (!isRouteAvailable(schedule)) {
        fail(`${field}.route`, say('apiError.routeUnavailable'));
        return;
      }
      const dateError = validateRouteDate(
        schedule,
        { fromCity: route.from_city, toCity: route.to_city },
        destination.date,
      );
      if (dateError) {
        fail(`${field}.date`, dateMessage(dateError, locale));
        return;
      }
      const today = ymdInTimeZone(now, route.from_time_zone);
      if (destination.date < today) {
        fail(`${field}.date`, say('apiError.datePassed', { city: route.from_city }));
      } else if (destination.date > addYears(today, MAX_YEARS_AHEAD)) {
        fail(`${field}.date`, say('apiError.dateTooFar'));
      }
    });

    if (Object.keys(errors).length > 0) {
      throw new ServiceError('VALIDATION_ERROR', 'The search is not valid', errors);
    }
    return routes;
  }
}
