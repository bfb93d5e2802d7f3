import type { SearchFareClass } from '@uniquair/contract/search';
import { describe, expect, it } from 'vitest';
import { makeFlight } from '../../testing/search-fixtures.ts';
import {
  bagsSearch,
  cheapestFareWithBags,
  farePriceWithBags,
  parseBags,
  readBags,
} from './bags.ts';
import { flightRows } from './flight-rows.ts';

const fare = (letter: string, price: number, allInPrice?: number | null): SearchFareClass => ({
  letter,
  cabin: 'economy',
  price,
  seatsLeft: 9,
  ...(allInPrice === undefined ? {} : { allInPrice }),
});

describe('checked bags in the results query', () => {
  it('reads 1 and 2, and 0 for anything else', () => {
    expect(['1', '2', '0', '3', '-1', '1.0', 'x', '', null].map(parseBags)).toEqual([
      1, 2, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(readBags('?bags=2&sort=fastest')).toBe(2);
    expect(readBags(new URLSearchParams('s=0'))).toBe(0);
  });

  it('writes bags for a path, leaving 0 out', () => {
    expect(bagsSearch(0)).toBe('');
    expect(bagsSearch(1)).toBe('?bags=1');
    expect(bagsSearch(2)).toBe('?bags=2');
  });
});

describe('all-in prices', () => {
  it('takes the server’s all-in price with bags, the fare without', () => {
    expect(farePriceWithBags(fare('Q', 10_000, 13_500), 1)).toBe(13_500);
    expect(farePriceWithBags(fare('Q', 10_000, 13_500), 0)).toBe(10_000);
    expect(farePriceWithBags(fare('Z', 10_000, null), 1)).toBeNull();
    // A result stored before the server priced bags: the same fare rules.
    expect(farePriceWithBags(fare('Q', 10_000), 2)).toBe(17_000);
    expect(farePriceWithBags(fare('M', 10_000), 1)).toBe(10_000);
  });

  it('never takes a fare that cannot carry the bags as the cheapest', () => {
    const fares = [fare('Z', 5_000, null), fare('Q', 10_000, 13_500), fare('M', 12_000, 12_000)];
    expect(cheapestFareWithBags(fares, 1)).toEqual({ fare: fares[2], price: 12_000 });
    expect(cheapestFareWithBags(fares, 0)?.fare.letter).toBe('Z');
    expect(cheapestFareWithBags([fare('Z', 5_000, null)], 1)).toBeNull();
  });

  it('sorts, filters and totals rows by the all-in price', () => {
    const cheapFare = makeFlight({ id: 'a', departs: '07:05', minutes: 185, prices: [10_000] });
    const bagIncluded = makeFlight({ id: 'b', departs: '09:05', minutes: 185, prices: [12_000] });
    const flights = [
      { ...cheapFare, fareClasses: [fare('Q', 10_000, 13_500)] },
      { ...bagIncluded, fareClasses: [fare('M', 12_000, 12_000)] },
      { ...cheapFare, id: 'c', fareClasses: [fare('Z', 4_000, null)] },
    ];
    const rows = flightRows(flights, (amount) => amount, 1);
    expect(rows.map((row) => [row.flight.id, row.price, row.cheapest.letter])).toEqual([
      ['a', 13_500, 'Q'],
      ['b', 12_000, 'M'],
    ]);
    expect(flightRows(flights, (amount) => amount, 0).map((row) => row.price)).toEqual([
      10_000, 12_000, 4_000,
    ]);
  });
});
