/**
 * Distances on the Earth's surface: the great-circle distance between two points (haversine on
 * the mean Earth radius), and the nearest of a list of places to a point. Used by the seed to
 * size flights and by the web app to find the traveller's nearest airport (SPEC §3 cookies `lat`
 * and `long`).
 */

/** Mean Earth radius (IUGG), kilometres. */
export const EARTH_RADIUS_KM = 6371.0088;

export interface Coordinates {
  /** Degrees, −90 to 90. */
  readonly latitude: number;
  /** Degrees, −180 to 180. */
  readonly longitude: number;
}

/** Whether both values are finite and within the ranges of latitude and longitude. */
export function areValidCoordinates(point: Coordinates): boolean {
  return (
    Number.isFinite(point.latitude) &&
    Number.isFinite(point.longitude) &&
    Math.abs(point.latitude) <= 90 &&
    Math.abs(point.longitude) <= 180
  );
}

/** Great-circle distance in kilometres (haversine). */
export function greatCircleKm(from: Coordinates, to: Coordinates): number {
  const rad = Math.PI / 180;
  const dLat = (to.latitude - from.latitude) * rad;
  const dLon = (to.longitude - from.longitude) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(from.latitude * rad) * Math.cos(to.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The place nearest to `point` with its distance, or null for an empty list or invalid
 * coordinates. Places with invalid coordinates are skipped; of equally near places the first
 * listed wins.
 */
export function nearestPlace<T>(
  point: Coordinates,
  places: readonly T[],
  coordinatesOf: (place: T) => Coordinates,
): { readonly place: T; readonly distanceKm: number } | null {
  if (!areValidCoordinates(point)) return null;
  let best: { place: T; distanceKm: number } | null = null;
  for (const place of places) {
    const at = coordinatesOf(place);
    if (!areValidCoordinates(at)) continue;
    const distanceKm = greatCircleKm(point, at);
    if (best === null || distanceKm < best.distanceKm) best = { place, distanceKm };
  }
  return best;
}
