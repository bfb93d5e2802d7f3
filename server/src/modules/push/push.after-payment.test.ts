import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { freshClient } from '../../../test/helpers/accounts.ts';
import { searchTrip } from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { CARDS } from '../../../test/helpers/payments.ts';
import {
  startPushingPaymentsTestApp,
  type PushingPaymentsTestApp,
} from '../../../test/helpers/push.ts';
import { subscriptionPayload, vapidClaims } from '../../../test/helpers/push-receiver.ts';
import { drainOutbox } from '../outbox/outbox.service.ts';
import { makeBooking, payBooking } from '../../../test/helpers/payments-test-kit.ts';

/**
 * The whole way of a booking push: a browser subscribes with the device token of its booking,
 * the booking is paid by card, the outbox issues the tickets and sends `booking.status` to the
 * local push service, where it decrypts with the browser's keys.
 */
describe('a booking paid by card reaches its subscribed browser', () => {
  let test: PushingPaymentsTestApp;
  const clock = testClock();

  beforeAll(async () => {
    test = await startPushingPaymentsTestApp(clock);
  });

  afterAll(() => test.close());

  it('sends booking.status after the payment, signed for the push service’s origin', async () => {
    const { app } = test;
    const booking = await makeBooking(app, await searchTrip(app, { days: 50, oneWay: true }));
    const browser = test.receiver.subscribe();
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/subscriptions/subscribe',
      remoteAddress: freshClient(),
      headers: { [DEVICE_TOKENS_HEADER]: booking.deviceToken },
      payload: {
        payload: { locale: 'en' },
        subscription: subscriptionPayload(browser),
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);

    const card = await test.tokenizeCard(CARDS.success);
    const paid = await payBooking(app, booking, { method: 'CREDIT_CARD', card });
    expect(paid.statusCode, paid.body).toBe(200);
    await drainOutbox(app);

    const pushes = test.receiver.receivedBy(browser);
    expect(pushes).toHaveLength(1);
    const [push] = pushes;
    if (!push) return;
    const message = JSON.parse(test.receiver.decrypt(push, browser)) as {
      type: string;
      data: { pnr: string; status: string };
    };
    expect(message.type).toBe('booking.status');
    expect(message.data.pnr).toBe(booking.pnr);
    expect(['paid', 'ticketed']).toContain(message.data.status);
    const { claims } = vapidClaims(push);
    expect(claims.aud).toBe(test.receiver.origin);
    expect(claims.exp * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
  });
});
