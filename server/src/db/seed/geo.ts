/** Block times of the seeded flights; distances come from domain `geo/distance`. */

/** Average block speed in cruise. */
const CRUISE_KMH = 820;
/** Taxi out, climb, descent and taxi in. */
const GROUND_AND_CLIMB_MINUTES = 35;

/**
 * Scheduled block time of a non-stop flight: distance at cruise speed plus a fixed allowance,
 * rounded up to 5 minutes, so it never decreases as the distance grows.
 */
export function flightMinutes(distanceKm: number): number {
  const minutes = GROUND_AND_CLIMB_MINUTES + (distanceKm / CRUISE_KMH) * 60;
  return Math.ceil(minutes / 5) * 5;
}
