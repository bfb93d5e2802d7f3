import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  bestReference,
  bestScore,
  compareBest,
  compareCheapest,
  compareFastest,
  decodeFilters,
  encodeFilters,
  filterFlights,
  flightMatchesFilters,
  formatHourWindow,
  hasActiveFilters,
  isMinuteInWindow,
  isSortOrder,
  parseHourWindow,
  sortFlights,
  type FlightSummary,
  type HourWindow,
  type SearchFilters,
} from './filters.ts';
import { predicateCases } from '../testing/predicate-cases.ts';

/** The runtime's URLSearchParams; the domain compiles without DOM types, so it is typed here. */
const { URLSearchParams } = globalThis as unknown as {
  URLSearchParams: new (init: string | [string, string][]) => Iterable<[string, string]>;
};

const filters = (partial: Partial<SearchFilters>): SearchFilters => ({
  ...DEFAULT_FILTERS,
  ...partial,
});

const flight = (partial: Partial<FlightSummary>): FlightSummary => ({
  stops: 0,
  price: 10000,
  durationMinutes: 120,
  departureMinute: 600,
  arrivalMinute: 720,
  ...partial,
});

describe('hour windows', () => {
  it.each([
    ['0600-1800', { from: 6, to: 18 }],
    ['0000-0100', { from: 0, to: 1 }],
    ['2300-2400', { from: 23, to: 24 }],
    ['0000-2400', { from: 0, to: 24 }],
  ])('%s ⇄ %j', (text, window) => {
    expect(parseHourWindow(text)).toEqual(window);
    expect(formatHourWindow(window)).toBe(text);
  });

  it.each([
    '',
    '0600',
    '0600-',
    '-1800',
    '600-1800',
    '0630-1800',
    '0600-1830',
    '1800-0600',
    '0600-0600',
    '2400-2400',
    '0000-2500',
    '2500-2600',
    '06:00-18:00',
    '0600–1800',
    ' 0600-1800',
    'aa00-1800',
    '0600-1800-2000',
  ])('rejects %j', (text) => {
    expect(parseHourWindow(text)).toBeNull();
  });

  it.each([
    [{ from: 0, to: 24 }, 0, true],
    [{ from: 0, to: 24 }, 1439, true],
    [{ from: 6, to: 18 }, 359, false],
    [{ from: 6, to: 18 }, 360, true],
    [{ from: 6, to: 18 }, 1080, true],
    [{ from: 6, to: 18 }, 1081, false],
    [{ from: 0, to: 1 }, 0, true],
    [{ from: 23, to: 24 }, 1439, true],
    [{ from: 23, to: 24 }, 1379, false],
  ])('%j contains minute %i: %s', (window, minute, inside) => {
    expect(isMinuteInWindow(window, minute)).toBe(inside);
  });
});

describe('decodeFilters', () => {
  it('reads every key', () => {
    expect(
      decodeFilters({ s: '1', p: '25000', d: '480', td0: '0600-1800', ta1: '1200-2400' }),
    ).toEqual({
      maxStops: 1,
      maxPrice: 25000,
      maxDurationMinutes: 480,
      departure: { 0: { from: 6, to: 18 } },
      arrival: { 1: { from: 12, to: 24 } },
    });
  });

  it('reads URLSearchParams and entry lists', () => {
    const params = new URLSearchParams('s=0&td2=0000-0600&other=1');
    const expected = filters({ maxStops: 0, departure: { 2: { from: 0, to: 6 } } });
    expect(decodeFilters(params)).toEqual(expected);
    expect(decodeFilters([...params])).toEqual(expected);
  });

  it('returns the defaults for an empty query', () => {
    expect(decodeFilters({})).toEqual(DEFAULT_FILTERS);
    expect(decodeFilters(new URLSearchParams(''))).toEqual(DEFAULT_FILTERS);
  });

  it.each([
    ['s', '-1'],
    ['s', '1.5'],
    ['s', '01'],
    ['s', ''],
    ['s', 'x'],
    ['p', '99999999999999999999'],
    ['p', '1e3'],
    ['p', ' 100'],
    ['d', '0'],
    ['d', '-5'],
    ['td0', '0630-1800'],
    ['td0', '1800-0600'],
    ['ta0', 'morning'],
    ['td0', '0000-2400'],
    ['ta3', '0000-2400'],
    ['td01', '0600-1800'],
    ['td-1', '0600-1800'],
    ['td1000', '0600-1800'],
    ['tx0', '0600-1800'],
    ['td', '0600-1800'],
    ['S', '1'],
  ])('ignores %s=%j', (key, value) => {
    expect(decodeFilters({ [key]: value })).toEqual(DEFAULT_FILTERS);
  });

  it('only the first occurrence of a key counts', () => {
    expect(
      decodeFilters([
        ['s', '2'],
        ['s', '0'],
      ]).maxStops,
    ).toBe(2);
    expect(
      decodeFilters([
        ['s', 'x'],
        ['s', '0'],
      ]).maxStops,
    ).toBeNull();
  });

  it('never throws on arbitrary entries', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string())), (entries) => {
        expect(() => decodeFilters(entries)).not.toThrow();
        expect(() => decodeFilters(Object.fromEntries(entries))).not.toThrow();
      }),
    );
  });
});

