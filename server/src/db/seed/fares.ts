import {
  classBasePriceMinor,
  farePriceMinor,
  flightLoadFactor,
} from '@uniquair/domain/pricing/fare-price';

/**
 * Fare classes of a flight: how its seats are split and how many are sold by the day it is
 * seeded, the cheapest classes first. Prices follow the one rule of the running server too
 * (`domain/src/pricing/fare-price.ts`): every class costs more as the flight fills up and as
 * departure comes closer.
 */
export interface FareBucket {
  letter: string;
  cabin: 'economy' | 'business';
  /** Price relative to the cheapest economy class. */
  multiplier: number;
  /** Share of the cabin's seats. */
  share: number;
}

/** Economy classes from the cheapest to the fully flexible fare. */
export const ECONOMY_BUCKETS: readonly FareBucket[] = [
  { letter: 'Q', cabin: 'economy', multiplier: 1, share: 0.3 },
  { letter: 'M', cabin: 'economy', multiplier: 1.3, share: 0.3 },
  { letter: 'B', cabin: 'economy', multiplier: 1.75, share: 0.25 },
  { letter: 'Y', cabin: 'economy', multiplier: 2.5, share: 0.15 },
];

/** Business class, sold on long-haul journeys only. */
export const BUSINESS_BUCKET: FareBucket = {
  letter: 'J',
  cabin: 'business',
  multiplier: 4.2,
  share: 0.1,
};

/** Journeys at least this long carry a business cabin. */
export const BUSINESS_MIN_KM = 4_000;

/** Share of a flight's final load already sold this many days before departure. */
export function bookingCurve(daysToDeparture: number): number {
  const days = Math.min(Math.max(daysToDeparture, 0), 365);
  return (1 - days / 365) ** 2.5;
}

export interface SeededFare {
  letter: string;
  cabin: 'economy' | 'business';
  /** The class's price before demand (what re-pricing starts from), in cents. */
  basePriceMinor: number;
  priceMinor: number;
  seatsTotal: number;
  seatsLeft: number;
}

/**
 * The classes of one flight. `finalLoad` is the share of seats the flight will have sold at
 * departure; the share sold by now follows the booking curve and is taken from the cheapest
 * classes first. Every class is then priced by the rule from the seats actually sold, as
 * re-pricing would price it on the same day: a freshly seeded flight is already at its price.
 */
export function buildFares(options: {
  capacity: number;
  flownKm: number;
  baseFareMinor: number;
  finalLoad: number;
  daysToDeparture: number;
}): SeededFare[] {
  const { capacity, flownKm, baseFareMinor, finalLoad, daysToDeparture } = options;
  const targetLoad = finalLoad * bookingCurve(daysToDeparture);
  const businessSeats =
    flownKm >= BUSINESS_MIN_KM ? Math.round(capacity * BUSINESS_BUCKET.share) : 0;
  const economySeats = capacity - businessSeats;

  const sizes = ECONOMY_BUCKETS.map((bucket) => Math.round(economySeats * bucket.share));
  sizes[sizes.length - 1] = economySeats - sizes.slice(0, -1).reduce((sum, n) => sum + n, 0);
  // Sold seats come out of the cheapest classes first.
  let toSell = Math.round(economySeats * targetLoad);
  const classes = ECONOMY_BUCKETS.map((bucket, index) => {
    const seats = sizes[index] ?? 0;
    const sold = Math.min(seats, toSell);
    toSell -= sold;
    return { bucket, seatsTotal: seats, seatsLeft: seats - sold };
  });
  if (businessSeats > 0) {
    const sold = Math.round(businessSeats * targetLoad * 0.85);
    classes.push({
      bucket: BUSINESS_BUCKET,
      seatsTotal: businessSeats,
      seatsLeft: businessSeats - sold,
    });
  }
  const loadFactor = flightLoadFactor(classes);
  return classes.map(({ bucket, seatsTotal, seatsLeft }) => {
    const basePriceMinor = classBasePriceMinor(baseFareMinor, bucket.multiplier);
    return {
      letter: bucket.letter,
      cabin: bucket.cabin,
      basePriceMinor,
      priceMinor: farePriceMinor({ basePriceMinor, loadFactor, daysToDeparture }),
      seatsTotal,
      seatsLeft,
    };
  });
}
