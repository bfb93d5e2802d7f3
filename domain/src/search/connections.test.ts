import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DayBit } from '../routes/day-of-week.ts';
import {
  buildItineraries,
  commonFares,
  connectionId,
  inventoryFlightIds,
  MAX_LAYOVER_MINUTES,
  minimumConnectionMinutes,
  pathDayMask,
  type CandidateFare,
  type CandidateFlight,
} from './connections.ts';

const T0 = Date.parse('2026-12-01T06:00:00Z');
const MINUTE = 60_000;

function flight(
  id: number,
  airports: readonly string[],
  departs: number,
  arrives: number,
  fares: readonly CandidateFare[] = [
    { letter: 'Q', cabin: 'economy', price: 10_000, seatsLeft: 9 },
  ],
  carrier = 'UQ',
): CandidateFlight {
  return {
    id,
    carrier,
    departureMs: T0 + departs * MINUTE,
    arrivalMs: T0 + arrives * MINUTE,
    airports,
    fares,
  };
}

describe('connection rules', () => {
  it('uses the airport’s own minimum connection time, domestic or international', () => {
    expect(minimumConnectionMinutes('LHR', false)).toBe(90);
    expect(minimumConnectionMinutes('LHR', true)).toBe(60);
    expect(minimumConnectionMinutes('XYZ', true)).toBe(45);
    expect(minimumConnectionMinutes('XYZ', false)).toBe(60);
  });

  it('starts a path on the first route’s days whose next route flies within reach', () => {
    // Out on Monday and Friday; onward only on Sunday: Friday (two days on) works, Monday not.
    expect(pathDayMask([DayBit.monday | DayBit.friday, DayBit.sunday])).toBe(DayBit.friday);
    // Sunday's next day is Monday.
    expect(pathDayMask([DayBit.sunday, DayBit.monday])).toBe(DayBit.sunday);
    // After a second stop, up to three days after the start.
    expect(pathDayMask([DayBit.monday, DayBit.monday, DayBit.thursday])).toBe(DayBit.monday);
    expect(pathDayMask([DayBit.monday, DayBit.thursday])).toBe(0);
  });

  it('prices a connection per fare letter sold on every flight, with the scarcest seats', () => {
    const fares = commonFares([
      flight(1, ['AAA', 'HUB'], 0, 60, [
        { letter: 'Q', cabin: 'economy', price: 5_000, seatsLeft: 9 },
        { letter: 'J', cabin: 'business', price: 40_000, seatsLeft: 2 },
      ]),
      flight(2, ['HUB', 'BBB'], 120, 200, [
        { letter: 'Q', cabin: 'economy', price: 7_000, seatsLeft: 3 },
        { letter: 'M', cabin: 'economy', price: 9_000, seatsLeft: 9 },
      ]),
    ]);
    expect(fares).toEqual([{ letter: 'Q', cabin: 'economy', price: 12_000, seatsLeft: 3 }]);
  });

  it('writes a connection’s id from its flights and reads it back', () => {
    expect(connectionId([812, 9051])).toBe('812-9051');
    expect(inventoryFlightIds('812-9051')).toEqual([812, 9051]);
    expect(inventoryFlightIds('812')).toEqual([812]);
  });
});