describe('encodeFilters', () => {
  it('writes non-default values in a stable order', () => {
    expect(
      encodeFilters({
        maxStops: 0,
        maxPrice: 5000,
        maxDurationMinutes: 300,
        departure: { 1: { from: 6, to: 12 }, 0: { from: 0, to: 24 } },
        arrival: { 0: { from: 18, to: 24 }, 1: { from: 0, to: 6 } },
      }),
    ).toEqual([
      ['s', '0'],
      ['p', '5000'],
      ['d', '300'],
      ['ta0', '1800-2400'],
      ['td1', '0600-1200'],
      ['ta1', '0000-0600'],
    ]);
  });

  it('writes nothing for the defaults', () => {
    expect(encodeFilters(DEFAULT_FILTERS)).toEqual([]);
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters(filters({ departure: { 0: { from: 0, to: 24 } } }))).toBe(false);
    expect(hasActiveFilters(filters({ maxStops: 0 }))).toBe(true);
  });

  it('leaves out values that could not be read back', () => {
    expect(
      encodeFilters({
        maxStops: -1,
        maxPrice: 1.5,
        maxDurationMinutes: 0,
        departure: { 0: { from: 18, to: 6 }, 1000: { from: 1, to: 2 } },
        arrival: { 0: { from: 0.5, to: 2 } },
      }),
    ).toEqual([]);
  });

  it('decode(encode(f)) = f', () => {
    fc.assert(
      fc.property(filtersArb(), (f) => {
        expect(decodeFilters(encodeFilters(f))).toEqual(f);
        expect(decodeFilters(new URLSearchParams(encodeFilters(f)))).toEqual(f);
      }),
    );
  });
});

describe('flightMatchesFilters', () => {
  it.each<[string, Partial<SearchFilters>, Partial<FlightSummary>, boolean]>([
    ['no filters', {}, { stops: 3, price: 999999 }, true],
    ['direct only, direct flight', { maxStops: 0 }, { stops: 0 }, true],
    ['direct only, one stop', { maxStops: 0 }, { stops: 1 }, false],
    ['price at the limit', { maxPrice: 10000 }, { price: 10000 }, true],
    ['price above the limit', { maxPrice: 9999 }, { price: 10000 }, false],
    ['duration at the limit', { maxDurationMinutes: 120 }, { durationMinutes: 120 }, true],
    ['duration above the limit', { maxDurationMinutes: 119 }, { durationMinutes: 120 }, false],
    [
      'departure at 0000 in 0000-0600',
      { departure: { 0: { from: 0, to: 6 } } },
      { departureMinute: 0 },
      true,
    ],
    [
      'departure 23:59 in 1800-2400',
      { departure: { 0: { from: 18, to: 24 } } },
      { departureMinute: 1439 },
      true,
    ],
    [
      'departure 06:01 outside 0000-0600',
      { departure: { 0: { from: 0, to: 6 } } },
      { departureMinute: 361 },
      false,
    ],
    ['arrival window', { arrival: { 0: { from: 12, to: 14 } } }, { arrivalMinute: 720 }, true],
    [
      'arrival outside window',
      { arrival: { 0: { from: 13, to: 14 } } },
      { arrivalMinute: 720 },
      false,
    ],
    [
      'window for another leg',
      { departure: { 1: { from: 0, to: 1 } } },
      { departureMinute: 600 },
      true,
    ],
  ])('%s', (_, f, fl, expected) => {
    expect(flightMatchesFilters(filters(f), 0, flight(fl))).toBe(expected);
  });

  it('default filters keep every flight, and filtering keeps only matches in order', () => {
    fc.assert(
      fc.property(fc.array(flightArb()), filtersArb(), fc.nat(3), (flights, f, leg) => {
        expect(filterFlights(DEFAULT_FILTERS, leg, flights)).toEqual(flights);
        const kept = filterFlights(f, leg, flights);
        expect(kept).toEqual(flights.filter((x) => flightMatchesFilters(f, leg, x)));
      }),
    );
  });
});

