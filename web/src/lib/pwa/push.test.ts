import { describe, expect, it } from 'vitest';
import {
  fromBase64Url,
  preferredEncoding,
  pushStateOf,
  subscriptionBody,
  toBase64Url,
} from './push.ts';

describe('push permission states', () => {
  it.each([
    [{ supported: false, permission: 'granted', subscribed: true }, 'not-supported'],
    [{ supported: true, permission: 'denied', subscribed: false }, 'notifications-denied'],
    [{ supported: true, permission: 'default', subscribed: false }, 'requires-permission'],
    [{ supported: true, permission: 'granted', subscribed: false }, 'granted'],
    [{ supported: true, permission: 'granted', subscribed: true }, 'subscribed'],
    // A subscription the browser remembers but the permission was taken back.
    [{ supported: true, permission: 'denied', subscribed: true }, 'notifications-denied'],
  ] as const)('%o → %s', (input, state) => {
    expect(pushStateOf(input)).toBe(state);
  });
});

describe('the subscription sent to the server', () => {
  const p256dh = Uint8Array.from({ length: 65 }, (_, index) => (index * 7 + 4) % 256);
  const auth = Uint8Array.from({ length: 16 }, (_, index) => 250 - index);
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    getKey: (name: PushEncryptionKeyName) => (name === 'p256dh' ? p256dh.buffer : auth.buffer),
  };

  it('carries the keys as base64url and prefers aes128gcm', () => {
    const body = subscriptionBody(subscription, ['aes128gcm', 'aesgcm']);
    expect(body.endpoint).toBe(subscription.endpoint);
    expect(body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(body.authToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Array.from(fromBase64Url(body.publicKey))).toEqual(Array.from(p256dh));
    expect(Array.from(fromBase64Url(body.authToken))).toEqual(Array.from(auth));
    expect(body.contentEncoding).toBe('aes128gcm');
  });

  it('falls back to aesgcm only where the browser lacks aes128gcm', () => {
    expect(preferredEncoding(['aesgcm'])).toBe('aesgcm');
    expect(preferredEncoding(undefined)).toBe('aes128gcm');
    expect(preferredEncoding([])).toBe('aes128gcm');
  });

  it('round-trips base64url', () => {
    const bytes = Uint8Array.from([0, 255, 62, 63, 250, 1]);
    expect(toBase64Url(bytes.buffer)).toBe('AP8-P_oB');
    expect(Array.from(fromBase64Url('AP8-P_oB'))).toEqual(Array.from(bytes));
    expect(toBase64Url(null)).toBe('');
  });
});
