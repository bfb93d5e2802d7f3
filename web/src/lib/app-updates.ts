import { useCallback, useEffect, useState } from 'react';

/**
 * Checking for a new version of the app (SPEC §4 "Service worker update"). It works through the
 * service worker registration when there is one: `unavailable` without a service worker, then
 * `idle`, `checking`, `downloading` (a new worker installs), `available` (it waits), `latest`
 * and `updating` (the new worker takes over, then the page reloads).
 */
export type UpdateState =
  'unavailable' | 'idle' | 'checking' | 'downloading' | 'available' | 'latest' | 'updating';

async function currentRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  try {
    return await navigator.serviceWorker.getRegistration();
  } catch {
    return undefined;
  }
}

function stateOf(registration: ServiceWorkerRegistration): UpdateState | null {
  if (registration.waiting) return 'available';
  if (registration.installing) return 'downloading';
  return null;
}

export function useAppUpdates(): {
  readonly state: UpdateState;
  readonly check: () => Promise<void>;
  readonly update: () => void;
} {
  const [state, setState] = useState<UpdateState>('unavailable');
  const [registration, setRegistration] = useState<ServiceWorkerRegistration>();

  useEffect(() => {
    let active = true;
    void currentRegistration().then((found) => {
      if (!active || !found) return;
      setRegistration(found);
      setState(stateOf(found) ?? 'idle');
    });
    return () => {
      active = false;
    };
  }, []);

  const check = useCallback(async () => {
    if (!registration) return;
    setState('checking');
    try {
      await registration.update();
      setState(stateOf(registration) ?? 'latest');
    } catch {
      setState('idle');
    }
  }, [registration]);

  const update = useCallback(() => {
    const waiting = registration?.waiting;
    if (!waiting) return;
    setState('updating');
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    waiting.postMessage({ type: 'SKIP_WAITING' });
  }, [registration]);

  return { state, check, update };
}
