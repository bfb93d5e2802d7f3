import { useQueries } from '@tanstack/react-query';
import { ymdParts, type Ymd } from '@uniquair/domain/dates/ymd';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { cheapestDaysQueryOptions } from '../api/get-cheapest-days.ts';

/** A day's lowest price from the day calendar, in minor units of `currency`. */
export interface DayPrice {
  readonly price: number;
  readonly currency: string;
}

export interface DayPricesOfDays {
  /** The days that have a price; a day left out has none (not flown, sold out, past). */
  readonly prices: ReadonlyMap<Ymd, DayPrice>;
  /** Some month is still loading. */
  readonly pending: boolean;
  /** Some month could not be loaded. */
  readonly failed: boolean;
}

/**
 * The day calendar's prices (`GET /api/cheapest-price/days/…`) of a route for some days, all-in
 * with `bags` checked bags per passenger, read from one calendar query per month the days touch
 * (shared with every other reader of them).
 */
export function useDayPrices(
  routeId: number,
  days: readonly Ymd[],
  bags: BagCount = 0,
): DayPricesOfDays {
  const months = [...new Set(days.map((day) => day.slice(0, 7)))].map((key) =>
    ymdParts(`${key}-01` as Ymd),
  );
  const calendars = useQueries({
    queries: months.map(({ year, month }) => cheapestDaysQueryOptions(routeId, year, month, bags)),
  });
  const prices = new Map<Ymd, DayPrice>();
  for (const calendar of calendars) {
    for (const [date, marker] of calendar.data?.days ?? []) {
      prices.set(date, { price: marker.price, currency: calendar.data?.currency ?? 'USD' });
    }
  }
  return {
    prices,
    pending: calendars.some((calendar) => calendar.isPending),
    failed: calendars.some((calendar) => calendar.isError),
  };
}
