import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { Destination } from '@uniquair/domain/search/destination-codec';
import { describe, expect, it } from 'vitest';
import { cityNameIn } from '../../lib/city-names.ts';
import { loadCatalogue } from '../../lib/i18n-catalogues.ts';
import { testRoutes } from '../../testing/mock-api.ts';
import {
  legDateBounds,
  legIssue,
  resultsHref,
  todayAt,
  tripLegs,
  withLegChoice,
  withLegDate,
} from './trip.ts';

const d = (routeId: number, date: string, flightId: string | null = null): Destination => ({
  routeId,
  date: date as Ymd,
  flightId,
  fareClass: flightId ? 'Q' : null,
});

describe('tripLegs', () => {
  it('names the legs of one-way, return and multi-city trips', () => {
    expect(tripLegs('flights', [d(12, '2026-12-01')], testRoutes).map((leg) => leg.kind)).toEqual([
      'oneWay',
    ]);
    const trip = tripLegs('flights', [d(12, '2026-12-01'), d(13, '2026-12-08')], testRoutes);
    expect(trip.map((leg) => [leg.kind, leg.from.city, leg.to.city])).toEqual([
      ['outbound', 'Sofia', 'London'],
      ['return', 'London', 'Sofia'],
    ]);
    expect(
      tripLegs('multi', [d(12, '2026-12-01'), d(13, '2026-12-08')], testRoutes).map(
        (leg) => leg.kind,
      ),
    ).toEqual(['multi', 'multi']);
  });

  it('names the legs’ cities in the UI language, keeping their codes and time zones', async () => {
    const cityName = cityNameIn((await loadCatalogue('ru')).cities);
    const trip = tripLegs(
      'flights',
      [d(12, '2026-12-01'), d(13, '2026-12-08')],
      testRoutes,
      cityName,
    );
    expect(trip.map((leg) => [leg.from.city, leg.from.id, leg.to.city, leg.to.id])).toEqual([
      ['София', 'SOF', 'Лондон', 'LHR'],
      ['Лондон', 'LHR', 'София', 'SOF'],
    ]);
    expect(trip[0]?.from.timeZone).toBe('Europe/Sofia');
    // The network itself keeps the English names.
    expect(testRoutes.airports.map((airport) => airport.city)).toContain('London');
  });

  it('leaves out destinations whose route is unknown', () => {
    expect(
      tripLegs('flights', [d(99, '2026-12-01'), d(12, '2026-12-01')], testRoutes),
    ).toHaveLength(1);
  });
});

describe('legDateBounds', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const trip = tripLegs('flights', [d(12, '2026-12-01'), d(13, '2026-12-08')], testRoutes);

  it('keeps an outbound flight on or before the return and a return on or after the outbound', () => {
    expect(legDateBounds(trip, 0, now)).toEqual({ min: '2026-11-22', max: '2026-12-08' });
    expect(legDateBounds(trip, 1, now)).toEqual({ min: '2026-12-01', max: '2027-11-22' });
  });

  it('is null for a leg that does not exist', () => {
    expect(legDateBounds(trip, 5, now)).toBeNull();
  });

  it('counts today at the origin airport', () => {
    expect(todayAt({ timeZone: 'Pacific/Kiritimati' }, new Date('2026-11-22T23:00:00Z'))).toBe(
      '2026-11-23',
    );
    expect(todayAt({ timeZone: 'Not/AZone' }, new Date('2026-11-22T23:00:00Z'))).toBe('2026-11-22');
  });
});

describe('path changes', () => {
  const trip = [d(12, '2026-12-01', '4711'), d(13, '2026-12-08')];

  it('moves a leg to another date and drops its chosen flight', () => {
    expect(withLegDate(trip, 0, '2026-12-02' as Ymd)).toEqual([
      d(12, '2026-12-02'),
      d(13, '2026-12-08'),
    ]);
  });

  it('chooses and clears a flight and fare class of a leg', () => {
    const chosen = withLegChoice(trip, 1, { flightId: '99', fareClass: 'm' });
    expect(chosen[1]).toEqual({ ...d(13, '2026-12-08'), flightId: '99', fareClass: 'M' });
    expect(withLegChoice(chosen, 1, null)[1]).toEqual(d(13, '2026-12-08'));
  });

  it('writes the path through the codec and keeps the query', () => {
    expect(
      resultsHref('flights', { adults: 2, children: 0, infants: 1 }, trip, '?s=0&sort=cheapest'),
    ).toBe('/flights/2/0/1/12.2026-12-01.4711.Q/13.2026-12-08._?s=0&sort=cheapest');
  });
});

describe('legIssue', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const network = {
    ...testRoutes,
    routes: [
      {
        id: 12,
        from: 'SOF',
        to: 'LHR',
        dow: 1,
        af: '2026-01-01' as Ymd,
        au: '2027-03-31' as Ymd,
        rating: 1,
      },
    ],
  };
  const leg = (date: string) => tripLegs('flights', [d(12, date)], network)[0]!;

  it('is null for a day the route flies, in range', () => {
    expect(legIssue(leg('2026-11-30'), now)).toBeNull();
  });

  it('gives the route date errors of SPEC §5', () => {
    expect(legIssue(leg('2026-12-01'), now)).toMatchObject({
      kind: 'routeDate',
      error: {
        code: 'ROUTE_DATE_DAY_NOT_OPERATED',
        params: { fromCity: 'Sofia', dayName: 'tuesday' },
      },
    });
    expect(legIssue(leg('2027-04-05'), now)).toMatchObject({
      kind: 'routeDate',
      error: { code: 'ROUTE_DATE_AFTER_AVAILABILITY', params: { availableUntil: '2027-03-31' } },
    });
    expect(legIssue(leg('2025-12-29'), now)).toMatchObject({
      error: { code: 'ROUTE_DATE_BEFORE_AVAILABILITY' },
    });
  });

  it('names the cities of a route date error as the legs name them', async () => {
    const cityName = cityNameIn((await loadCatalogue('ru')).cities);
    const russian = tripLegs('flights', [d(12, '2026-12-01')], network, cityName)[0]!;
    expect(legIssue(russian, now)).toMatchObject({
      error: { params: { fromCity: 'София', toCity: 'Лондон' } },
    });
  });

  it('says when a day has passed or is more than a year ahead', () => {
    expect(legIssue(leg('2026-11-16'), now)).toEqual({ kind: 'past' });
    const open = { ...testRoutes };
    const far = tripLegs('flights', [d(12, '2027-12-06')], open)[0]!;
    expect(legIssue(far, now)).toEqual({ kind: 'tooFar', max: '2027-11-22' });
  });
});
