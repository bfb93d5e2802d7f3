import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint } from './push.endpoints.ts';

describe('the push endpoint allow-list', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://web.push.apple.com/QGmsZ1b2',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
    'https://android.googleapis.com/gcm/send/abc',
  ])('allows the push service endpoint %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint)).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://user:pass@fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/fcm/send/abc',
    'https://evilpush.apple.com/x',
    'https://push.apple.com.example/x',
    'https://127.0.0.1/push',
    'https://169.254.169.254/latest/meta-data',
    'https://localhost/push',
    'not a url',
  ])('refuses %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint)).toBe(false);
  });

  it('allows an extra origin exactly as configured (tests), and nothing around it', () => {
    const extra = ['https://127.0.0.1:8443'];
    expect(isAllowedPushEndpoint('https://127.0.0.1:8443/push/1', extra)).toBe(true);
    expect(isAllowedPushEndpoint('https://127.0.0.1:8444/push/1', extra)).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:8443/push/1', extra)).toBe(false);
  });
});
