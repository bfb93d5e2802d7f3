import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { areValidCoordinates, greatCircleKm, nearestPlace, type Coordinates } from './distance.ts';

const LHR = { latitude: 51.4775, longitude: -0.461389 };
const JFK = { latitude: 40.63983, longitude: -73.77874 };
const SIN = { latitude: 1.350189, longitude: 103.994433 };
const SOF = { latitude: 42.6952, longitude: 23.4062 };

const pointArb = fc.record({
  latitude: fc.double({ min: -90, max: 90, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
});

describe('greatCircleKm', () => {
  it('matches published great-circle distances', () => {
    expect(greatCircleKm(LHR, JFK)).toBeCloseTo(5_540, -1);
    expect(greatCircleKm(LHR, SIN)).toBeCloseTo(10_880, -2);
  });

  it('is symmetric and zero for the same point', () => {
    expect(greatCircleKm(JFK, LHR)).toBeCloseTo(greatCircleKm(LHR, JFK), 9);
    expect(greatCircleKm(SIN, SIN)).toBe(0);
  });

  it('never exceeds half the Earth’s circumference and obeys the triangle inequality (to 1 m: haversine loses precision near antipodes)', () => {
    fc.assert(
      fc.property(pointArb, pointArb, pointArb, (a, b, c) => {
        const ab = greatCircleKm(a, b);
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(ab).toBeLessThanOrEqual(Math.PI * 6371.0088 + 1e-6);
        expect(ab).toBeLessThanOrEqual(greatCircleKm(a, c) + greatCircleKm(c, b) + 1e-3);
      }),
    );
  });
});

describe('areValidCoordinates', () => {
  it.each([
    [{ latitude: 0, longitude: 0 }, true],
    [{ latitude: 90, longitude: -180 }, true],
    [{ latitude: 90.1, longitude: 0 }, false],
    [{ latitude: 0, longitude: 180.5 }, false],
    [{ latitude: Number.NaN, longitude: 0 }, false],
    [{ latitude: 0, longitude: Number.POSITIVE_INFINITY }, false],
  ] as const)('%o is %s', (point, valid) => {
    expect(areValidCoordinates(point)).toBe(valid);
  });
});

describe('nearestPlace', () => {
  const airports = [
    { id: 'LHR', at: LHR },
    { id: 'JFK', at: JFK },
    { id: 'SIN', at: SIN },
    { id: 'SOF', at: SOF },
  ];
  const of = (airport: { at: Coordinates }) => airport.at;

  it('finds the nearest place and its distance', () => {
    const plovdiv = { latitude: 42.1354, longitude: 24.7453 };
    const found = nearestPlace(plovdiv, airports, of);
    expect(found?.place.id).toBe('SOF');
    expect(found?.distanceKm).toBeCloseTo(124, -1);
    expect(nearestPlace({ latitude: 40.7, longitude: -74 }, airports, of)?.place.id).toBe('JFK');
  });

  it('is null for no places or an invalid point, and skips places without valid coordinates', () => {
    expect(nearestPlace(LHR, [], of)).toBeNull();
    expect(nearestPlace({ latitude: 91, longitude: 0 }, airports, of)).toBeNull();
    const broken = [{ id: 'XXX', at: { latitude: Number.NaN, longitude: 0 } }, ...airports];
    expect(nearestPlace(LHR, broken, of)?.place.id).toBe('LHR');
  });

  it('is never farther than any listed place', () => {
    fc.assert(
      fc.property(pointArb, (point) => {
        const found = nearestPlace(point, airports, of);
        expect(found).not.toBeNull();
        for (const airport of airports) {
          expect(found?.distanceKm ?? Infinity).toBeLessThanOrEqual(
            greatCircleKm(point, airport.at),
          );
        }
      }),
    );
  });
});
