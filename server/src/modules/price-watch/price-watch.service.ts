import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CreatePriceWatchRequestSchema, PriceWatch } from '@uniquair/contract/price-watch';
import { MAX_WATCHES } from '@uniquair/contract/price-watch';
import { SEARCH_MAX_SEATED_PASSENGERS } from '@uniquair/contract/search';
import {
  addYears,
  daysInMonth,
  maxYmd,
  ymd,
  ymdInTimeZone,
  type Ymd,
} from '@uniquair/domain/dates/ymd';
import {
  convertAmount,
  DEFAULT_CURRENCY_CODE,
  type RateTable,
} from '@uniquair/domain/pricing/currency';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { validateRouteDate } from '@uniquair/domain/routes/route-date-field';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { apiText, type MessageValues } from '../../lib/api-messages.ts';
import { formatMoney } from '../../lib/intl-format.ts';
import { secretHash } from '../../lib/secret-hash.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { checkSubscription } from '../subscriptions/subscriptions.service.ts';
import { priceWatchRepository as repo, type WatchWithRoute } from './price-watch.repository.ts';
import type { MessageKey } from '@uniquair/i18n/messages';

export type CreatePriceWatchInput = z.output<typeof CreatePriceWatchRequestSchema>;

/** Months a month watch may look ahead: the current one and the eleven after it. */
export const WATCH_MONTHS = 12;

export interface PriceWatchServiceOptions {
  readonly db: Kysely<Database>;
  readonly now: () => Date;
  /** Exchange rates, units per US dollar (the reference data). */
  readonly rates: () => Promise<RateTable>;
  readonly isAllowedEndpoint: (endpoint: string) => boolean;
}

/** Who asks: the signed-in user (or null) and the language and currency of the answers. */
export interface WatchRequester {
  readonly userId: number | null;
  readonly locale: string;
  readonly currency: string;
}

/** The first and last day of a month `YYYY-MM`. */
export function monthDays(month: string): { first: Ymd; last: Ymd } {
  const year = Number(month.slice(0, 4));
  const number = Number(month.slice(5, 7));
  return { first: ymd(year, number, 1), last: ymd(year, number, daysInMonth(year, number)) };
}

/**
 * The days a watch's price is the cheapest of: its day, or its month's days from today at the
 * route's origin (a day already over there is no longer on sale).
 */
export function watchedDays(row: WatchWithRoute, now: Date): { from: Ymd; until: Ymd } {
  if (row.date !== null) return { from: row.date, until: row.date };
  const today = ymdInTimeZone(now, row.from_time_zone);
  return { from: maxYmd(monthDays(row.month ?? '').first, today), until: row.ends_on };
}

/** Who pays a fare: adults and children (infants travel free on a lap, as in a booking). */
export function payingPassengers(watch: { adults: number; children: number }): number {
  return watch.adults + watch.children;
}

function money(amount: number | null, currency: string) {
  return amount === null ? null : { amount, currency };
}

/**
 * Price watches (docs/price-watch.md): keeps, lists and ends them. Prices are compared as totals
 * for the paying passengers in USD minor units (the summary's currency); the traveller's target
 * is converted once, when the watch is made, and answers show prices in the watch's currency.
 */
export class PriceWatchService {
  readonly #options: PriceWatchServiceOptions;

  constructor(options: PriceWatchServiceOptions) {
    this.#options = options;
  }