describe('sorting', () => {
  const cheapSlow = flight({ price: 10000, durationMinutes: 600, departureMinute: 60 });
  const dearFast = flight({ price: 13000, durationMinutes: 120, departureMinute: 120 });
  const cheapOneStop = flight({ price: 9500, durationMinutes: 600, stops: 1, departureMinute: 30 });

  it('cheapest puts the lowest price first', () => {
    expect(sortFlights([dearFast, cheapSlow, cheapOneStop], 'cheapest')).toEqual([
      cheapOneStop,
      cheapSlow,
      dearFast,
    ]);
  });

  it('fastest puts the shortest duration first, cheaper first on ties', () => {
    expect(sortFlights([cheapSlow, cheapOneStop, dearFast], 'fastest')).toEqual([
      dearFast,
      cheapOneStop,
      cheapSlow,
    ]);
  });

  it('best weighs price and duration relative to the list and penalises stops', () => {
    const reference = bestReference([cheapSlow, dearFast, cheapOneStop]);
    expect(reference).toEqual({ cheapestPrice: 9500, shortestDuration: 120 });
    // 0.6 × 13000/9500 + 0.4 × 1 ≈ 1.22; 0.6 × 10000/9500 + 0.4 × 5 ≈ 2.63
    expect(bestScore(dearFast, reference)).toBeCloseTo(0.6 * (13000 / 9500) + 0.4, 10);
    expect(sortFlights([cheapSlow, cheapOneStop, dearFast], 'best')[0]).toBe(dearFast);
  });

  it('best prefers a direct flight to a one-stop flight less than 10 % cheaper', () => {
    const direct = flight({ price: 10500, stops: 0 });
    const oneStop = flight({ price: 10000, stops: 1 });
    expect(sortFlights([oneStop, direct], 'best')).toEqual([direct, oneStop]);
    const muchCheaper = flight({ price: 8000, stops: 1 });
    expect(sortFlights([direct, muchCheaper], 'best')).toEqual([muchCheaper, direct]);
  });

  it('copes with a zero price or duration', () => {
    const free = flight({ price: 0, durationMinutes: 0 });
    expect(Number.isFinite(bestScore(free, bestReference([free])))).toBe(true);
    expect(sortFlights([flight({}), free], 'best')[0]).toBe(free);
  });

  it.each(['best', 'cheapest', 'fastest'] as const)(
    '%s returns a sorted permutation and leaves the input alone',
    (order) => {
      fc.assert(
        fc.property(fc.array(flightArb()), (flights) => {
          const copy = [...flights];
          const sorted = sortFlights(flights, order);
          expect(flights).toEqual(copy);
          const total = (a: FlightSummary, b: FlightSummary) =>
            compareCheapest(a, b) || a.arrivalMinute - b.arrivalMinute;
          expect([...sorted].sort(total)).toEqual([...flights].sort(total));
          const compare =
            order === 'cheapest'
              ? compareCheapest
              : order === 'fastest'
                ? compareFastest
                : compareBest(bestReference(flights));
          sorted.slice(1).forEach((next, i) => {
            expect(compare(sorted[i] as FlightSummary, next)).toBeLessThanOrEqual(0);
          });
        }),
      );
    },
  );

  it.each(predicateCases(['best', 'cheapest', 'fastest'], ['Best', 'price']))(
    'isSortOrder(%j) = %s',
    (text, expected) => {
      expect(isSortOrder(text)).toBe(expected);
    },
  );
});

function windowArb(): fc.Arbitrary<HourWindow> {
  return fc
    .tuple(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 24 }))
    .filter(([from, to]) => from < to && !(from === 0 && to === 24))
    .map(([from, to]) => ({ from, to }));
}

function windowsArb(): fc.Arbitrary<Record<number, HourWindow>> {
  return fc
    .array(fc.tuple(fc.integer({ min: 0, max: 999 }), windowArb()), { maxLength: 4 })
    .map((pairs) => Object.fromEntries(pairs));
}

function filtersArb(): fc.Arbitrary<SearchFilters> {
  return fc.record({
    maxStops: fc.option(fc.nat(5), { nil: null }),
    maxPrice: fc.option(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), { nil: null }),
    maxDurationMinutes: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }),
    departure: windowsArb(),
    arrival: windowsArb(),
  });
}

function flightArb(): fc.Arbitrary<FlightSummary> {
  return fc.record({
    stops: fc.nat(3),
    price: fc.nat(100000),
    durationMinutes: fc.integer({ min: 30, max: 2000 }),
    departureMinute: fc.nat(1439),
    arrivalMinute: fc.nat(1439),
  });
}
