import { useSyncExternalStore } from 'react';

/**
 * Installing the app (SPEC §2 drawer, §4 install prompt): the browser's `beforeinstallprompt`
 * event is kept from the moment the app starts, so the drawer can offer it later. States:
 * `unavailable` (this browser offers no prompt, or not yet), `available`, `installed`.
 */
export type InstallState = 'unavailable' | 'available' | 'installed';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ readonly outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let state: InstallState = 'unavailable';
const listeners = new Set<() => void>();

function setState(next: InstallState) {
  state = next;
  for (const listener of listeners) listener();
}

function isStandalone(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches
  );
}

/** Starts listening; called once at start-up, before the browser may fire the event. */
export function watchInstallPrompt(target: Window = window): void {
  if (isStandalone()) setState('installed');
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    setState('available');
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    setState('installed');
  });
}

/** Shows the browser's install prompt; resolves with the visitor's answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  setState(outcome === 'accepted' ? 'installed' : 'unavailable');
  return outcome;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, () => state);
}