  async create(
    input: CreatePriceWatchInput,
    requester: WatchRequester,
  ): Promise<{ id: string; watch: PriceWatch }> {
    const { db } = this.#options;
    const locale = input.locale ?? requester.locale;
    const currency = input.currency ?? requester.currency;
    const errors: Record<string, string[]> = {};
    const fail = (field: string, key: MessageKey, values?: MessageValues) => {
      (errors[field] ??= []).push(apiText(locale, key, values));
    };
    const { adults, children, infants } = input.passengers;
    if (adults < 1) fail('body.passengers.adults', 'apiError.searchAdult');
    if (infants > adults) fail('body.passengers.infants', 'apiError.searchInfants');
    if (adults + children > SEARCH_MAX_SEATED_PASSENGERS) {
      fail('body.passengers.children', 'apiError.searchSeated', {
        max: SEARCH_MAX_SEATED_PASSENGERS,
      });
    }
    if ((input.date === undefined) === (input.month === undefined)) {
      fail('body.date', 'apiError.watchDayOrMonth');
    }
    const rates = await this.#options.rates();
    if (!Object.hasOwn(rates, currency)) fail('body.currency', 'apiError.choice');
    try {
      checkSubscription(input.subscription, this.#options.isAllowedEndpoint);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      Object.assign(errors, error.errors);
    }
    const route = await repo.route(db, input.route);
    if (route === undefined) {
      throw new ServiceError('NOT_FOUND', 'Unknown route', {
        'body.route': [apiText(locale, 'apiError.routeUnknown')],
      });
    }
    const today = ymdInTimeZone(this.#options.now(), route.from_time_zone);
    let from: Ymd = today;
    let until: Ymd = today;
    if (input.date !== undefined) {
      const date = input.date as Ymd;
      from = until = date;
      if (date < today) fail('body.date', 'apiError.datePassed', { city: route.from_city });
      else if (date > addYears(today, 1)) fail('body.date', 'apiError.dateTooFar');
      else if (
        validateRouteDate(
          {
            dow: route.dow,
            availableFrom: route.available_from as Ymd,
            availableUntil: route.available_until as Ymd | null,
          },
          { fromCity: route.from_city, toCity: route.to_city },
          date,
        ) !== null
      ) {
        fail('body.date', 'apiError.routeUnavailable');
      }
    } else if (input.month !== undefined) {
      const { first, last } = monthDays(input.month);
      const lastMonth = monthDays(addMonths(today.slice(0, 7), WATCH_MONTHS - 1));
      if (last < today || first > lastMonth.last) fail('body.month', 'apiError.watchMonthRange');
      from = maxYmd(first, today);
      until = last;
    }
    if (Object.keys(errors).length > 0) {
      throw new ServiceError('VALIDATION_ERROR', 'The price watch is not valid', errors);
    }
    const payers = payingPassengers(input.passengers);
    const cheapest = await repo.cheapest(db, route.id, input.bags as BagCount, from, until);
    const subscribed = cheapest === null ? null : cheapest.price * payers;
    const usd = (amount: number, code: string, to: string) =>
      convertAmount(amount, { code, rate: rates[code] ?? 1 }, { code: to, rate: rates[to] ?? 1 });
    const targetUsd =
      input.targetPrice === undefined
        ? null
        : usd(input.targetPrice, currency, DEFAULT_CURRENCY_CODE);
    if (targetUsd === null && subscribed === null) {
      fail('body.targetPrice', 'apiError.watchNothingOnSale');
    } else if (targetUsd !== null && subscribed !== null && targetUsd >= subscribed) {
      fail('body.targetPrice', 'apiError.watchTargetReached', {
        price: formatMoney(usd(subscribed, DEFAULT_CURRENCY_CODE, currency), currency, locale),
      });
    }
    if (Object.keys(errors).length > 0) {
      throw new ServiceError('VALIDATION_ERROR', 'The price watch is not valid', errors);
    }
    const id = `pw_${randomBytes(32).toString('base64url')}`;
    const now = this.#options.now().toISOString();
    const number = await db.transaction().execute(async (trx) => {
      const held = await repo.count(trx, {
        endpoint: input.subscription.endpoint,
        userId: requester.userId,
      });
      if (held >= MAX_WATCHES) {
        throw new ServiceError('CONFLICT', 'Too many price watches', {
          'body.subscription': [apiText(locale, 'apiError.watchLimit')],
        });
      }
      return repo.insert(trx, {
        id_hash: secretHash(id),
        route_id: route.id,
        date: input.date === undefined ? null : (input.date as Ymd),
        month: input.month ?? null,
        adults,
        children,
        infants,
        bags: input.bags,
        endpoint: input.subscription.endpoint,
        public_key: input.subscription.publicKey,
        auth_token: input.subscription.authToken,
        content_encoding: input.subscription.contentEncoding,
        user_id: requester.userId,
        locale,
        currency,
        subscribed_price_minor: subscribed,
        target_price_minor: input.targetPrice ?? null,
        threshold_minor: targetUsd ?? subscribed ?? 0,
        last_notified_at: null,
        last_notified_price_minor: null,
        created_at: now,
        ends_on: until,
      });
    });
    const row = await repo.withRoute(db, number);
    if (row === undefined) throw new Error(`price watch ${number} vanished`);
    return { id, watch: await this.#describe(row, rates) };
  }

  /** A signed-in user's watches, soonest first. */
  async list(userId: number): Promise<PriceWatch[]> {
    const rates = await this.#options.rates();
    const rows = await repo.ofUser(this.#options.db, userId);
    return Promise.all(rows.map((row) => this.#describe(row, rates)));
  }

  /**
   * Ends a watch: by its id (`pw_…`, the bearer secret), or by its number for the signed-in owner
   * or the browser of its push subscription. Anything else is 404, as for a watch that never was.
   */
  async remove(
    ref: string,
    owner: { userId: number | null; endpoint: string | null },
  ): Promise<void> {
    const { db } = this.#options;
    const removed = ref.startsWith('pw_')
      ? await repo.deleteByHash(db, secretHash(ref))
      : await repo.deleteOwned(db, Number(ref), owner);
    if (!removed) throw new ServiceError('NOT_FOUND', 'No such price watch');
  }

  async #describe(row: WatchWithRoute, rates: RateTable): Promise<PriceWatch> {
    const convert = (usdAmount: number | null) =>
      usdAmount === null
        ? null
        : convertAmount(
            usdAmount,
            { code: DEFAULT_CURRENCY_CODE, rate: rates[DEFAULT_CURRENCY_CODE] ?? 1 },
            { code: row.currency, rate: rates[row.currency] ?? 1 },
          );
    const range = watchedDays(row, this.#options.now());
    const cheapest = await repo.cheapest(
      this.#options.db,
      row.route_id,
      row.bags as BagCount,
      range.from,
      range.until,
    );
    const current = cheapest === null ? null : cheapest.price * payingPassengers(row);
    return {
      number: Number(row.id),
      route: row.route_id,
      from: row.from_airport,
      to: row.to_airport,
      date: row.date,
      month: row.month,
      passengers: { adults: row.adults, children: row.children, infants: row.infants },
      bags: row.bags,
      subscribedPrice: money(convert(row.subscribed_price_minor), row.currency),
      currentPrice: money(convert(current), row.currency),
      targetPrice: money(row.target_price_minor, row.currency),
      endsOn: row.ends_on,
      createdAt: row.created_at,
    };
  }
}

/** `YYYY-MM` moved by whole months. */
export function addMonths(month: string, count: number): string {
  const total = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}
