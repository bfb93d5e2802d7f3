import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayResponseSchema } from '@uniquair/contract/booking';
import { appOptionsOn } from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import {
  CARDS,
  startWithWebhookReceiver,
  type ReceivingPaymentsTestApp,
  type WebhookReceiver,
} from '../../../test/helpers/payments.ts';
import { drainOutbox } from '../outbox/outbox.service.ts';
import type { ProviderPayment, WebhookEvent } from './payments.provider.ts';
import {
  bookingFactory,
  bookingRow,
  gatewayCharges,
  outboxOf,
  PAYMENT_TEST_ENV,
  paymentRows,
  payBooking,
  type MadeBooking,
} from '../../../test/helpers/payments-test-kit.ts';
import { signWebhook, SIGNATURE_HEADER } from './payments.webhook-signature.ts';

/**
 * Webhooks, returns from provider pages, late payments and the reconciler. The sandbox sends its
 * webhooks to a recorder here, so each test decides which deliveries reach the app, and when.
 */
describe(`payment outcomes: webhooks, returns, reconciler (${dialectUnderTest()})`, () => {
  let test: ReceivingPaymentsTestApp;
  let receiver: WebhookReceiver;
  let next: () => Promise<MadeBooking>;
  const clock = testClock();

  beforeAll(async () => {
    test = await startWithWebhookReceiver(PAYMENT_TEST_ENV, appOptionsOn(clock));
    receiver = test.receiver;
    next = bookingFactory(test.app, 30);
  });

  afterAll(() => test.close());

  const secret = () => test.config.paymentGateway.webhookSecret;

  const deliver = (body: string, signature: string | undefined, headers = {}) =>
    test.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { [SIGNATURE_HEADER]: signature }),
        ...headers,
      },
      payload: body,
    });

  const signNow = (body: string, offsetSeconds = 0) =>
    signWebhook(secret(), body, Math.floor(clock.now().getTime() / 1000) + offsetSeconds);

  const eventOf = (id: string, payment: ProviderPayment): string =>
    JSON.stringify({
      id,
      type: `payment.${payment.status}` as WebhookEvent['type'],
      createdAt: clock.now().toISOString(),
      payment,
    } satisfies WebhookEvent);

  /** Pays with a card that asks for 3-D Secure: the attempt waits on the challenge page. */
  const startThreeDSecure = async (booking: MadeBooking) => {
    const card = await test.tokenizeCard(CARDS.threeDSecure);
    const response = await payBooking(test.app, booking, { method: 'CREDIT_CARD', card });
    expect(response.statusCode, response.body).toBe(200);
    const answer = PayResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ outcome: 'redirect', code: 'DPO_SECURE_PAYMENT' });
    const [payment] = await paymentRows(test.app, booking.id);
    expect(payment?.status).toBe('requires_action');
    return { redirectUrl: answer.redirectUrl!, providerId: payment!.provider_ref! };
  };

  /** The payer answers the hosted page; answers the return URL path the gateway sends them to. */
  const answerPage = async (redirectUrl: string, outcome: string) => {
    const page = await test.followRedirect(redirectUrl, outcome);
    expect(page.status).toBe(303);
    const location = new URL(page.location!, test.baseUrl);
    return `${location.pathname}${location.search}`;
  };

  const comeBack = async (path: string) => {
    const response = await test.app.inject({ method: 'GET', url: path });
    expect(response.statusCode, response.body).toBe(302);
    return response.headers.location;
  };

  const deliveredFor = async (providerId: string, type: string) => {
    // Up to 30 s: a guard against a lost delivery, not a measure of its speed.
    for (let wait = 0; wait < 600; wait += 1) {
      const found = receiver.received.find((item) => {
        const event = JSON.parse(item.body) as WebhookEvent;
        return event.payment.id === providerId && event.type === type;
      });
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no ${type} event for ${providerId}`);
  };

  const paidOnce = async (booking: MadeBooking) => {
    await drainOutbox(test.app);
    expect((await bookingRow(test.app, booking.id)).status).toBe('ticketed');
    expect(await outboxOf(test.app, 'booking.paid', booking.id)).toHaveLength(1);
    expect(await outboxOf(test.app, 'push.booking-status', booking.id)).toHaveLength(1);
    const mails = await test.app.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('kind', '=', 'bookingConfirmation')
      .where('subject', 'like', `%${booking.pnr}%`)
      .execute();
    expect(mails).toHaveLength(1);
    const charges = await gatewayCharges(test.app, booking.pnr);
    expect(charges.map((charge) => charge.status)).toEqual(['succeeded']);
  };

  it('PAY-3: refuses unsigned, altered, wrongly signed and stale webhooks, changing nothing', async () => {
    const booking = await next();
    const { redirectUrl, providerId } = await startThreeDSecure(booking);
    await answerPage(redirectUrl, 'complete');
    const real = await deliveredFor(providerId, 'payment.succeeded');
    const events = async () =>
      Number(
        (
          await test.app.db
            .selectFrom('processed_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await events();
    const altered = real.body.replace(
      /"amount":(\d+)/,
      (_, amount: string) => `"amount":${Number(amount) + 1}`,
    );
    expect(altered).not.toBe(real.body);
    const refusals = [
      await deliver(real.body, undefined),
      await deliver(real.body, 't=1,v1=zz'),
      await deliver(altered, real.headers[SIGNATURE_HEADER] as string),
      await deliver(
        real.body,
        signWebhook(
          'whsec_not_the_secret_of_this_app_0000',
          real.body,
          Math.floor(clock.now().getTime() / 1000),
        ),
      ),
      await deliver(real.body, signNow(real.body, -301)),
      await deliver(real.body, signNow(real.body, 301)),
    ];
    for (const response of refusals) expectApiError(response, 400, 'BAD_REQUEST');
    expect(await events()).toBe(before);
    expect((await bookingRow(test.app, booking.id)).status).toBe('not_paid');
    expect((await paymentRows(test.app, booking.id))[0]?.status).toBe('requires_action');

    // Answered at once, the work queued (its 500 ms budget is judged in bench/, `manage`).
    const accepted = await deliver(real.body, signNow(real.body));
    expect(accepted.statusCode, accepted.body).toBe(200);
    await paidOnce(booking);
  });

  it('takes webhooks from other sites: the cross-site rule is lifted for this route only', async () => {
    const booking = await next();
    const { redirectUrl, providerId } = await startThreeDSecure(booking);
    await answerPage(redirectUrl, 'complete');
    const real = await deliveredFor(providerId, 'payment.succeeded');
    const crossSite = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' };
    const accepted = await deliver(real.body, signNow(real.body), crossSite);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const pay = await test.app.inject({
      method: 'POST',
      url: `/api/booking/${booking.pnr}/pay`,
      headers: { ...crossSite, 'idempotency-key': 'cross-site-attempt' },
      payload: { method: 'DIRECT_TO_AIRLINE' },
    });
    expectApiError(pay, 403, 'FORBIDDEN');
  });

  it('PAY-4: duplicated and reordered events in all 24 orders end in one paid booking', async () => {
    const permutations = (items: number[]): number[][] =>
      items.length <= 1
        ? [items]
        : items.flatMap((item, index) =>
            permutations(items.filter((_, other) => other !== index)).map((rest) => [
              item,
              ...rest,
            ]),
          );
    const orders = permutations([0, 1, 2, 3]);
    expect(orders).toHaveLength(24);
    for (const [round, order] of orders.entries()) {
      const booking = await next();
      const { redirectUrl, providerId } = await startThreeDSecure(booking);
      await answerPage(redirectUrl, 'complete');
      const succeeded = await test.app.paymentProvider.retrieve(providerId);
      expect(succeeded.status).toBe('succeeded');
      const succeededBody = eventOf(`evt_ok_${round}_${booking.pnr}`, succeeded);
      const bodies = [
        eventOf(`evt_proc_${round}_${booking.pnr}`, { ...succeeded, status: 'processing' }),
        succeededBody,
        succeededBody,
        eventOf(`evt_fail_${round}_${booking.pnr}`, {
          ...succeeded,
          status: 'failed',
          failureReason: 'declined',
        }),
      ];
      for (const index of order) {
        const body = bodies[index]!;
        const answers = await Promise.all(
          Array.from({ length: 10 }, () => deliver(body, signNow(body))),
        );
        for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      }
      await paidOnce(booking);
    }
  }, 300_000);

  it('PAY-6: 3-D Secure converges to paid once: return first, webhook first, webhook only', async () => {
    for (const path of ['return first', 'webhook first', 'webhook only'] as const) {
      const booking = await next();
      const { redirectUrl, providerId } = await startThreeDSecure(booking);
      const back = await answerPage(redirectUrl, 'complete');
      const webhook = async () => {
        const real = await deliveredFor(providerId, 'payment.succeeded');
        expect((await deliver(real.body, signNow(real.body))).statusCode).toBe(200);
      };
      if (path === 'return first') {
        expect(await comeBack(back)).toBe(`/payment/${booking.pnr.toLowerCase()}/success`);
        await webhook();
      } else if (path === 'webhook first') {
        await webhook();
        expect(await comeBack(back)).toBe(`/payment/${booking.pnr.toLowerCase()}/success`);
      } else {
        await webhook();
      }
      await paidOnce(booking);
    }
  });

  it('PAY-6: an abandoned challenge captures nothing and the hold ends at its time', async () => {
    const booking = await next();
    await startThreeDSecure(booking);
    clock.advance(16 * 60_000);
    await test.app.bookings.expireOverdueHolds();
    expect((await bookingRow(test.app, booking.id)).status).toBe('expired');
    const holds = await test.app.db
      .selectFrom('seat_holds')
      .select('state')
      .where('booking_id', '=', booking.id)
      .execute();
    expect(holds.map((hold) => hold.state)).toEqual(['released']);
    expect((await gatewayCharges(test.app, booking.pnr)).map((charge) => charge.status)).toEqual([
      'requires_action',
    ]);
  });

  it('PAY-5: forged returns pay nothing; a real one replayed 10× pays once', async () => {
    const booking = await next();
    const { redirectUrl, providerId } = await startThreeDSecure(booking);
    const bookingPage = `/bookings/${booking.pnr}`;
    const returnPath = (payment: string, pnr = booking.pnr) =>
      `/api/booking/${pnr}/payment-return?payment=${encodeURIComponent(payment)}`;

    // An id the provider does not know, one of another booking, one not completed yet.
    expect(await comeBack(returnPath('pay_forged0000000000000000'))).toBe(bookingPage);
    const other = await next();
    const paidOther = await payBooking(test.app, other, {
      method: 'CREDIT_CARD',
      card: await test.tokenizeCard(CARDS.success),
    });
    expect(paidOther.statusCode).toBe(200);
    const [otherPayment] = await paymentRows(test.app, other.id);
    expect(await comeBack(returnPath(otherPayment!.provider_ref!))).toBe(bookingPage);
    // An unknown payment on a paid booking never shows it a failure: its booking page tells.
    expect(await comeBack(returnPath('pay_forged0000000000000000', other.pnr))).toBe(
      `/bookings/${other.pnr}`,
    );
    expect(await comeBack(returnPath(providerId))).toBe(`/booking/${booking.pnr}/pay`);
    // The success page itself is only a page: it changes nothing.
    await test.app.inject({
      method: 'GET',
      url: `/payment/${booking.pnr.toLowerCase()}/success?payment=${providerId}`,
    });
    expect((await bookingRow(test.app, booking.id)).status).toBe('not_paid');

    const back = await answerPage(redirectUrl, 'complete');
    const landings = await Promise.all(Array.from({ length: 10 }, () => comeBack(back)));
    expect(new Set(landings)).toEqual(new Set([`/payment/${booking.pnr.toLowerCase()}/success`]));
    await paidOnce(booking);
  });

  it('PAY-5: a provider payment whose amount differs from the attempt is refused', async () => {
    const booking = await next();
    const { redirectUrl } = await startThreeDSecure(booking);
    const back = await answerPage(redirectUrl, 'complete');
    // Our attempt says one amount, the provider another (a tampered or mixed-up payment).
    await test.app.db
      .updateTable('payments')
      .set((eb) => ({ amount_minor: eb('amount_minor', '+', 100) }))
      .where('booking_id', '=', booking.id)
      .execute();
    expect(await comeBack(back)).toBe(`/payment/${booking.pnr.toLowerCase()}/failure`);
    expect((await bookingRow(test.app, booking.id)).status).toBe('not_paid');
  });

  it('lands PayPal approvals, cancellations and funding failures on their pages', async () => {
    const landings = {
      approve: (pnr: string) => `/payment/${pnr.toLowerCase()}/success`,
      cancel: (pnr: string) => `/payment/${pnr.toLowerCase()}/paypal/denied`,
      funding_failure: (pnr: string) => `/payment/${pnr.toLowerCase()}/paypal/funding-denied`,
    } as const;
    for (const [outcome, landing] of Object.entries(landings)) {
      const booking = await next();
      const response = await payBooking(test.app, booking, { method: 'PAYPAL' });
      expect(response.statusCode, response.body).toBe(200);
      const answer = PayResponseSchema.parse(response.json());
      expect(answer.outcome).toBe('redirect');
      expect(answer.code).toBeUndefined();
      const back = await answerPage(answer.redirectUrl!, outcome);
      expect(await comeBack(back)).toBe(landing(booking.pnr));
      const status = (await bookingRow(test.app, booking.id)).status;
      if (outcome === 'approve') expect(['paid', 'ticketed']).toContain(status);
      else expect(status).toBe('not_paid');
    }
  });

  it('INV-4: a payment completing after the hold ended re-takes the seats', async () => {
    const booking = await next();
    const { redirectUrl } = await startThreeDSecure(booking);
    clock.advance(16 * 60_000);
    await test.app.bookings.expireOverdueHolds();
    expect((await bookingRow(test.app, booking.id)).status).toBe('expired');
    const back = await answerPage(redirectUrl, 'complete');
    expect(await comeBack(back)).toBe(`/payment/${booking.pnr.toLowerCase()}/success`);
    const holds = await test.app.db
      .selectFrom('seat_holds')
      .select('state')
      .where('booking_id', '=', booking.id)
      .execute();
    expect(holds.map((hold) => hold.state)).toEqual(['sold']);
    await paidOnce(booking);
  });

  it('INV-4: when the seats are gone, the late payment is refunded and the booking stays expired', async () => {
    const booking = await next();
    const { redirectUrl, providerId } = await startThreeDSecure(booking);
    clock.advance(16 * 60_000);
    await test.app.bookings.expireOverdueHolds();
    const [hold] = await test.app.db
      .selectFrom('seat_holds')
      .select('fare_class_id')
      .where('booking_id', '=', booking.id)
      .execute();
    const fare = await test.app.db
      .selectFrom('fare_classes')
      .select('seats_left')
      .where('id', '=', hold!.fare_class_id)
      .executeTakeFirstOrThrow();
    await test.app.db
      .updateTable('fare_classes')
      .set({ seats_left: 0 })
      .where('id', '=', hold!.fare_class_id)
      .execute();
    try {
      const back = await answerPage(redirectUrl, 'complete');
      expect(await comeBack(back)).toBe(`/payment/${booking.pnr.toLowerCase()}/failure`);
      await drainOutbox(test.app);
    } finally {
      await test.app.db
        .updateTable('fare_classes')
        .set({ seats_left: fare.seats_left })
        .where('id', '=', hold!.fare_class_id)
        .execute();
    }
    expect((await bookingRow(test.app, booking.id)).status).toBe('expired');
    const [payment] = await paymentRows(test.app, booking.id);
    expect(payment).toMatchObject({ status: 'refunded', failure_code: 'seats_unavailable' });
    expect((await test.app.paymentProvider.retrieve(providerId)).status).toBe('refunded');
    expect(await outboxOf(test.app, 'booking.paid', booking.id)).toEqual([]);
    expect(
      await test.app.db
        .selectFrom('tickets')
        .select('id')
        .where('booking_id', '=', booking.id)
        .execute(),
    ).toEqual([]);
  });

  it('the reconciler settles attempts the browser and the webhooks never reported', async () => {
    const booking = await next();
    const { redirectUrl } = await startThreeDSecure(booking);
    await answerPage(redirectUrl, 'complete');
    // Younger than two minutes: left alone.
    await test.app.payments.reconcile();
    expect((await bookingRow(test.app, booking.id)).status).toBe('not_paid');
    clock.advance(3 * 60_000);
    await test.app.payments.reconcile();
    await paidOnce(booking);

    // An attempt the provider says it never created is closed, which frees the booking.
    const stuck = await next();
    const card = await test.tokenizeCard(CARDS.success);
    test.gateway.faults.apiFailure = 'server_error';
    try {
      expectApiError(
        await payBooking(test.app, stuck, { method: 'CREDIT_CARD', card }),
        502,
        'PAYMENT_FAILED',
      );
    } finally {
      test.gateway.faults.apiFailure = 'none';
    }
    clock.advance(3 * 60_000);
    await test.app.payments.reconcile();
    expect((await paymentRows(test.app, stuck.id))[0]).toMatchObject({
      status: 'failed',
      failure_code: 'not_charged',
    });
    const again = await payBooking(test.app, stuck, {
      method: 'CREDIT_CARD',
      card: await test.tokenizeCard(CARDS.success),
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});
