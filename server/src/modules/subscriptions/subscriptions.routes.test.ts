import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { createAccount, freshClient, signIn } from '../../../test/helpers/accounts.ts';
import { searchTrip } from '../../../test/helpers/booking.ts';
import { useTestApp } from '../../../test/helpers/build.ts';
import { bookTrip } from '../../../test/helpers/push.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    authToken: randomBytes(16).toString('base64url'),
  };
}

let fcmCount = 0;
function fcmSubscription(contentEncoding: 'aes128gcm' | 'aesgcm' = 'aes128gcm') {
  fcmCount += 1;
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/test-${fcmCount}-${randomBytes(8).toString('hex')}`,
    ...browserKeys(),
    contentEncoding,
  };
}

describe('the subscriptions API', () => {
  const test = useTestApp({
    SEARCH_RESULT_TTL_SECONDS: '86400',
    BOOKING_CREATES_PER_MINUTE: '0',
    BOOKING_MAX_UNPAID_PER_CLIENT: '0',
    BOOKING_MAX_UNPAID_PER_TRAVELLER: '0',
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers,
      remoteAddress: freshClient(),
    });

  const stored = (endpoint: string) =>
    test.app.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();

  it('keeps a subscription of a known push service, and check then knows it', async () => {
    const subscription = fcmSubscription();
    const before = await post('/api/subscriptions/check', { endpoint: subscription.endpoint });
    expect(before.json()).toMatchObject({ success: true, subscribed: false });
    const { publicKey } = before.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);

    const response = await post('/api/subscriptions/subscribe', {
      payload: { locale: 'de' },
      subscription,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, subscribed: true });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await stored(subscription.endpoint)).toMatchObject({
      public_key: subscription.publicKey,
      auth_token: subscription.authToken,
      content_encoding: 'aes128gcm',
      locale: 'de',
      user_id: null,
    });

    const after = await post('/api/subscriptions/check', { endpoint: subscription.endpoint });
    expect(after.json()).toEqual({ success: true, publicKey, subscribed: true });
  });

  it('takes the legacy aesgcm encoding, which is the default when none is named', async () => {
    const { contentEncoding: _unused, ...withoutEncoding } = fcmSubscription();
    const response = await post('/api/subscriptions/subscribe', { subscription: withoutEncoding });
    expect(response.statusCode, response.body).toBe(200);
    expect((await stored(withoutEncoding.endpoint))?.content_encoding).toBe('aesgcm');
  });

  it.each([
    ['an unknown host', 'https://push.example.com/abc'],
    ['a private address', 'https://10.0.0.7/push'],
    ['a look-alike host', 'https://fcm.googleapis.com.attacker.example/x'],
    ['another port', 'https://fcm.googleapis.com:444/fcm/send/x'],
  ])('refuses %s with 400 and keeps nothing', async (_label, endpoint) => {
    const response = await post('/api/subscriptions/subscribe', {
      subscription: { ...fcmSubscription(), endpoint },
    });
    const body = expectApiError(response, 400, 'VALIDATION_ERROR');
    expect(body.errors['body.subscription.endpoint']).toBeDefined();
    expect(await stored(endpoint)).toBeUndefined();
  });

  it('refuses plain HTTP, bad keys and unknown encodings with 400', async () => {
    expectApiError(
      await post('/api/subscriptions/subscribe', {
        subscription: { ...fcmSubscription(), endpoint: 'http://fcm.googleapis.com/fcm/send/x' },
      }),
      400,
      'VALIDATION_ERROR',
    );
    const badKey = expectApiError(
      await post('/api/subscriptions/subscribe', {
        subscription: {
          ...fcmSubscription(),
          publicKey: randomBytes(65).toString('base64url').slice(2),
        },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expect(badKey.errors['body.subscription.publicKey']).toBeDefined();
    const badAuth = expectApiError(
      await post('/api/subscriptions/subscribe', {
        subscription: { ...fcmSubscription(), authToken: randomBytes(8).toString('base64url') },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expect(badAuth.errors['body.subscription.authToken']).toBeDefined();
    expectApiError(
      await post('/api/subscriptions/subscribe', {
        subscription: { ...fcmSubscription(), contentEncoding: 'gzip' },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectApiError(await post('/api/subscriptions/subscribe', {}), 400, 'VALIDATION_ERROR');
  });

  it('belongs to the signed-in user who sends it, and keeps that owner when sent anonymously', async () => {
    const account = await createAccount(test.app);
    const cookie = await signIn(test.app, account);
    const subscription = fcmSubscription();
    await post('/api/subscriptions/subscribe', { subscription }, { cookie });
    expect((await stored(subscription.endpoint))?.user_id).toBe(account.id);
    await post('/api/subscriptions/subscribe', { subscription });
    expect(Number((await stored(subscription.endpoint))?.user_id)).toBe(account.id);
  });

  it('is linked to the bookings whose device tokens come with it', async () => {
    const booking = await bookTrip(test.app, 40);
    const subscription = fcmSubscription();
    const response = await post(
      '/api/subscriptions/subscribe',
      { subscription },
      { [DEVICE_TOKENS_HEADER]: `${booking.deviceToken},${'x'.repeat(43)}` },
    );
    expect(response.statusCode, response.body).toBe(200);
    const row = await stored(subscription.endpoint);
    const links = await test.app.db
      .selectFrom('push_subscription_bookings')
      .selectAll()
      .where('subscription_id', '=', Number(row?.id))
      .execute();
    expect(links.map((link) => Number(link.booking_id))).toEqual([booking.id]);
  });

  it('DELETE forgets it', async () => {
    const subscription = fcmSubscription();
    await post('/api/subscriptions/subscribe', { subscription });
    const response = await test.app.inject({
      method: 'DELETE',
      url: '/api/subscriptions/subscribe',
      payload: { endpoint: subscription.endpoint },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, subscribed: false });
    expect(await stored(subscription.endpoint)).toBeUndefined();
  });

  it('keeps the subscription a search init carries, and ignores one that is not valid', async () => {
    const subscription = fcmSubscription();
    const trip = await searchTrip(test.app, { days: 41, oneWay: true });
    const init = (sub: unknown) =>
      post('/api/search/init', {
        destinations: [{ route: trip.result.results[0]?.route ?? 0, date: trip.dates[0] }],
        passengers: { adults: 1, children: 0, infants: 0 },
        subscription: sub,
      });
    const kept = await init(subscription);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await stored(subscription.endpoint)).toBeDefined();

    const foreign = { ...fcmSubscription(), endpoint: 'https://push.example.com/x' };
    const ignored = await init(foreign);
    expect(ignored.statusCode, ignored.body).toBe(200);
    expect(await stored(foreign.endpoint)).toBeUndefined();
  });
});
