import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOptionsOn } from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import {
  CARDS,
  startWithWebhookReceiver,
  type ReceivingPaymentsTestApp,
} from '../../../test/helpers/payments.ts';
import {
  bookingFactory,
  bookingRow,
  gatewayCharges,
  PAYMENT_TEST_ENV,
  paymentRows,
  payBooking,
  type MadeBooking,
} from '../../../test/helpers/payments-test-kit.ts';
import { drainOutbox } from '../outbox/outbox.service.ts';
import { attemptKeyOf } from './payments.pay.ts';
import { fingerprintOf, IDEMPOTENCY_LEASE_MS } from './payments.idempotency.ts';

/**
 * A charge whose answer never reached us (docs/payments-flow.md "Crash points"): the gateway
 * charged, the connection was lost before its answer (`lose_response`), and the webhook is not
 * delivered (the test's receiver keeps it). The reconciler must learn the outcome from the
 * provider by the attempt key, and a retry must not wait on the lease of a process that is gone.
 */
describe(`a charge whose answer was lost (${dialectUnderTest()})`, () => {
  let test: ReceivingPaymentsTestApp;
  let next: () => Promise<MadeBooking>;
  const clock = testClock();

  beforeAll(async () => {
    test = await startWithWebhookReceiver(PAYMENT_TEST_ENV, appOptionsOn(clock));
    next = bookingFactory(test.app, 50);
  });

  afterAll(() => test.close());

  /** Pays with the gateway's answer lost on the way back: 502, the money taken. */
  const payAnswerLost = async (
    booking: MadeBooking,
    key: string,
    body: Record<string, unknown>,
  ) => {
    test.gateway.faults.apiFailure = 'lose_response';
    try {
      expectApiError(await payBooking(test.app, booking, body, key), 502, 'PAYMENT_FAILED');
    } finally {
      test.gateway.faults.apiFailure = 'none';
    }
    expect((await gatewayCharges(test.app, booking.pnr)).map((charge) => charge.status)).toEqual([
      'succeeded',
    ]);
    const [attempt] = await paymentRows(test.app, booking.id);
    expect(attempt).toMatchObject({ status: 'processing', provider_ref: null });
  };

  /** The body of a card payment, with a new token of a card that pays. */
  const cardPayment = async () => ({
    method: 'CREDIT_CARD',
    card: await test.tokenizeCard(CARDS.success),
  });

  /** A server process that was killed: registered on this host, its pid no longer running. */
  const deadInstance = async (): Promise<string> => {
    const id = randomUUID();
    const exited = spawnSync(process.execPath, ['-e', '0']);
    const now = new Date().toISOString();
    await test.app.db
      .insertInto('server_instances')
      .values({ id, host: hostname(), pid: exited.pid, started_at: now, heartbeat_at: now })
      .execute();
    return id;
  };

  const ticketedWithOneCharge = async (booking: MadeBooking) => {
    await drainOutbox(test.app);
    expect((await bookingRow(test.app, booking.id)).status).toBe('ticketed');
    expect((await gatewayCharges(test.app, booking.pnr)).map((charge) => charge.status)).toEqual([
      'succeeded',
    ]);
    expect((await paymentRows(test.app, booking.id)).map((row) => row.status)).toEqual([
      'succeeded',
    ]);
  };

  it('the reconciler asks the provider by attempt key and pays the booking, never failing it', async () => {
    const booking = await next();
    await payAnswerLost(booking, randomUUID(), await cardPayment());
    clock.advance(3 * 60_000);
    expect(await test.app.payments.reconcile()).toBeGreaterThanOrEqual(1);
    await ticketedWithOneCharge(booking);
  });

  it('the hold ended meanwhile: the seats are taken again and the booking paid', async () => {
    const booking = await next();
    await payAnswerLost(booking, randomUUID(), await cardPayment());
    clock.advance(20 * 60_000);
    // The hold is over: reading the booking expires it.
    const read = await test.app.inject({
      method: 'GET',
      url: `/api/booking/${booking.pnr}/get`,
      headers: { 'x-booking-tokens': booking.deviceToken },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect((await bookingRow(test.app, booking.id)).status).toBe('expired');
    await test.app.payments.reconcile();
    await ticketedWithOneCharge(booking);
  });

  it('attempts of a process known gone are settled at once, not after two minutes', async () => {
    const booking = await next();
    await payAnswerLost(booking, randomUUID(), await cardPayment());
    await test.app.db
      .updateTable('payments')
      .set({ owner_instance: await deadInstance() })
      .where('booking_id', '=', booking.id)
      .execute();
    await test.app.payments.reconcile();
    await ticketedWithOneCharge(booking);
  });

  it('a retry with the same key takes over at once from a request whose process is gone', async () => {
    const booking = await next();
    const key = randomUUID();
    const body = await cardPayment();
    await payAnswerLost(booking, key, body);
    // As the killed process left it: the key claimed, its lease running for another minute.
    const dead = await deadInstance();
    const now = clock.now();
    await test.app.db
      .insertInto('idempotency_keys')
      .values({
        scope: `pay:${booking.pnr}`,
        key,
        fingerprint: fingerprintOf(body),
        status: 'processing',
        created_at: now.toISOString(),
        locked_until: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS).toISOString(),
        owner_instance: dead,
      })
      .execute();
    await test.app.db
      .updateTable('payments')
      .set({ owner_instance: dead })
      .where('attempt_key', '=', attemptKeyOf(`pay:${booking.pnr}`, key))
      .execute();

    const retry = await payBooking(test.app, booking, body, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ success: true, outcome: 'paid' });
    await ticketedWithOneCharge(booking);
  });

  it('a charge never sent is failed on the provider word only, and the booking stays payable', async () => {
    const booking = await next();
    const key = randomUUID();
    test.gateway.faults.apiFailure = 'reset';
    try {
      expectApiError(
        await payBooking(test.app, booking, await cardPayment(), key),
        502,
        'PAYMENT_FAILED',
      );
    } finally {
      test.gateway.faults.apiFailure = 'none';
    }
    // The provider is unreachable when the reconciler asks: nothing is decided.
    clock.advance(3 * 60_000);
    test.gateway.faults.apiFailure = 'server_error';
    try {
      await test.app.payments.reconcile();
    } finally {
      test.gateway.faults.apiFailure = 'none';
    }
    expect((await paymentRows(test.app, booking.id))[0]?.status).toBe('processing');
    // It answers that it never created the payment: failed, nothing charged, payable again.
    await test.app.payments.reconcile();
    expect((await paymentRows(test.app, booking.id))[0]).toMatchObject({
      status: 'failed',
      failure_code: 'not_charged',
    });
    expect(await gatewayCharges(test.app, booking.pnr)).toEqual([]);
    expect((await bookingRow(test.app, booking.id)).status).toBe('not_paid');
    const again = await payBooking(test.app, booking, {
      method: 'CREDIT_CARD',
      card: await test.tokenizeCard(CARDS.success),
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});
