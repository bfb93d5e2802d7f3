import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ymdArb } from '../testing/arbitraries.ts';
import { encodeDestination, type Destination } from './destination-codec.ts';
import {
  areReturnLegs,
  decideSearchRoute,
  requiredSearchView,
  type GuardRoute,
  type RouteLookup,
  type SearchLeg,
} from './route-guard.ts';
import { parseSearchPath, type ParsedSearchUrl } from './search-path.ts';
import { d } from '../testing/dates.ts';

const dest = (routeId: number, date: string): Destination => ({
  routeId,
  date: d(date),
  flightId: null,
  fareClass: null,
});

/** SOF ⇄ HAN both ways, a third route onwards, a suspended route (dow 0) and a malformed mask. */
const ROUTES: Record<number, GuardRoute> = {
  1: { from: 'SOF', to: 'HAN', dow: 127 },
  2: { from: 'HAN', to: 'SOF', dow: 127 },
  3: { from: 'HAN', to: 'ICN', dow: 127 },
  4: { from: 'SOF', to: 'ICN', dow: 0 },
  5: { from: 'ICN', to: 'SOF', dow: 200 },
  6: { from: 'SOF', to: 'HAN', dow: 1, availableUntil: d('2020-01-01') },
};
const lookup: RouteLookup = (id) => ROUTES[id];

function parse(path: string): ParsedSearchUrl {
  const parsed = parseSearchPath(path);
  if (parsed === null) throw new Error(`not a search path: ${path}`);
  return parsed;
}

describe('decideSearchRoute', () => {
  it.each([
    ['/flights/1/0/0/1.2026-12-01._', 'flights'],
    ['/flights/2/1/1/1.2026-12-01._/2.2026-12-08._', 'flights'],
    ['/flights/1/0/0/1.2026-12-01._/2.2026-12-01._', 'flights'],
    ['/multi/1/0/0/1.2026-12-01._', 'multi'],
    ['/multi/1/0/0/1.2026-12-01._/2.2026-12-08._', 'multi'],
    ['/multi/1/0/0/1.2026-12-01._/3.2026-12-08._/2.2026-12-20._', 'multi'],
    // a route whose window has ended is still a valid route: the results page handles the date
    ['/flights/1/0/0/6.2026-12-01._', 'flights'],
  ])('%s is fine on %s', (path, view) => {
    const decision = decideSearchRoute(parse(path), lookup);
    expect(decision.kind).toBe('ok');
    if (decision.kind === 'ok') {
      expect(decision.view).toBe(view);
      expect(decision.legs.map((leg) => leg.route)).toEqual(
        decision.destinations.map((x) => ROUTES[x.routeId]),
      );
    }
  });

  it.each([
    ['/flights/1/0/0', 'no destinations'],
    ['/flights/1/0/0/x/y', 'only malformed destinations'],
    ['/flights/1/0/0/99.2026-12-01._', 'unknown route'],
    ['/flights/1/0/0/4.2026-12-01._', 'route with dow 0'],
    ['/flights/1/0/0/4.2026-12-01._/5.2026-12-02._', 'dow 0 and a malformed mask'],
    ['/multi/0/0/5/4.2026-12-01._', 'dow 0 with passengers to correct'],
  ])('%s goes home (%s)', (path) => {
    expect(decideSearchRoute(parse(path), lookup)).toEqual({ kind: 'home' });
  });

  it('goes home when the look-up fails', () => {
    const failing: RouteLookup = () => {
      throw new Error('routes not loaded');
    };
    expect(decideSearchRoute(parse('/flights/1/0/0/1.2026-12-01._'), failing)).toEqual({
      kind: 'home',
    });
  });

  it.each([
    [
      '/flights/1/0/0/1.2026-12-01._/4.2026-12-02._',
      '/flights/1/0/0/1.2026-12-01._',
      'drops a destination with dow 0',
    ],
    [
      '/flights/1/0/0/99.2026-12-01._/1.2026-12-01._',
      '/flights/1/0/0/1.2026-12-01._',
      'drops an unknown route',
    ],
    [
      '/flights/1/0/0/1.2026-12-01._/1.2026-12-01.77',
      '/flights/1/0/0/1.2026-12-01._',
      'drops a repeated route and date',
    ],
    [
      '/flights/1/0/0/1.2023-02-29._/1.2026-12-01._',
      '/flights/1/0/0/1.2026-12-01._',
      'drops an invalid date',
    ],
    ['/flights/1/0/3/1.2026-12-01._', '/flights/1/0/1/1.2026-12-01._', 'infants above adults'],
    ['/flights/0/2/0/1.2026-12-01._', '/flights/1/2/0/1.2026-12-01._', 'no adult'],
    ['/flights/x/0/0/1.2026-12-01._', '/flights/1/0/0/1.2026-12-01._', 'letters for adults'],
    [
      '/flights/1/0/0/1.2026-12-01._/3.2026-12-08._',
      '/multi/1/0/0/1.2026-12-01._/3.2026-12-08._',
      'two legs that are not a return trip',
    ],
    [
      '/flights/1/0/0/1.2026-12-08._/2.2026-12-01._',
      '/multi/1/0/0/1.2026-12-08._/2.2026-12-01._',
      'a return before the outbound',
    ],
    [
      '/flights/1/0/0/1.2026-12-01._/1.2026-12-08._',
      '/multi/1/0/0/1.2026-12-01._/1.2026-12-08._',
      'the same direction twice',
    ],
    [
      '/flights/1/0/0/1.2026-12-01._/2.2026-12-08._/1.2026-12-15._',
      '/multi/1/0/0/1.2026-12-01._/2.2026-12-08._/1.2026-12-15._',
      'more than two destinations',
    ],
    [
      '/flights/1/0/0/1.2026-12-01._/4.2026-12-05._/2.2026-12-08._',
      '/flights/1/0/0/1.2026-12-01._/2.2026-12-08._',
      'three destinations, one dropped, leaving a return trip',
    ],
  ])('%s → %s (%s)', (path, target) => {
    const decision = decideSearchRoute(parse(path), lookup);
    expect(decision.kind).toBe('redirect');
    if (decision.kind === 'redirect') {
      expect(decision.path).toBe(target);
      const reparsed = parse(target);
      expect(decision.to).toBe(reparsed.view);
      expect(decision.passengers).toEqual(reparsed.passengers);
      expect(decision.destinations).toEqual(reparsed.destinations);
    }
  });

  it('a redirect lands on a URL the guard accepts', () => {
    fc.assert(
      fc.property(searchPathArb(), (path) => {
        const decision = decideSearchRoute(parse(path), lookup);
        if (decision.kind !== 'redirect') return;
        expect(decideSearchRoute(parse(decision.path), lookup).kind).toBe('ok');
      }),
    );
  });

  it('an accepted URL satisfies every rule', () => {
    fc.assert(
      fc.property(searchPathArb(), (path) => {
        const decision = decideSearchRoute(parse(path), lookup);
        if (decision.kind !== 'ok') return;
        const { passengers, legs, view } = decision;
        expect(passengers.adults).toBeGreaterThanOrEqual(1);
        expect(passengers.infants).toBeLessThanOrEqual(passengers.adults);
        expect(legs.length).toBeGreaterThan(0);
        for (const leg of legs) expect(leg.route.dow).toBeGreaterThan(0);
        if (legs.length > 2) expect(view).toBe('multi');
        if (legs.length === 2 && view === 'flights') {
          const [first, second] = legs as [SearchLeg, SearchLeg];
          expect(areReturnLegs(first, second)).toBe(true);
        }
      }),
    );
  });
});

