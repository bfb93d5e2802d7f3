import type { Ymd } from '@uniquair/domain/dates/ymd';
import { describe, expect, it } from 'vitest';
import { testRoutes } from '../../testing/mock-api.ts';
import { chosenFlights, totalIn, totalsByCurrency } from './chosen-flights.ts';
import { hashOf, legResult, makeFlight } from '../../testing/search-fixtures.ts';
import { tripLegs } from './trip.ts';

const outbound = legResult(12, '2026-12-01', [
  makeFlight({ id: '10', prices: [12_300, 15_900] }),
  makeFlight({ id: '11', prices: [9_900] }),
]);
const inbound = legResult(13, '2026-12-08', [
  makeFlight({ id: '20', from: 'LHR', to: 'SOF', prices: [8_000] }),
]);
const done = (result: typeof outbound, tag: string) => ({
  status: 'done' as const,
  hash: hashOf(tag),
  result,
  etag: null,
  lastModified: null,
  expiresAt: null,
});

describe('chosenFlights', () => {
  const legs = tripLegs(
    'flights',
    [
      { routeId: 12, date: '2026-12-01' as Ymd, flightId: '10', fareClass: 'M' },
      { routeId: 13, date: '2026-12-08' as Ymd, flightId: null, fareClass: null },
    ],
    testRoutes,
  );

  it('finds the chosen flight and fare and prices them for every seat', () => {
    const chosen = chosenFlights(legs, [done(outbound, 'a'), done(inbound, 'b')], {
      adults: 2,
      children: 1,
      infants: 1,
    });
    expect(chosen[0]).toMatchObject({
      flight: { id: '10' },
      fare: { letter: 'M', price: 15_900 },
      subtotal: 47_700,
      currency: 'USD',
      hash: hashOf('a'),
    });
    expect(chosen[1]).toBeNull();
  });

  it('is null for a leg whose flight or fare is not in the results', () => {
    const gone = tripLegs(
      'flights',
      [{ routeId: 12, date: '2026-12-01' as Ymd, flightId: '99', fareClass: 'Q' }],
      testRoutes,
    );
    expect(
      chosenFlights(gone, [done(outbound, 'a')], { adults: 1, children: 0, infants: 0 }),
    ).toEqual([null]);
    expect(chosenFlights(legs, [null, null], { adults: 1, children: 0, infants: 0 })).toEqual([
      null,
      null,
    ]);
  });

  it('adds per currency and converts each sum once', () => {
    const legsBoth = tripLegs(
      'flights',
      [
        { routeId: 12, date: '2026-12-01' as Ymd, flightId: '11', fareClass: 'Q' },
        { routeId: 13, date: '2026-12-08' as Ymd, flightId: '20', fareClass: 'Q' },
      ],
      testRoutes,
    );
    const chosen = chosenFlights(legsBoth, [done(outbound, 'a'), done(inbound, 'b')], {
      adults: 1,
      children: 0,
      infants: 0,
    });
    const totals = totalsByCurrency(chosen);
    expect([...totals]).toEqual([['USD', 17_900]]);
    expect(totalIn(totals, (amount) => Math.round(amount * 0.9))).toBe(16_110);
  });
});
