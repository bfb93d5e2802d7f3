import { describe, expect, it } from 'vitest';
import {
  classBasePriceMinor,
  farePriceMinor,
  flightLoadFactor,
} from '@uniquair/domain/pricing/fare-price';
import {
  BUSINESS_MIN_KM,
  BUSINESS_BUCKET,
  ECONOMY_BUCKETS,
  bookingCurve,
  buildFares,
} from './fares.ts';

describe('bookingCurve', () => {
  it('goes from nothing sold a year out to the final load at departure', () => {
    expect(bookingCurve(365)).toBe(0);
    expect(bookingCurve(0)).toBe(1);
    expect(bookingCurve(30)).toBeGreaterThan(bookingCurve(90));
  });
});

describe('buildFares', () => {
  const base = { capacity: 180, flownKm: 1_200, baseFareMinor: 9_000 };

  it('splits the cabin into classes that add up to the capacity', () => {
    const fares = buildFares({ ...base, finalLoad: 0.8, daysToDeparture: 20 });
    expect(fares.map((f) => f.letter)).toEqual(['Q', 'M', 'B', 'Y']);
    expect(fares.reduce((sum, f) => sum + f.seatsTotal, 0)).toBe(180);
    for (const fare of fares) {
      expect(fare.seatsLeft).toBeGreaterThanOrEqual(0);
      expect(fare.seatsLeft).toBeLessThanOrEqual(fare.seatsTotal);
    }
  });

  it('orders classes from cheapest to dearest and sells the cheapest first', () => {
    for (const days of [0, 10, 60, 200]) {
      const fares = buildFares({ ...base, finalLoad: 0.95, daysToDeparture: days });
      for (let i = 1; i < fares.length; i++) {
        const cheaper = fares[i - 1];
        const dearer = fares[i];
        expect(dearer?.priceMinor).toBeGreaterThan(cheaper?.priceMinor ?? Infinity);
        if ((cheaper?.seatsLeft ?? 0) > 0) expect(dearer?.seatsLeft).toBe(dearer?.seatsTotal);
      }
    }
  });

  it('adds a business cabin on long-haul journeys only', () => {
    const short = buildFares({ ...base, finalLoad: 0.7, daysToDeparture: 30 });
    const long = buildFares({
      ...base,
      capacity: 300,
      flownKm: BUSINESS_MIN_KM + 1,
      finalLoad: 0.7,
      daysToDeparture: 30,
    });
    expect(short.some((f) => f.cabin === 'business')).toBe(false);
    expect(long.filter((f) => f.cabin === 'business').map((f) => f.letter)).toEqual(['J']);
    expect(long.reduce((sum, f) => sum + f.seatsTotal, 0)).toBe(300);
  });

  it('prices every class by the rule from its base and the seats the flight has sold', () => {
    for (const days of [0, 10, 60, 200]) {
      const fares = buildFares({
        ...base,
        capacity: 300,
        flownKm: BUSINESS_MIN_KM + 1,
        finalLoad: 0.9,
        daysToDeparture: days,
      });
      const loadFactor = flightLoadFactor(fares);
      for (const fare of fares) {
        const bucket = [...ECONOMY_BUCKETS, BUSINESS_BUCKET].find((b) => b.letter === fare.letter);
        expect(fare.basePriceMinor).toBe(
          classBasePriceMinor(base.baseFareMinor, bucket?.multiplier ?? NaN),
        );
        expect(fare.priceMinor).toBe(
          farePriceMinor({
            basePriceMinor: fare.basePriceMinor,
            loadFactor,
            daysToDeparture: days,
          }),
        );
      }
    }
  });
});