describe('building itineraries along a path', () => {
  const path = { routes: [1, 2], connectionMinutes: [60] };

  it('joins each arriving flight to the onward flights it can make, and marks airline changes', () => {
    const out = flight(1, ['AAA', 'HUB'], 0, 100);
    const tooSoon = flight(2, ['HUB', 'BBB'], 159, 300);
    const justRight = flight(3, ['HUB', 'BBB'], 160, 300, undefined, 'EV');
    const nextDay = flight(4, ['HUB', 'BBB'], 100 + MAX_LAYOVER_MINUTES, 1_600);
    const tooLate = flight(5, ['HUB', 'BBB'], 101 + MAX_LAYOVER_MINUTES, 1_700);
    const { itineraries, considered } = buildItineraries(
      path,
      new Map([
        [1, [out]],
        [2, [tooSoon, justRight, nextDay, tooLate]],
      ]),
    );
    expect(itineraries.map((it) => it.flights.map((f) => f.id))).toEqual([
      [1, 3],
      [1, 4],
    ]);
    expect(itineraries.map((it) => it.selfTransfer)).toEqual([true, false]);
    expect(considered).toBe(2);
  });

  it('never visits an airport twice, through a one-stop flight’s stop either', () => {
    const out = flight(1, ['AAA', 'MID', 'HUB'], 0, 100);
    const backThroughMid = flight(2, ['HUB', 'MID', 'BBB'], 200, 400);
    const clean = flight(3, ['HUB', 'BBB'], 220, 400);
    const { itineraries } = buildItineraries(
      path,
      new Map([
        [1, [out]],
        [2, [backThroughMid, clean]],
      ]),
    );
    expect(itineraries.map((it) => it.flights.map((f) => f.id))).toEqual([[1, 3]]);
  });

  it('leaves out a connection with no fare letter sold on every flight', () => {
    const out = flight(1, ['AAA', 'HUB'], 0, 100, [
      { letter: 'J', cabin: 'business', price: 1, seatsLeft: 1 },
    ]);
    const onward = flight(2, ['HUB', 'BBB'], 200, 300);
    expect(
      buildItineraries(
        path,
        new Map([
          [1, [out]],
          [2, [onward]],
        ]),
      ).itineraries,
    ).toEqual([]);
  });

  it('keeps every rule on random flights of a two-stop path (property)', () => {
    const hubs = ['AAA', 'H1', 'H2', 'BBB'];
    const flightOn = (route: number) =>
      fc
        .record({
          departs: fc.integer({ min: 0, max: 4 * 24 * 60 }),
          minutes: fc.integer({ min: 40, max: 900 }),
          price: fc.integer({ min: 1, max: 100_000 }),
          letters: fc.subarray(['Q', 'M', 'Y'], { minLength: 1 }),
        })
        .map(({ departs, minutes, price, letters }) => ({
          route,
          departs,
          minutes,
          price,
          letters,
        }));
    fc.assert(
      fc.property(
        fc.array(flightOn(0), { maxLength: 5 }),
        fc.array(flightOn(1), { maxLength: 8 }),
        fc.array(flightOn(2), { maxLength: 8 }),
        fc.integer({ min: 30, max: 120 }),
        fc.integer({ min: 30, max: 120 }),
        (first, second, third, mct1, mct2) => {
          let id = 0;
          const byRoute = new Map<number, CandidateFlight[]>();
          for (const f of [...first, ...second, ...third]) {
            const list = byRoute.get(f.route) ?? [];
            list.push(
              flight(
                ++id,
                [hubs[f.route] as string, hubs[f.route + 1] as string],
                f.departs,
                f.departs + f.minutes,
                f.letters.map((letter) => ({
                  letter,
                  cabin: 'economy',
                  price: f.price,
                  seatsLeft: 4,
                })),
              ),
            );
            byRoute.set(f.route, list);
          }
          for (const list of byRoute.values()) list.sort((a, b) => a.departureMs - b.departureMs);
          const { itineraries } = buildItineraries(
            { routes: [0, 1, 2], connectionMinutes: [mct1, mct2] },
            byRoute,
          );
          for (const { flights, fares } of itineraries) {
            expect(flights).toHaveLength(3);
            [mct1, mct2].forEach((mct, stop) => {
              const wait =
                ((flights[stop + 1] as CandidateFlight).departureMs -
                  (flights[stop] as CandidateFlight).arrivalMs) /
                MINUTE;
              expect(wait).toBeGreaterThanOrEqual(mct);
              expect(wait).toBeLessThanOrEqual(MAX_LAYOVER_MINUTES);
            });
            expect(fares.length).toBeGreaterThan(0);
            for (const fare of fares) {
              expect(flights.every((f) => f.fares.some((x) => x.letter === fare.letter))).toBe(
                true,
              );
            }
          }
        },
      ),
    );
  });
});
