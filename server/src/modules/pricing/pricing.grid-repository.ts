import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { Repository } from '../../db/repository.ts';
import { summaryPriceColumn } from '../../db/route-day-prices-all-in.ts';
import { SUMMARY_CURRENCY } from '../../db/route-day-prices.ts';

export interface AllInDayPriceRow {
  route_id: number;
  date: string;
  price: number;
}

/** Some days of a route: `from` to `until`, inclusive. */
export interface RouteDays {
  routeId: number;
  from: Ymd;
  until: Ymd;
}

/** Reads of the price summary for the flexible-dates grid; never of flights or fares. */
export class PriceGridRepository extends Repository {
  /**
   * The cheapest all-in price with `bags` checked bags per passenger of each day that has one,
   * for some days of some routes, in one read; by route and date.
   */
  async allInDayPrices(ranges: readonly RouteDays[], bags: BagCount): Promise<AllInDayPriceRow[]> {
    if (ranges.length === 0) return [];
    const column = summaryPriceColumn(bags);
    const rows = await this.db
      .selectFrom('route_day_prices')
      .select((eb) => ['route_id', 'date', eb.ref(column).as('price')])
      .where((eb) =>
        eb.or(
          ranges.map((range) =>
            eb.and([
              eb('route_id', '=', range.routeId),
              eb('date', '>=', range.from),
              eb('date', '<=', range.until),
            ]),
          ),
        ),
      )
      .where('currency', '=', SUMMARY_CURRENCY)
      .where(column, 'is not', null)
      .orderBy('route_id')
      .orderBy('date')
      .execute();
    return rows.flatMap((row) =>
      row.price === null ? [] : [{ route_id: row.route_id, date: row.date, price: row.price }],
    );
  }
}
