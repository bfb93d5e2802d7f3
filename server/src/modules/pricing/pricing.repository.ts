import type { Ymd } from '@uniquair/domain/dates/ymd';
import { Repository } from '../../db/repository.ts';
import { SUMMARY_CURRENCY } from '../../db/route-day-prices.ts';
import { ROUTE_SCHEDULE_COLUMNS } from '../../db/route-ends.ts';
import { summaryPriceColumn } from '../../db/route-day-prices-all-in.ts';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';

export interface PricingRouteRow {
  id: number;
  from_airport: string;
  to_airport: string;
  dow: number;
  available_from: string;
  available_until: string | null;
  from_time_zone: string;
}

export interface PricingAirportRow {
  code: string;
  time_zone: string;
}

export interface DayPriceRow {
  date: string;
  /** The cheapest all-in price for the bags asked (the fare alone with none). */
  min_price_minor: number;
}

export interface OfferRow {
  route_id: number;
  dow: number;
  available_from: string;
  available_until: string | null;
  date: string;
  min_price_minor: number;
  code: string;
  name: string;
  city: string;
  country_code: string;
}

/** Reads of the price summary for the calendars and offers; never of flights or fares. */
export class PricingRepository extends Repository {
  async route(id: number): Promise<PricingRouteRow | undefined> {
    return this.db
      .selectFrom('routes')
      .innerJoin('airports', 'airports.code', 'routes.from_airport')
      .select([
        'routes.id',
        'routes.from_airport',
        'routes.to_airport',
        'routes.dow',
        'routes.available_from',
        'routes.available_until',
        'airports.time_zone as from_time_zone',
      ])
      .where('routes.id', '=', id)
      .executeTakeFirst();
  }

  async airport(code: string): Promise<PricingAirportRow | undefined> {
    return this.db
      .selectFrom('airports')
      .select(['code', 'time_zone'])
      .where('code', '=', code)
      .executeTakeFirst();
  }

  /**
   * The summary of one route from `from` to `until` (inclusive), by date: the cheapest all-in
   * price with `bags` checked bags per passenger; days no fare can carry them on are left out.
   */
  async dayPrices(
    routeId: number,
    from: Ymd,
    until: Ymd,
    bags: BagCount = 0,
  ): Promise<DayPriceRow[]> {
    const column = summaryPriceColumn(bags);
    return this.db
      .selectFrom('route_day_prices')
      .select(['date', `${column} as min_price_minor`])
      .where(column, 'is not', null)
      .where('route_id', '=', routeId)
      .where('date', '>=', from)
      .where('date', '<=', until)
      .where('currency', '=', SUMMARY_CURRENCY)
      .orderBy('date')
      .$narrowType<{ min_price_minor: number }>()
      .execute();
  }

  /**
   * The summary of every available route from an airport over the days, with destinations, priced
   * all-in with `bags` checked bags per passenger (days no fare can carry them on left out).
   */
  async offers(airport: string, from: Ymd, until: Ymd, bags: BagCount = 0): Promise<OfferRow[]> {
    const column = summaryPriceColumn(bags);
    return this.db
      .selectFrom('route_day_prices')
      .innerJoin('routes', 'routes.id', 'route_day_prices.route_id')
      .innerJoin('airports', 'airports.code', 'routes.to_airport')
      .select([
        'route_day_prices.route_id',
        ...ROUTE_SCHEDULE_COLUMNS,
        'route_day_prices.date',
        `route_day_prices.${column} as min_price_minor`,
        'airports.code',
        'airports.name',
        'airports.city',
        'airports.country_code',
      ])
      .where('routes.from_airport', '=', airport)
      .where('routes.dow', '>', 0)
      .where(`route_day_prices.${column}`, 'is not', null)
      .where('route_day_prices.date', '>=', from)
      .where('route_day_prices.date', '<=', until)
      .where('route_day_prices.currency', '=', SUMMARY_CURRENCY)
      .orderBy('route_day_prices.route_id')
      .orderBy('route_day_prices.date')
      .$narrowType<{ min_price_minor: number }>()
      .execute();
  }
}
