import { useSyncExternalStore } from 'react';

/**
 * Installing the app (SPEC §2 drawer, §4 install prompt): the browser's `beforeinstallprompt`
 * event is kept from the moment the app starts, so the drawer can offer it later. States:
 * `unavailable` (this browser offers no prompt, or not yet), `available`, then `accepted` or
 * `dismissed` after the visitor answers, and `installed` (`appinstalled`, or running installed).
 * Safari on iPhone and iPad has no prompt: there the state is `ios`, and the drawer explains
 * Share → Add to Home Screen.
 */
export type InstallState =
  'unavailable' | 'available' | 'accepted' | 'dismissed' | 'installed' | 'ios';

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

function isStandalone(target: Window): boolean {
  const standaloneSafari = (target.navigator as Navigator & { standalone?: boolean }).standalone;
  return (
    standaloneSafari === true ||
    (typeof target.matchMedia === 'function' &&
      target.matchMedia('(display-mode: standalone)').matches)
  );
}

/**
 * Whether this is Safari on an iPhone or iPad, where installing goes through Share → Add to Home
 * Screen. iPadOS reports itself as a Mac with touch; other iOS browsers (CriOS, FxiOS, EdgiOS)
 * cannot install.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

/** Starts listening; called once at start-up, before the browser may fire the event. */
export function watchInstallPrompt(target: Window = window): void {
  if (isStandalone(target)) setState('installed');
  else if (isIosSafari(target.navigator.userAgent, target.navigator.maxTouchPoints ?? 0)) {
    setState('ios');
  }
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    if (state !== 'installed') setState('available');
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
  // `appinstalled` follows an acceptance once the browser has installed the app.
  if (state === 'available') setState(outcome);
  return outcome;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, () => state);
}

/** Forgets the kept prompt and state; tests start each case afresh. */
export function resetInstallPrompt(): void {
  deferred = null;
  state = 'unavailable';
}
