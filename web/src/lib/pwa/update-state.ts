/**
 * The app-update states of SPEC §4 ("Service worker update") as a pure state machine:
 * `unavailable` (no service worker), `idle`, `checking`, `downloading` (a new version installs),
 * `available` (it waits for the visitor), `latest` (the check found nothing new) and `updating`
 * (the new version takes over; the page reloads).
 */
export type UpdateState =
  'unavailable' | 'idle' | 'checking' | 'downloading' | 'available' | 'latest' | 'updating';

export type UpdateEvent =
  /** The worker registration is known: whether a new version already waits or installs. */
  | { readonly type: 'registered'; readonly waiting: boolean; readonly installing: boolean }
  /** No worker (unsupported, failed to register, or unregistered). */
  | { readonly type: 'unregistered' }
  /** An update check starts. */
  | { readonly type: 'check' }
  /** The browser found a new worker and installs it. */
  | { readonly type: 'found' }
  /** The new worker installed and waits. */
  | { readonly type: 'installed' }
  /** The check ended without a new version. */
  | { readonly type: 'no-update' }
  /** The check or the install failed. */
  | { readonly type: 'failed' }
  /** The visitor accepted the update. */
  | { readonly type: 'accept' }
  /** A status message's time is up (`latest` goes back to `idle`). */
  | { readonly type: 'message-expired' };

export function nextUpdateState(state: UpdateState, event: UpdateEvent): UpdateState {
  switch (event.type) {
    case 'registered':
      if (event.waiting) return 'available';
      return event.installing ? 'downloading' : 'idle';
    case 'unregistered':
      return 'unavailable';
    case 'check':
      return state === 'idle' || state === 'latest' ? 'checking' : state;
    case 'found':
      return state === 'unavailable' || state === 'updating' ? state : 'downloading';
    case 'installed':
      return state === 'unavailable' || state === 'updating' ? state : 'available';
    case 'no-update':
      return state === 'checking' ? 'latest' : state;
    case 'failed':
      return state === 'checking' || state === 'downloading' ? 'idle' : state;
    case 'accept':
      return state === 'available' ? 'updating' : state;
    case 'message-expired':
      return state === 'latest' ? 'idle' : state;
  }
}
