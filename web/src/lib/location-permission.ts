import { useCallback, useEffect, useState } from 'react';
import { clearLocationCookies, writeLocationCookies } from './location-cookies.ts';

/**
 * The location permission (SPEC §4: prompt, granted, denied), read from the Permissions API and
 * followed as it changes. `unsupported` where the browser has no geolocation. Asking for it
 * (the drawer's "Enable location") keeps the position in the `lat` and `long` cookies for the
 * nearest-airport search; a refusal removes them.
 */
export type LocationPermission = 'prompt' | 'granted' | 'denied' | 'unsupported';

export function useLocationPermission(): {
  readonly permission: LocationPermission;
  /** Asks the browser for the permission (it shows its own prompt). */
  readonly request: () => void;
} {
  const [permission, setPermission] = useState<LocationPermission>(() =>
    'geolocation' in navigator ? 'prompt' : 'unsupported',
  );

  useEffect(() => {
    if (!('geolocation' in navigator) || !navigator.permissions?.query) return;
    let status: PermissionStatus | undefined;
    let active = true;
    const follow = () => {
      if (status) setPermission(status.state);
    };
    navigator.permissions.query({ name: 'geolocation' }).then(
      (found) => {
        if (!active) return;
        status = found;
        follow();
        status.addEventListener('change', follow);
      },
      () => undefined,
    );
    return () => {
      active = false;
      status?.removeEventListener('change', follow);
    };
  }, []);

  const request = useCallback(() => {
    if (!('geolocation' in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        // Kept for the nearest-airport search (SPEC §9 cookies lat and long).
        writeLocationCookies({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
        });
        setPermission('granted');
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) {
          clearLocationCookies();
          setPermission('denied');
        }
      },
      { maximumAge: 600_000, timeout: 30_000 },
    );
  }, []);

  return { permission, request };
}
