/**
 * Fare classes of a flight and how their prices move: every class costs more as the flight fills
 * up and as departure comes closer, and the cheapest classes sell out first.
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

/**
 * Demand factor on top of a class's price: up to +50 % as the load factor nears 1, and up to
 * +50 % in the last six weeks (most of it in the last two). Never decreases with load, never
 * increases with days to departure.
 */
export function demandMultiplier(loadFactor: number, daysToDeparture: number): number {
  const load = Math.min(Math.max(loadFactor, 0), 1);
  const days = Math.max(daysToDeparture, 0);
  const lastTwoWeeks = Math.max(0, 14 - days) / 14;
  const lastSixWeeks = Math.max(0, 45 - days) / 45;
  return (1 + 0.5 * load * load) * (1 + 0.35 * lastTwoWeeks + 0.15 * lastSixWeeks);
}

/** Price of one seat in a class, in whole US dollars expressed in cents. */
export function farePriceMinor(
  baseFareMinor: number,
  multiplier: number,
  loadFactor: number,
  daysToDeparture: number,
): number {
  const cents = baseFareMinor * multiplier * demandMultiplier(loadFactor, daysToDeparture);
  return Math.max(100, Math.round(cents / 100) * 100);
}

export interface SeededFare {
  letter: string;
  cabin: 'economy' | 'business';
  priceMinor: number;
  seatsTotal: number;
  seatsLeft: number;
}

/**
 * The classes of one flight. `finalLoad` is the share of seats the flight will have sold at
 * departure; the share sold by now follows the booking curve and is taken from the cheapest
 * classes first.
 */
export function buildFares(options: {
  capacity: number;
  flownKm: number;
  baseFareMinor: number;
  finalLoad: number;
  daysToDeparture: number;
}): SeededFare[] {
  const { capacity, flownKm, baseFareMinor, finalLoad, daysToDeparture } = options;
  const loadFactor = finalLoad * bookingCurve(daysToDeparture);
  const businessSeats =
    flownKm >= BUSINESS_MIN_KM ? Math.round(capacity * BUSINESS_BUCKET.share) : 0;
  const economySeats = capacity - businessSeats;

  const sizes = ECONOMY_BUCKETS.map((bucket) => Math.round(economySeats * bucket.share));
  sizes[sizes.length - 1] = economySeats - sizes.slice(0, -1).reduce((sum, n) => sum + n, 0);
  // Sold seats come out of the cheapest classes first.
  let toSell = Math.round(economySeats * loadFactor);
  const fares: SeededFare[] = ECONOMY_BUCKETS.map((bucket, index) => {
    const seats = sizes[index] ?? 0;
    const sold = Math.min(seats, toSell);
    toSell -= sold;
    return {
      letter: bucket.letter,
      cabin: bucket.cabin,
      priceMinor: farePriceMinor(baseFareMinor, bucket.multiplier, loadFactor, daysToDeparture),
      seatsTotal: seats,
      seatsLeft: seats - sold,
    };
  });
  if (businessSeats > 0) {
    const sold = Math.round(businessSeats * loadFactor * 0.85);
    fares.push({
      letter: BUSINESS_BUCKET.letter,
      cabin: BUSINESS_BUCKET.cabin,
      priceMinor: farePriceMinor(
        baseFareMinor,
        BUSINESS_BUCKET.multiplier,
        loadFactor,
        daysToDeparture,
      ),
      seatsTotal: businessSeats,
      seatsLeft: businessSeats - sold,
    });
  }
  return fares;
}
