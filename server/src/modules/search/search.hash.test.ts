import fc from 'fast-check';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { describe, expect, it } from 'vitest';
import { canonicalSearch, searchHash, type NormalisedSearch } from './search.hash.ts';

const search: NormalisedSearch = {
  destinations: [
    { route: 12, date: '2026-12-01' as Ymd },
    { route: 13, date: '2026-12-08' as Ymd },
  ],
  passengers: { adults: 2, children: 1, infants: 0 },
};

describe('the search hash', () => {
  it('is the SHA-256 of the canonical parameters, 32 hex digits, stable across releases', () => {
    expect(canonicalSearch(search)).toBe(
      '{"v":2,"d":[[12,"2026-12-01"],[13,"2026-12-08"]],"p":[2,1,0]}',
    );
    // A fixed value: changing it invalidates every stored search, so bump the version instead.
    expect(searchHash(search)).toBe('de192641437a6ff7508d58d084ad16c8');
  });

  it('does not depend on the order of keys, but on the order of the legs and every count', () => {
    const reordered = {
      passengers: { infants: 0, children: 1, adults: 2 },
      destinations: search.destinations.map(({ date, route }) => ({ date, route })),
    };
    expect(searchHash(reordered)).toBe(searchHash(search));
    expect(searchHash({ ...search, destinations: [...search.destinations].reverse() })).not.toBe(
      searchHash(search),
    );
    expect(searchHash({ ...search, passengers: { ...search.passengers, infants: 1 } })).not.toBe(
      searchHash(search),
    );
  });

  it('tells different searches apart', () => {
    const leg = fc.record({
      route: fc.integer({ min: 1, max: 5_000 }),
      date: fc
        .date({ min: new Date('2026-01-01'), max: new Date('2028-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10) as Ymd),
    });
    const arbitrary = fc.record({
      destinations: fc.array(leg, { minLength: 1, maxLength: 6 }),
      passengers: fc.record({
        adults: fc.integer({ min: 1, max: 9 }),
        children: fc.integer({ min: 0, max: 8 }),
        infants: fc.integer({ min: 0, max: 9 }),
      }),
    });
    fc.assert(
      fc.property(arbitrary, arbitrary, (a, b) => {
        const same = canonicalSearch(a) === canonicalSearch(b);
        expect(searchHash(a) === searchHash(b)).toBe(same);
        expect(searchHash(a)).toMatch(/^[0-9a-f]{32}$/);
      }),
    );
  });
});
