import type { FastifyInstance } from 'fastify';
import { CreateBookingResponseSchema } from '@uniquair/contract/booking';
import { appOptionsOn, bookingBody, createBookingAtCurrentPrice, searchTrip } from './booking.ts';
import type { TestClock } from './clock.ts';
import { startPaymentsTestApp, withReceiver, type PaymentsTestApp } from './payments.ts';
import { PAYMENT_TEST_ENV } from './payments-test-kit.ts';
import { startPushReceiver, type PushReceiver } from './push-receiver.ts';

/** A booking made through the API, as the push tests link subscriptions to it. */
export interface PushTestBooking {
  readonly pnr: string;
  readonly id: number;
  readonly deviceToken: string;
}

/** Searches a one-way trip `days` ahead and books its cheapest fares as an anonymous visitor. */
export async function bookTrip(app: FastifyInstance, days: number): Promise<PushTestBooking> {
  const response = await createBookingAtCurrentPrice(
    app,
    bookingBody(await searchTrip(app, { days, oneWay: true })),
  );
  if (response.statusCode !== 200) throw new Error(`create answered ${response.body}`);
  const created = CreateBookingResponseSchema.parse(response.json());
  const row = await app.db
    .selectFrom('bookings')
    .select('id')
    .where('pnr', '=', created.pnr)
    .executeTakeFirstOrThrow();
  return { pnr: created.pnr, id: Number(row.id), deviceToken: created.deviceToken };
}

/** A payments test app whose push messages go to a push service of the test's own. */
export interface PushingPaymentsTestApp extends PaymentsTestApp {
  receiver: PushReceiver;
}

/**
 * {@link startPaymentsTestApp} on `clock` with the payment tests' settings, sending its push
 * messages to a {@link startPushReceiver}; `close()` stops both.
 */
export async function startPushingPaymentsTestApp(
  clock: TestClock,
): Promise<PushingPaymentsTestApp> {
  const receiver = await startPushReceiver();
  const testApp = await startPaymentsTestApp(
    { ...PAYMENT_TEST_ENV, PUSH_EXTRA_ORIGINS: receiver.origin },
    { ...appOptionsOn(clock), push: { agent: receiver.agent } },
  );
  return withReceiver(testApp, receiver);
}
