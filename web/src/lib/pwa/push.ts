import { useCallback, useEffect, useState } from 'react';
import type {
  CheckSubscriptionResponse,
  SubscribeRequest,
  SubscribeResponse,
} from '@uniquair/contract/subscriptions';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { apiFetch, apiPost } from '../api-client.ts';
import { deviceBookingTokens } from '../device-data.ts';
import { currentRegistration } from './service-worker.ts';

/**
 * Browser push notifications (SPEC §4 "Push permission states"): `not-supported`,
 * `notifications-denied`, `requires-permission`, `granted` (allowed, not subscribed),
 * `subscribed` and `error`. Subscribing asks the browser, subscribes with the server's VAPID key
 * and sends the subscription to `POST /api/subscriptions/subscribe` (with the device booking
 * tokens, so pushes about those bookings reach this browser).
 */
export type PushState =
  | 'not-supported'
  | 'notifications-denied'
  | 'requires-permission'
  | 'granted'
  | 'error'
  | 'subscribed';

export const SUBSCRIPTIONS_PATH = '/api/subscriptions';

/** The state from what the browser says; `subscribed` only when the server keeps it too. */
export function pushStateOf(input: {
  readonly supported: boolean;
  readonly permission: NotificationPermission;
  readonly subscribed: boolean;
}): PushState {
  if (!input.supported) return 'not-supported';
  if (input.permission === 'denied') return 'notifications-denied';
  if (input.permission === 'default') return 'requires-permission';
  return input.subscribed ? 'subscribed' : 'granted';
}

export function pushSupported(target: Window = window): boolean {
  return 'serviceWorker' in target.navigator && 'PushManager' in target && 'Notification' in target;
}

/** Bytes as base64url without padding (the form the server and web-push use for keys). */
export function toBase64Url(bytes: ArrayBuffer | null): string {
  if (!bytes) return '';
  let text = '';
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** aes128gcm (RFC 8291) when the browser supports it, the legacy aesgcm otherwise. */
export function preferredEncoding(
  supported: readonly string[] | undefined,
): 'aes128gcm' | 'aesgcm' {
  if (!supported || supported.length === 0 || supported.includes('aes128gcm')) return 'aes128gcm';
  return 'aesgcm';
}

/** The subscription as `POST /api/subscriptions/subscribe` takes it. */
export function subscriptionBody(
  subscription: Pick<PushSubscription, 'endpoint' | 'getKey'>,
  supportedEncodings: readonly string[] | undefined,
): SubscribeRequest['subscription'] {
  return {
    endpoint: subscription.endpoint,
    publicKey: toBase64Url(subscription.getKey('p256dh')),
    authToken: toBase64Url(subscription.getKey('auth')),
    contentEncoding: preferredEncoding(supportedEncodings),
  };
}

function supportedEncodings(): readonly string[] | undefined {
  return (globalThis as { PushManager?: { supportedContentEncodings?: readonly string[] } })
    .PushManager?.supportedContentEncodings;
}

function tokenHeaders(): Record<string, string> {
  const tokens = deviceBookingTokens();
  return tokens.length > 0 ? { [DEVICE_TOKENS_HEADER]: tokens.join(',') } : {};
}

async function checkWithServer(endpoint: string | undefined): Promise<CheckSubscriptionResponse> {
  return apiPost<CheckSubscriptionResponse>(
    `${SUBSCRIPTIONS_PATH}/check`,
    endpoint ? { endpoint } : {},
    { notifyUnauthorized: false },
  );
}

async function sendSubscription(subscription: PushSubscription, locale: string): Promise<void> {
  await apiPost<SubscribeResponse>(
    `${SUBSCRIPTIONS_PATH}/subscribe`,
    { payload: { locale }, subscription: subscriptionBody(subscription, supportedEncodings()) },
    { headers: tokenHeaders(), notifyUnauthorized: false },
  );
}

async function registrationForPush(): Promise<ServiceWorkerRegistration | null> {
  const known = currentRegistration();
  if (known) return known;
  if (!('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** The state now, asking the server whether it keeps this browser's subscription. */
export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'not-supported';
  const permission = Notification.permission;
  if (permission !== 'granted')
    return pushStateOf({ supported: true, permission, subscribed: false });
  const registration = await registrationForPush();
  const subscription = (await registration?.pushManager.getSubscription()) ?? null;
  if (!subscription) return 'granted';
  const answer = await checkWithServer(subscription.endpoint);
  return pushStateOf({ supported: true, permission, subscribed: answer.subscribed });
}

/**
 * Asks for permission and subscribes with the server's VAPID key (or takes the browser's existing
 * subscription): the subscription, or the state that stopped it.
 */
export async function subscribeBrowser(): Promise<
  | { readonly state: 'subscribed'; readonly subscription: PushSubscription }
  | { readonly state: Exclude<PushState, 'subscribed'> }
> {
  if (!pushSupported()) return { state: 'not-supported' };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    return { state: pushStateOf({ supported: true, permission, subscribed: false }) as 'granted' };
  }
  const registration = await registrationForPush();
  if (!registration) return { state: 'error' };
  const { publicKey } = await checkWithServer(undefined);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64Url(publicKey),
    }));
  return { state: 'subscribed', subscription };
}

/** A browser subscription as the API takes it (price watches carry one). */
export function apiSubscription(subscription: PushSubscription): SubscribeRequest['subscription'] {
  return subscriptionBody(subscription, supportedEncodings());
}

/** Asks for permission, subscribes and tells the server. */
export async function enablePush(locale: string): Promise<PushState> {
  const result = await subscribeBrowser();
  if (result.state !== 'subscribed') return result.state;
  await sendSubscription(result.subscription, locale);
  return 'subscribed';
}

/**
 * Sends the browser's subscription again, if it has one: after a booking is made on this device
 * (so its pushes reach it) and at start-up (the signed-in user may have changed).
 */
export async function refreshPushSubscription(locale: string): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const registration = await registrationForPush();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) await sendSubscription(subscription, locale);
}

/**
 * Stops push on this browser (the visitor turns it off, or signs out): the browser's
 * subscription ends and the server forgets it. Best effort.
 */
export async function disablePush(): Promise<void> {
  if (!pushSupported()) return;
  try {
    const registration = await registrationForPush();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    const { endpoint } = subscription;
    await subscription.unsubscribe();
    await apiFetch(`${SUBSCRIPTIONS_PATH}/subscribe`, {
      method: 'DELETE',
      body: { endpoint },
      notifyUnauthorized: false,
    });
  } catch {
    // Offline or refused: the server drops the subscription once the push service says it ended.
  }
}

/** The push state and its actions, for the drawer. */
export function usePush(locale: string): {
  readonly state: PushState | 'checking';
  readonly enable: () => Promise<void>;
  readonly disable: () => Promise<void>;
} {
  const [state, setState] = useState<PushState | 'checking'>('checking');
  useEffect(() => {
    let active = true;
    readPushState().then(
      (found) => active && setState(found),
      () => active && setState('error'),
    );
    return () => {
      active = false;
    };
  }, []);
  const enable = useCallback(async () => {
    setState('checking');
    try {
      setState(await enablePush(locale));
    } catch {
      setState('error');
    }
  }, [locale]);
  const disable = useCallback(async () => {
    setState('checking');
    await disablePush();
    setState(await readPushState().catch((): PushState => 'error'));
  }, []);
  return { state, enable, disable };
}
