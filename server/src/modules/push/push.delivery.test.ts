import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { freshClient } from '../../../test/helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build.ts';
import { bookTrip, type PushTestBooking } from '../../../test/helpers/push.ts';
import {
  startPushReceiver,
  subscriptionPayload,
  vapidClaims,
  type BrowserSubscription,
  type PushReceiver,
} from '../../../test/helpers/push-receiver.ts';
import { drainOutbox, enqueue } from '../outbox/outbox.service.ts';

/**
 * Delivery of the outbox push topics to a local HTTPS push service: encrypted for the
 * subscription's keys, signed with VAPID, and a subscription the push service says has ended is
 * deleted.
 */
describe('web push delivery', () => {
  let receiver: PushReceiver;
  let test: TestApp;
  let app: FastifyInstance;
  let booking: PushTestBooking;

  beforeAll(async () => {
    receiver = await startPushReceiver();
    test = await buildTestApp(
      {
        PUSH_EXTRA_ORIGINS: receiver.origin,
        MAIL_FROM: 'Uniquair <push@uniquair.test>',
        OUTBOX_POLL_MS: '0',
        SEARCH_RESULT_TTL_SECONDS: '86400',
        BOOKING_CREATES_PER_MINUTE: '0',
        BOOKING_MAX_UNPAID_PER_CLIENT: '0',
        BOOKING_MAX_UNPAID_PER_TRAVELLER: '0',
      },
      { push: { agent: receiver.agent } },
    );
    app = test.app;
    booking = await bookTrip(app, 45);
  });

  afterAll(async () => {
    await test.close();
    await receiver.close();
  });

  async function subscribe(
    subscription: BrowserSubscription,
    options: { encoding?: 'aes128gcm' | 'aesgcm'; locale?: string; tokens?: string } = {},
  ) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/subscriptions/subscribe',
      remoteAddress: freshClient(),
      headers: { [DEVICE_TOKENS_HEADER]: options.tokens ?? booking.deviceToken },
      payload: {
        payload: { locale: options.locale ?? 'en' },
        subscription: subscriptionPayload(subscription, options.encoding),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function announce(status: string) {
    await enqueue(app.db, 'push.booking-status', {
      pnr: booking.pnr,
      bookingId: booking.id,
      status,
      ownerUserId: null,
    });
    await drainOutbox(app);
  }

  it('sends booking.status encrypted (aes128gcm) with a VAPID token for the push service', async () => {
    const browser = receiver.subscribe();
    await subscribe(browser);
    const before = Math.floor(Date.now() / 1000);
    await announce('ticketed');

    const [push, ...more] = receiver.receivedBy(browser);
    expect(more).toEqual([]);
    expect(push).toBeDefined();
    if (!push) return;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe('86400');
    expect(push.headers.urgency).toBe('high');
    expect(push.headers.topic).toBe(`booking-${booking.pnr}`);

    const message = JSON.parse(receiver.decrypt(push, browser)) as Record<string, unknown>;
    expect(message).toEqual({
      type: 'booking.status',
      data: { pnr: booking.pnr, status: 'ticketed' },
      notification: {
        title: `Booking ${booking.pnr}`,
        options: expect.objectContaining({
          body: 'Your e-tickets are ready.',
          tag: `booking-${booking.pnr}`,
          lang: 'en',
          actions: [{ action: 'view', title: 'View' }],
        }) as unknown,
      },
    });

    const { header, claims, publicKey } = vapidClaims(push);
    expect(header.alg).toBe('ES256');
    expect(claims.aud).toBe(receiver.origin);
    expect(claims.sub).toBe('mailto:push@uniquair.test');
    expect(claims.exp).toBeGreaterThan(before);
    expect(claims.exp - before).toBeLessThanOrEqual(24 * 3600);
    expect(publicKey).toBe(app.pushSender.publicKey);
  });

  it('words the message in the subscriber’s language and speaks the legacy aesgcm too', async () => {
    const browser = receiver.subscribe();
    await subscribe(browser, { encoding: 'aesgcm', locale: 'de' });
    await announce('paid');
    const [push] = receiver.receivedBy(browser);
    expect(push?.headers['content-encoding']).toBe('aesgcm');
    if (!push) return;
    const message = JSON.parse(receiver.decrypt(push, browser)) as {
      notification: { title: string; options: { body: string; lang: string } };
    };
    expect(message.notification.title).toBe(`Buchung ${booking.pnr}`);
    expect(message.notification.options.body).toBe(
      'Ihre Zahlung ist bestätigt. Ihre Tickets werden ausgestellt.',
    );
    expect(message.notification.options.lang).toBe('de');
  });

  it('deletes a subscription the push service says has gone (410, 404)', async () => {
    const gone = receiver.subscribe('/push/gone-410');
    const missing = receiver.subscribe('/push/gone-404');
    receiver.answer('/push/gone-410', 410);
    receiver.answer('/push/gone-404', 404);
    await subscribe(gone);
    await subscribe(missing);
    await announce('paid');
    expect(receiver.receivedBy(gone)).toHaveLength(1);
    expect(receiver.receivedBy(missing)).toHaveLength(1);
    const left = await app.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('endpoint', 'in', [gone.endpoint, missing.endpoint])
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps the subscription and retries the entry later when the push service fails', async () => {
    const flaky = receiver.subscribe('/push/flaky');
    receiver.answer('/push/flaky', 503);
    await subscribe(flaky);
    const id = await enqueue(app.db, 'push.booking-status', {
      pnr: booking.pnr,
      bookingId: booking.id,
      status: 'paid',
      ownerUserId: null,
    });
    await drainOutbox(app);
    const entry = await app.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(entry.processed_at).toBeNull();
    expect(Number(entry.attempts)).toBe(1);
    expect(entry.last_error).toMatch(/try again/);
    const kept = await app.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('endpoint', '=', flaky.endpoint)
      .executeTakeFirst();
    expect(kept).toBeDefined();
    // Later pushes must not reach it again in this file.
    await app.db.deleteFrom('push_subscriptions').where('endpoint', '=', flaky.endpoint).execute();
  });

  it('reaches only the subscriptions of that booking', async () => {
    const other = receiver.subscribe();
    await subscribe(other, { tokens: 'y'.repeat(43) });
    await announce('ticketed');
    expect(receiver.receivedBy(other)).toEqual([]);
  });
});
