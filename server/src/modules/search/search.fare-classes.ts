import type { SearchFareClass } from '@uniquair/contract/search';
import {
  convertMoney,
  DEFAULT_CURRENCY_CODE,
  type RateTable,
} from '@uniquair/domain/pricing/currency';

/** The columns of an inventory fare class that a search result shows. */
export interface FareClassColumns {
  letter: string;
  cabin: string;
  price_minor: number;
  currency: string;
  seats_left: number;
}

/** An inventory fare class as results show it: one adult seat in the base currency (USD). */
export function baseCurrencyFareClass(row: FareClassColumns, rates: RateTable): SearchFareClass {
  return {
    letter: row.letter,
    cabin: row.cabin === 'business' ? 'business' : 'economy',
    price:
      row.currency === DEFAULT_CURRENCY_CODE
        ? row.price_minor
        : convertMoney(
            { amount: row.price_minor, currency: row.currency },
            DEFAULT_CURRENCY_CODE,
            rates,
          ).amount,
    seatsLeft: row.seats_left,
  };
}
