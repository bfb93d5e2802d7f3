import type { Airport } from '@uniquair/contract/data';
import { nearestPlace, type Coordinates } from '@uniquair/domain/geo/distance';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  clearLocationCookies,
  readLocationCookies,
  writeLocationCookies,
} from '../../../lib/location-cookies.ts';
import {
  useLocationPermission,
  type LocationPermission,
} from '../../../lib/location-permission.ts';

/**
 * The traveller's nearest departure airport (SPEC §3, §4): with the location permission granted,
 * the browser's position — kept in the cookies `lat` and `long`, rounded to about a kilometre —
 * picks the nearest airport that has routes. Without the permission nothing is read or kept, and
 * a denied permission removes the cookies.
 */

/** A position at most ten minutes old is good enough to find an airport. */
const POSITION_MAX_AGE_MS = 600_000;
const POSITION_TIMEOUT_MS = 15_000;

export type LocatingStatus = 'idle' | 'locating' | 'unavailable';

export interface NearestOrigin {
  readonly permission: LocationPermission;
  readonly status: LocatingStatus;
  /** The nearest airport with routes, once the position is known and allowed. */
  readonly airport: Airport | null;
  readonly distanceKm: number | null;
  /** Asks the browser for the position (it asks the traveller first when needed). */
  readonly locate: () => void;
}

export function useNearestOrigin(origins: readonly Airport[]): NearestOrigin {
  const { permission } = useLocationPermission();
  const [position, setPosition] = useState<Coordinates | null>(() => readLocationCookies());
  const [status, setStatus] = useState<LocatingStatus>('idle');
  const asked = useRef(false);

  const ask = useCallback(() => {
    // Some browsers (and embedded views) have no geolocation at all.
    const geolocation = (navigator as { geolocation?: Geolocation | null }).geolocation;
    if (!geolocation) {
      setStatus('unavailable');
      return;
    }
    geolocation.getCurrentPosition(
      (found) => {
        const point = { latitude: found.coords.latitude, longitude: found.coords.longitude };
        writeLocationCookies(point);
        setPosition(point);
        setStatus('idle');
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) {
          clearLocationCookies();
          setPosition(null);
        }
        setStatus('unavailable');
      },
      { maximumAge: POSITION_MAX_AGE_MS, timeout: POSITION_TIMEOUT_MS },
    );
  }, []);

  const locate = useCallback(() => {
    setStatus('locating');
    ask();
  }, [ask]);

  // With the permission granted, the position is refreshed once per page; denied forgets it.
  useEffect(() => {
    if (permission === 'granted' && !asked.current) {
      asked.current = true;
      ask();
    }
    if (permission === 'denied') clearLocationCookies();
  }, [permission, ask]);

  const usable = permission === 'granted' ? position : null;
  const nearest = useMemo(
    () =>
      usable
        ? nearestPlace(
            usable,
            // A city entry's position is its airports' middle: only airports are near.
            origins.filter((airport) => airport.airports === undefined),
            (airport) => ({
              latitude: airport.lat,
              longitude: airport.lon,
            }),
          )
        : null,
    [usable, origins],
  );
  return {
    permission,
    status,
    airport: nearest?.place ?? null,
    distanceKm: nearest?.distanceKm ?? null,
    locate,
  };
}
