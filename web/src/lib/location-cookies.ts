import { areValidCoordinates, type Coordinates } from '@uniquair/domain/geo/distance';

/**
 * The traveller's position kept in the cookies `lat` and `long` (SPEC §9), rounded to about a
 * kilometre, for the nearest-airport search. Written only with the location permission granted
 * (by the search home and by the drawer's location item), removed when it is denied.
 */

export const LATITUDE_COOKIE = 'lat';
export const LONGITUDE_COOKIE = 'long';
/** How long the position is kept: a week. */
const COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The position kept in the cookies, or null. */
export function readLocationCookies(cookies = document.cookie): Coordinates | null {
  const latitude = cookieValue(cookies, LATITUDE_COOKIE);
  const longitude = cookieValue(cookies, LONGITUDE_COOKIE);
  if (latitude === null || longitude === null || latitude === '' || longitude === '') return null;
  const point = { latitude: Number(latitude), longitude: Number(longitude) };
  return areValidCoordinates(point) ? point : null;
}

function cookieAttributes(maxAge: number): string {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  return `; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

/** Keeps the position in the cookies, rounded to two decimals (about 1 km). */
export function writeLocationCookies(point: Coordinates): void {
  const attributes = cookieAttributes(COOKIE_MAX_AGE_SECONDS);
  document.cookie = `${LATITUDE_COOKIE}=${point.latitude.toFixed(2)}${attributes}`;
  document.cookie = `${LONGITUDE_COOKIE}=${point.longitude.toFixed(2)}${attributes}`;
}

export function clearLocationCookies(): void {
  const attributes = cookieAttributes(0);
  document.cookie = `${LATITUDE_COOKIE}=${attributes}`;
  document.cookie = `${LONGITUDE_COOKIE}=${attributes}`;
}
