/**
 * Which fare classes are "the same or higher" than a booked one, for substitute flights after a
 * schedule change (docs/schedule-changes.md). Classes rank by cabin first (business above
 * economy), then, within economy, from the cheapest and least flexible fare up to the fully
 * flexible one: Q < M < B < Y < J. A letter the table does not know ranks at the bottom of its
 * cabin, so it is never offered as an upgrade over a known class of that cabin.
 */

/** Fare letters from the lowest to the highest class. */
export const FARE_CLASS_ORDER = ['Q', 'M', 'B', 'Y', 'J'] as const;

const CABIN_RANK: Readonly<Record<string, number>> = { economy: 0, business: 1 };

/** A comparable rank: cabin × 100 + the letter's place (unknown letters: −1 within the cabin). */
export function fareClassRank(letter: string, cabin: string): number {
  const place = (FARE_CLASS_ORDER as readonly string[]).indexOf(letter.toUpperCase());
  return (CABIN_RANK[cabin] ?? 0) * 100 + place;
}

/** Whether `candidate` is the same class as `booked` or a higher one. */
export function isSameOrHigherClass(
  booked: { letter: string; cabin: string },
  candidate: { letter: string; cabin: string },
): boolean {
  return (
    fareClassRank(candidate.letter, candidate.cabin) >= fareClassRank(booked.letter, booked.cabin)
  );
}