describe('areReturnLegs and requiredSearchView', () => {
  const leg = (routeId: number, date: string): SearchLeg => {
    const route = ROUTES[routeId];
    if (!route) throw new Error(`no route ${routeId}`);
    return { destination: dest(routeId, date), route };
  };

  it.each([
    [leg(1, '2026-12-01'), leg(2, '2026-12-08'), true],
    [leg(1, '2026-12-01'), leg(2, '2026-12-01'), true],
    [leg(1, '2026-12-02'), leg(2, '2026-12-01'), false],
    [leg(1, '2026-12-01'), leg(3, '2026-12-08'), false],
    [leg(2, '2026-12-01'), leg(6, '2026-12-08'), true],
  ])('%j then %j: %s', (first, second, expected) => {
    expect(areReturnLegs(first, second)).toBe(expected);
  });

  it('keeps the current view for one leg or a return trip, and needs multi otherwise', () => {
    const outbound = leg(1, '2026-12-01');
    const back = leg(2, '2026-12-08');
    expect(requiredSearchView([outbound], 'flights')).toBe('flights');
    expect(requiredSearchView([outbound], 'multi')).toBe('multi');
    expect(requiredSearchView([outbound, back], 'flights')).toBe('flights');
    expect(requiredSearchView([outbound, back], 'multi')).toBe('multi');
    expect(requiredSearchView([outbound, leg(3, '2026-12-08')], 'flights')).toBe('multi');
    expect(requiredSearchView([outbound, back, leg(1, '2026-12-20')], 'flights')).toBe('multi');
  });
});

function searchPathArb(): fc.Arbitrary<string> {
  const segment = fc.oneof(
    fc
      .record({
        routeId: fc.integer({ min: 1, max: 7 }),
        date: ymdArb(d('2026-11-25'), d('2026-12-10')),
        flightId: fc.constant(null),
        fareClass: fc.constant(null),
      })
      .map(encodeDestination),
    fc.constantFrom('x', '0.2026-12-01._', '1.2023-02-29._', ''),
  );
  const count = fc.oneof(fc.nat(4).map(String), fc.constantFrom('', 'a', '-1', '01'));
  return fc
    .tuple(
      fc.constantFrom('flights', 'multi'),
      count,
      count,
      count,
      fc.array(segment, { maxLength: 5 }),
    )
    .map(([view, a, c, i, segments]) => `/${view}/${a}/${c}/${i}/${segments.join('/')}`);
}
