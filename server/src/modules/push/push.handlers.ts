import type { FastifyInstance } from 'fastify';
import { registerOutboxHandler, type OutboxContext } from '../outbox/outbox.service.ts';
import { pushRecipients } from '../subscriptions/subscriptions.service.ts';
import {
  bookingStatusMessage,
  supportReplyMessage,
  trustlyPaidMessage,
  type PushMessage,
} from './push.messages.ts';
import type { PushOutcome, PushSender, SendOptions } from './push.sender.ts';

/** The payload the booking and payment modules write for push topics. */
export interface BookingPushPayload {
  readonly pnr: string;
  readonly bookingId: number;
  readonly status: string;
  readonly ownerUserId: number | null;
}

/** A booking status matters for a day; the bank payment notice for a day too. */
const BOOKING_PUSH: SendOptions = { ttlSeconds: 86_400, urgency: 'high' };

export function parseBookingPushPayload(payload: unknown): BookingPushPayload {
  const value = (payload ?? {}) as Partial<Record<keyof BookingPushPayload, unknown>>;
  if (
    typeof value.pnr !== 'string' ||
    typeof value.bookingId !== 'number' ||
    typeof value.status !== 'string' ||
    !(
      value.ownerUserId === null ||
      value.ownerUserId === undefined ||
      typeof value.ownerUserId === 'number'
    )
  ) {
    throw new Error('push payload without pnr, bookingId and status');
  }
  return {
    pnr: value.pnr,
    bookingId: value.bookingId,
    status: value.status,
    ownerUserId: typeof value.ownerUserId === 'number' ? value.ownerUserId : null,
  };
}

/**
 * Sends one booking's message to every subscription that hears about it, each in its own
 * language. A failure worth retrying (network, 429, 5xx) fails the outbox entry so it runs again
 * later; the messages carry a `Topic` and a notification `tag`, so a repeat replaces the earlier
 * one at the push service and on the screen instead of stacking up.
 */
async function deliver(
  sender: PushSender,
  context: OutboxContext,
  booking: BookingPushPayload,
  compose: (locale: string) => Promise<PushMessage>,
  topic: string,
): Promise<PushOutcome[]> {
  const subscriptions = await pushRecipients.ofBooking(context.db, booking);
  const messages = new Map<string, Promise<PushMessage>>();
  const outcomes: PushOutcome[] = [];
  for (const subscription of subscriptions) {
    let message = messages.get(subscription.locale);
    if (!message) {
      message = compose(subscription.locale);
      messages.set(subscription.locale, message);
    }
    outcomes.push(await sender.send(subscription, await message, { ...BOOKING_PUSH, topic }));
  }
  if (outcomes.includes('retry')) {
    throw new Error(`push for booking ${booking.pnr}: a push service asked to try again`);
  }
  return outcomes;
}

/** The payload the support desk writes when the team replies to a signed-in traveller. */
export interface SupportReplyPushPayload {
  readonly ticketId: number;
  readonly userId: number;
}

function parseSupportReplyPayload(payload: unknown): SupportReplyPushPayload {
  const value = (payload ?? {}) as Partial<Record<keyof SupportReplyPushPayload, unknown>>;
  if (typeof value.ticketId !== 'number' || typeof value.userId !== 'number') {
    throw new Error('support push payload without ticketId and userId');
  }
  return { ticketId: value.ticketId, userId: value.userId };
}

/** When the hold of a booking still waiting for its money ends (for the app's expiry notice). */
async function holdExpiryOf(context: OutboxContext, bookingId: number): Promise<string | null> {
  const row = await context.db
    .selectFrom('bookings')
    .select(['status', 'hold_expires_at'])
    .where('id', '=', bookingId)
    .executeTakeFirst();
  return row?.status === 'not_paid' ? row.hold_expires_at : null;
}

/**
 * The outbox topics of Web Push (DESIGN §6: side effects after commit, once):
 * `push.booking-status` → a `booking.status` message, `push.payment-trustly-paid` → a
 * `payment.trustly.paid` message, to the booking owner's subscriptions and to those linked to the
 * booking through its device tokens; `push.support-reply` → a `support.reply` message to the
 * subscriptions of the ticket's traveller.
 */
export function registerPushHandlers(app: FastifyInstance, sender: PushSender): void {
  registerOutboxHandler(app, 'push.booking-status', async (payload, context) => {
    const booking = parseBookingPushPayload(payload);
    await deliver(
      sender,
      context,
      booking,
      (locale) => bookingStatusMessage(locale, booking),
      `booking-${booking.pnr}`,
    );
  });
  registerOutboxHandler(app, 'push.support-reply', async (payload, context) => {
    const reply = parseSupportReplyPayload(payload);
    const outcomes: PushOutcome[] = [];
    for (const subscription of await pushRecipients.ofUser(context.db, reply.userId)) {
      outcomes.push(
        await sender.send(
          subscription,
          await supportReplyMessage(subscription.locale, reply),
          // An answer matters for a day, like a booking's news.
          { ...BOOKING_PUSH, topic: `support-${reply.ticketId}` },
        ),
      );
    }
    if (outcomes.includes('retry')) {
      throw new Error(`push for ticket ${reply.ticketId}: a push service asked to try again`);
    }
  });
  registerOutboxHandler(app, 'push.payment-trustly-paid', async (payload, context) => {
    const booking = parseBookingPushPayload(payload);
    const holdExpiresAt = await holdExpiryOf(context, booking.bookingId);
    await deliver(
      sender,
      context,
      booking,
      (locale) => trustlyPaidMessage(locale, { ...booking, holdExpiresAt }),
      `payment-${booking.pnr}`,
    );
  });
}
