import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Ymd } from '../dates/ymd.ts';
import { destinationArb } from '../testing/arbitraries.ts';
import { destinationKey, type Destination } from './destination-codec.ts';
import { correctPassengers } from './passengers.ts';
import {
  buildSearchPath,
  isSearchResultPath,
  isSearchView,
  parseSearchParams,
  parseSearchPath,
} from './search-path.ts';
import { predicateCases } from '../testing/predicate-cases.ts';

const dest = (routeId: number, date: string, flightId: string | null = null): Destination => ({
  routeId,
  date: date as Ymd,
  flightId,
  fareClass: null,
});

describe('buildSearchPath', () => {
  it.each([
    ['flights', [1, 0, 0], [dest(12, '2026-12-01')], '/flights/1/0/0/12.2026-12-01._'],
    [
      'flights',
      [2, 1, 1],
      [dest(12, '2026-12-01', '4711'), dest(13, '2026-12-08')],
      '/flights/2/1/1/12.2026-12-01.4711/13.2026-12-08._',
    ],
    ['multi', [1, 0, 0], [], '/multi/1/0/0'],
    ['flights', [0, 0, 3], [dest(5, '2024-02-29')], '/flights/1/0/1/5.2024-02-29._'],
  ] as const)('%s %j %j → %s', (view, [adults, children, infants], destinations, path) => {
    expect(buildSearchPath(view, { adults, children, infants }, destinations)).toBe(path);
  });

  it('throws for a destination the codec cannot write', () => {
    expect(() =>
      buildSearchPath('flights', { adults: 1, children: 0, infants: 0 }, [dest(0, '2026-12-01')]),
    ).toThrow(RangeError);
  });
});

describe('parseSearchPath', () => {
  it('reads a clean path', () => {
    expect(parseSearchPath('/flights/2/1/0/12.2026-12-01._/13.2026-12-08.99')).toEqual({
      view: 'flights',
      passengers: { adults: 2, children: 1, infants: 0 },
      passengersCorrected: false,
      destinations: [dest(12, '2026-12-01'), dest(13, '2026-12-08', '99')],
      ignoredDestinations: [],
    });
  });

  it('records corrections and ignored segments', () => {
    expect(
      parseSearchPath('/multi/1/0/3/12.2023-02-29._/12.2026-12-01._/12.2026-12-01.7/'),
    ).toEqual({
      view: 'multi',
      passengers: { adults: 1, children: 0, infants: 1 },
      passengersCorrected: true,
      destinations: [dest(12, '2026-12-01')],
      ignoredDestinations: ['12.2023-02-29._', '12.2026-12-01.7'],
    });
  });

  it('reads a path without destinations', () => {
    expect(parseSearchPath('/flights/1/0/0')?.destinations).toEqual([]);
    expect(parseSearchPath('/flights/1/0/0/')?.destinations).toEqual([]);
  });

  it.each(['/', '/flight/1/0/0/x', '/flights/1/0', '/multi', 'flights/1/0/0/12.2026-12-01._', ''])(
    '%j is not a search path',
    (pathname) => {
      expect(parseSearchPath(pathname)).toBeNull();
      expect(isSearchResultPath(pathname)).toBe(false);
    },
  );

  it('reads back what buildSearchPath writes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('flights' as const, 'multi' as const),
        fc.nat(9),
        fc.nat(9),
        fc.nat(9),
        fc.uniqueArray(destinationArb(), { maxLength: 5, selector: destinationKey }),
        (view, adults, children, infants, destinations) => {
          const passengers = correctPassengers({ adults, children, infants });
          const path = buildSearchPath(view, passengers, destinations);
          expect(isSearchResultPath(path)).toBe(true);
          expect(parseSearchPath(path)).toEqual({
            view,
            passengers,
            passengersCorrected: false,
            destinations,
            ignoredDestinations: [],
          });
        },
      ),
    );
  });

  it('never throws on arbitrary paths', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (middle, tail) => {
        expect(() => parseSearchPath(`/flights/${middle}/${tail}`)).not.toThrow();
      }),
    );
  });
});

describe('parseSearchParams', () => {
  it('accepts the splat with or without slashes', () => {
    const params = { view: 'flights' as const, adults: '1', children: '0', infants: '0' };
    expect(parseSearchParams({ ...params, destinations: '12.2026-12-01._' }).destinations).toEqual([
      dest(12, '2026-12-01'),
    ]);
    expect(
      parseSearchParams({ ...params, destinations: '/12.2026-12-01._/' }).destinations,
    ).toEqual([dest(12, '2026-12-01')]);
  });
});

describe('isSearchView', () => {
  it.each(predicateCases(['flights', 'multi'], ['Flights', '']))('%j: %s', (text, expected) => {
    expect(isSearchView(text)).toBe(expected);
  });
});
