import { useSyncExternalStore } from 'react';

/**
 * Whether the browser believes it is online (`navigator.onLine`, followed through the `online`
 * and `offline` events). SPEC §8: 'You appear to be offline' while it is not.
 */
function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
