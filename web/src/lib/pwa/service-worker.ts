import {
  SERVICE_WORKER_UPDATE_CHECK_MS,
  UPDATE_AVAILABLE_PROMPT_MS,
  UPDATE_STATUS_MESSAGE_MS,
} from '@uniquair/domain/config/timings';
import { nextUpdateState, type UpdateEvent, type UpdateState } from './update-state.ts';
import {
  PUSH_MESSAGE,
  SKIP_WAITING,
  parsePushMessage,
  type PushMessage,
} from './worker-messages.ts';

/**
 * The service worker as the page sees it (SPEC §4, §7, §8): registering `/service-worker.js`,
 * checking for a new version every hour and on demand, the update states with their messages
 * (the update prompt for 900000 ms, "downloading" and "latest" for 5 s), taking the update (the
 * waiting worker takes over, then the page reloads once), and the push messages the worker passes
 * on. A worker file that is missing or not JavaScript gives a console warning and the worker is
 * unregistered, so a broken deployment cannot keep serving an old copy of the app.
 */

export const SERVICE_WORKER_URL = '/service-worker.js';

export interface UpdateSnapshot {
  readonly state: UpdateState;
  /** Whether the "a new version is available" prompt shows (it stays 900000 ms). */
  readonly promptVisible: boolean;
  /** The short status message showing, if any ("downloading", "latest": 5 s each). */
  readonly message: 'downloading' | 'latest' | null;
}

let snapshot: UpdateSnapshot = { state: 'unavailable', promptVisible: false, message: null };
let registration: ServiceWorkerRegistration | null = null;
let reloading = false;
const listeners = new Set<() => void>();
const pushListeners = new Set<(message: PushMessage) => void>();
let promptTimer: ReturnType<typeof setTimeout> | undefined;
let messageTimer: ReturnType<typeof setTimeout> | undefined;
let checkTimer: ReturnType<typeof setInterval> | undefined;

function publish(next: UpdateSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

function showMessage(message: 'downloading' | 'latest') {
  clearTimeout(messageTimer);
  publish({ ...snapshot, message });
  messageTimer = setTimeout(() => {
    const state = nextUpdateState(snapshot.state, { type: 'message-expired' });
    publish({ ...snapshot, state, message: null });
  }, UPDATE_STATUS_MESSAGE_MS);
}

/** Applies an event; entering a state shows its prompt or message. */
function dispatch(event: UpdateEvent) {
  const before = snapshot.state;
  const state = nextUpdateState(before, event);
  if (state === before) return;
  publish({ ...snapshot, state });
  if (state === 'available' && before !== 'available') {
    clearTimeout(promptTimer);
    clearTimeout(messageTimer);
    publish({ ...snapshot, promptVisible: true, message: null });
    promptTimer = setTimeout(
      () => publish({ ...snapshot, promptVisible: false }),
      UPDATE_AVAILABLE_PROMPT_MS,
    );
  } else if (state === 'downloading' && before !== 'downloading') {
    showMessage('downloading');
  } else if (state === 'latest') {
    showMessage('latest');
  } else if (state === 'unavailable' || state === 'updating') {
    clearTimeout(promptTimer);
    publish({ ...snapshot, promptVisible: false, message: null });
  }
}

/** Removes every registration of this origin (after a warning about a broken worker). */
async function unregisterAll(container: ServiceWorkerContainer): Promise<void> {
  try {
    const registrations = await container.getRegistrations();
    await Promise.allSettled(registrations.map((item) => item.unregister()));
  } catch {
    // Nothing registered, or service workers unavailable here.
  }
  registration = null;
  clearInterval(checkTimer);
  dispatch({ type: 'unregistered' });
}

function followInstalling(found: ServiceWorkerRegistration, container: ServiceWorkerContainer) {
  const worker = found.installing;
  if (!worker) return;
  // The first worker of a page takes over at once (nothing to update from).
  if (!container.controller) return;
  dispatch({ type: 'found' });
  worker.addEventListener('statechange', () => {
    if (worker.state === 'installed') dispatch({ type: 'installed' });
    else if (worker.state === 'redundant' && !found.waiting) dispatch({ type: 'failed' });
  });
}

/** Asks the server for a newer worker (hourly, and from the drawer). */
export async function checkForUpdate(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): Promise<void> {
  const current = registration;
  if (!current || !container) return;
  if (current.waiting) {
    dispatch({ type: 'installed' });
    return;
  }
  dispatch({ type: 'check' });
  try {
    await current.update();
  } catch (error) {
    console.warn(
      `The service worker at ${SERVICE_WORKER_URL} is missing or is not JavaScript; it is unregistered.`,
      error,
    );
    await unregisterAll(container);
    return;
  }
  if (current.installing || current.waiting) return;
  dispatch({ type: 'no-update' });
}

/** The visitor accepts the update: the waiting worker takes over and the page reloads once. */
export function acceptUpdate(): void {
  const waiting = registration?.waiting;
  if (!waiting) return;
  reloading = true;
  dispatch({ type: 'accept' });
  waiting.postMessage({ type: SKIP_WAITING });
}

/**
 * Registers the worker (production builds call this once at start-up). Resolves when the
 * registration is settled either way.
 */
export async function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = 'serviceWorker' in navigator
    ? navigator.serviceWorker
    : undefined,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  if (!container) return;
  container.addEventListener('controllerchange', () => {
    if (!reloading) return;
    reloading = false;
    reload();
  });
  container.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; message?: unknown } | null;
    if (data?.type !== PUSH_MESSAGE) return;
    const message = parsePushMessage(JSON.stringify(data.message));
    if (!message) return;
    for (const listener of pushListeners) listener(message);
  });
  let found: ServiceWorkerRegistration;
  try {
    found = await container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  } catch (error) {
    console.warn(
      `The service worker at ${SERVICE_WORKER_URL} could not be registered (missing or not JavaScript); it is unregistered.`,
      error,
    );
    await unregisterAll(container);
    return;
  }
  registration = found;
  dispatch({
    type: 'registered',
    waiting: found.waiting !== null && container.controller !== null,
    installing: found.installing !== null && container.controller !== null,
  });
  followInstalling(found, container);
  found.addEventListener('updatefound', () => followInstalling(found, container));
  clearInterval(checkTimer);
  checkTimer = setInterval(() => void checkForUpdate(container), SERVICE_WORKER_UPDATE_CHECK_MS);
}

/** The registration, once the worker is registered (push subscriptions go through it). */
export function currentRegistration(): ServiceWorkerRegistration | null {
  return registration;
}

export function subscribeToUpdates(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function updateSnapshot(): UpdateSnapshot {
  return snapshot;
}

/** Listens to the push messages the worker passes on while the app is open. */
export function onPushMessage(listener: (message: PushMessage) => void): () => void {
  pushListeners.add(listener);
  return () => pushListeners.delete(listener);
}

/** Drops the registration state; tests start each case afresh. */
export function resetServiceWorkerState(): void {
  clearTimeout(promptTimer);
  clearTimeout(messageTimer);
  clearInterval(checkTimer);
  registration = null;
  reloading = false;
  snapshot = { state: 'unavailable', promptVisible: false, message: null };
  listeners.clear();
  pushListeners.clear();
}
