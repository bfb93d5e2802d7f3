import { useSyncExternalStore } from 'react';
import {
  acceptUpdate,
  checkForUpdate,
  subscribeToUpdates,
  updateSnapshot,
  type UpdateSnapshot,
} from './pwa/service-worker.ts';

export type { UpdateState } from './pwa/update-state.ts';

/**
 * Checking for a new version of the app (SPEC §4 "Service worker update") through the service
 * worker registered at start-up (`lib/pwa/service-worker.ts`): the state, its prompt and message,
 * a check on demand and accepting the update.
 */
export function useAppUpdates(): UpdateSnapshot & {
  readonly check: () => Promise<void>;
  readonly update: () => void;
} {
  const snapshot = useSyncExternalStore(subscribeToUpdates, updateSnapshot);
  return { ...snapshot, check: () => checkForUpdate(), update: acceptUpdate };
}
