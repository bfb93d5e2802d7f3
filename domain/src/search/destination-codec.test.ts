import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { destinationArb } from '../testing/arbitraries.ts';
import {
  decodeDestination,
  decodeDestinationPath,
  destinationKey,
  encodeDestination,
  encodeDestinationPath,
  isValidDestination,
  parseRouteId,
  type Destination,
} from './destination-codec.ts';
import { d } from '../testing/dates.ts';

function dest(
  routeId: number,
  date: string,
  flightId: string | null = null,
  fareClass: string | null = null,
): Destination {
  return { routeId, date: d(date), flightId, fareClass };
}

describe('parseRouteId', () => {
  it.each([
    ['1', 1],
    ['12', 12],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
    ['0', null],
    ['-1', null],
    ['012', null],
    ['1.5', null],
    ['1e3', null],
    ['9007199254740992', null],
    ['99999999999999999999', null],
    ['', null],
    [' 1', null],
    ['abc', null],
  ])('%j → %s', (text, id) => {
    expect(parseRouteId(text)).toBe(id);
  });
});

describe('decodeDestination', () => {
  it.each<[string, Destination]>([
    ['12.2026-12-01._', dest(12, '2026-12-01')],
    ['12.2024-02-29.4711', dest(12, '2024-02-29', '4711')],
    ['12.2026-12-01.4711.Y', dest(12, '2026-12-01', '4711', 'Y')],
    ['12.2026-12-01.LH-1234.yb', dest(12, '2026-12-01', 'LH-1234', 'YB')],
    ['7.2000-02-29._', dest(7, '2000-02-29')],
    // a fare class without a flight is dropped, the destination kept
    ['12.2026-12-01._.Y', dest(12, '2026-12-01')],
  ])('%s', (text, expected) => {
    expect(decodeDestination(text)).toEqual(expected);
  });

  it.each([
    ['', 'empty'],
    ['.', 'only a dot'],
    ['12', 'route only'],
    ['12.2026-12-01', 'no flight part'],
    ['12.2026-12-01.', 'empty flight'],
    ['12.2026-12-01._.', 'empty fare class'],
    ['12.2026-12-01._.Y.Z', 'extra part'],
    ['12..2026-12-01._', 'doubled dot'],
    ['.12.2026-12-01._', 'leading dot'],
    ['12.2026-12-01._.Y.', 'trailing dot'],
    ['12.2026-1a-01._', 'letter in date'],
    ['12.2023-02-29._', 'not a leap year'],
    ['12.2100-02-29._', 'century not a leap year'],
    ['12.2026-13-01._', 'month 13'],
    ['12.26-12-01._', 'short year'],
    ['0.2026-12-01._', 'route 0'],
    ['-3.2026-12-01._', 'negative route'],
    ['012.2026-12-01._', 'leading zero'],
    ['99999999999999999999.2026-12-01._', 'huge route'],
    ['abc.2026-12-01._', 'letters for route'],
    ['12.2026-12-01.__', 'two underscores'],
    ['12.2026-12-01.a_b', 'underscore in flight'],
    ['12.2026-12-01.a b', 'space in flight'],
    ['12.2026-12-01.' + 'x'.repeat(65), 'flight too long'],
    ['12.2026-12-01.1.Y1', 'digit in fare class'],
    ['12.2026-12-01.1.ABCDEFGHI', 'fare class too long'],
    ['12.2026-12-01.1.É', 'non-ASCII fare class'],
  ])('rejects %j (%s)', (text) => {
    expect(decodeDestination(text)).toBeNull();
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const result = decodeDestination(text);
        if (result !== null) expect(isValidDestination(result)).toBe(true);
      }),
    );
  });

  it('never throws on text made of the codec’s own characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9._\-A-Za-z]{0,30}$/), (text) => {
        const result = decodeDestination(text);
        if (result !== null) expect(isValidDestination(result)).toBe(true);
      }),
    );
  });
});

describe('encodeDestination', () => {
  it.each<[Destination, string]>([
    [dest(12, '2026-12-01'), '12.2026-12-01._'],
    [dest(12, '2026-12-01', '4711'), '12.2026-12-01.4711'],
    [dest(12, '2026-12-01', '4711', 'Y'), '12.2026-12-01.4711.Y'],
  ])('%j → %s', (destination, text) => {
    expect(encodeDestination(destination)).toBe(text);
  });

  it.each<[Destination]>([
    [dest(0, '2026-12-01')],
    [dest(-1, '2026-12-01')],
    [dest(1.5, '2026-12-01')],
    [dest(Number.MAX_SAFE_INTEGER + 1, '2026-12-01')],
    [dest(1, '2023-02-29')],
    [dest(1, '2026-12-01', '_')],
    [dest(1, '2026-12-01', 'a.b')],
    [dest(1, '2026-12-01', '')],
    [dest(1, '2026-12-01', null, 'Y')],
    [dest(1, '2026-12-01', '1', 'y')],
    [dest(1, '2026-12-01', '1', '')],
  ])('throws for %j', (destination) => {
    expect(isValidDestination(destination)).toBe(false);
    expect(() => encodeDestination(destination)).toThrow(RangeError);
  });

  it('decode(encode(x)) = x for every valid destination', () => {
    fc.assert(
      fc.property(destinationArb(), (destination) => {
        expect(decodeDestination(encodeDestination(destination))).toEqual(destination);
      }),
    );
  });
});

describe('decodeDestinationPath', () => {
  it('reads segments in order', () => {
    expect(decodeDestinationPath('12.2026-12-01._/13.2026-12-08.4711.Y')).toEqual({
      destinations: [dest(12, '2026-12-01'), dest(13, '2026-12-08', '4711', 'Y')],
      ignored: [],
    });
  });

  it('skips empty segments silently', () => {
    expect(decodeDestinationPath('/12.2026-12-01._//13.2026-12-08._/')).toEqual({
      destinations: [dest(12, '2026-12-01'), dest(13, '2026-12-08')],
      ignored: [],
    });
    expect(decodeDestinationPath('')).toEqual({ destinations: [], ignored: [] });
    expect(decodeDestinationPath('///')).toEqual({ destinations: [], ignored: [] });
  });

  it('ignores malformed destinations and repeats of the same route and date, keeping the first', () => {
    expect(
      decodeDestinationPath(
        '12.2026-12-01.4711/12.2023-02-29._/12.2026-12-01._/13.2026-12-01._/x/12.2026-12-02._',
      ),
    ).toEqual({
      destinations: [
        dest(12, '2026-12-01', '4711'),
        dest(13, '2026-12-01'),
        dest(12, '2026-12-02'),
      ],
      ignored: ['12.2023-02-29._', '12.2026-12-01._', 'x'],
    });
  });

  it('never throws and never returns two destinations with the same route and date', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(destinationArb().map(encodeDestination), fc.string()), { maxLength: 8 }),
        (segments) => {
          const { destinations, ignored } = decodeDestinationPath(segments.join('/'));
          const keys = destinations.map(destinationKey);
          expect(new Set(keys).size).toBe(keys.length);
          const nonEmpty = segments.flatMap((s) => s.split('/')).filter((s) => s !== '');
          expect(destinations.length + ignored.length).toBe(nonEmpty.length);
        },
      ),
    );
  });

  it('decode(encode(list)) = list for lists without repeats', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(destinationArb(), { maxLength: 6, selector: destinationKey }),
        (destinations) => {
          expect(decodeDestinationPath(encodeDestinationPath(destinations))).toEqual({
            destinations,
            ignored: [],
          });
        },
      ),
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(() => decodeDestinationPath(text)).not.toThrow();
      }),
    );
  });
});
