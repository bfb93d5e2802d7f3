import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BookingFeedbackResponseSchema,
  BookingShareResponseSchema,
  SharedBookingResponseSchema,
} from '@uniquair/contract/booking-manage';
import { BookingResponseSchema } from '@uniquair/contract/booking';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { freshClient } from '../../../test/helpers/accounts.ts';
import {
  BOOKER,
  getBooking,
  searchTrip,
  useMailingBookingTestApp,
} from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import {
  makeBooking,
  payBooking,
  type MadeBooking,
} from '../../../test/helpers/payments-test-kit.ts';
import { secretHash } from '../../lib/secret-hash.ts';
import { drainOutbox } from '../outbox/outbox.service.ts';

const HOUR_MS = 3_600_000;

describe(`sharing, re-sent tickets and feedback (${dialectUnderTest()})`, () => {
  const clock = testClock();
  const testApp = useMailingBookingTestApp(clock, {
    PAYMENT_PROVIDERS: 'CREDIT_CARD,DIRECT_TO_AIRLINE',
    OUTBOX_POLL_MS: '0',
    BOOKING_LOOKUP_MISSES: '0',
  });
  let app: FastifyInstance;
  let day = 30;

  beforeAll(() => {
    app = testApp.app;
  });

  /** An unpaid one-way booking of one adult, each on its own day. */
  async function unpaidBooking(): Promise<MadeBooking> {
    day += 1;
    return makeBooking(app, await searchTrip(app, { days: day, oneWay: true }));
  }

  /** A booking confirmed with payment due to the airline: its tickets are issued and mailed. */
  async function confirmedBooking(): Promise<MadeBooking> {
    const booking = await unpaidBooking();
    const paid = await payBooking(app, booking, { method: 'DIRECT_TO_AIRLINE' });
    expect(paid.statusCode, paid.body).toBe(200);
    await drainOutbox(app);
    return booking;
  }

  function call(
    method: 'POST' | 'DELETE' | 'GET',
    url: string,
    options: {
      tokens?: string[];
      payload?: Record<string, unknown>;
      headers?: Record<string, string>;
      remoteAddress?: string;
    } = {},
  ) {
    return app.inject({
      method,
      url,
      remoteAddress: options.remoteAddress ?? freshClient(),
      headers: {
        ...(options.tokens ? { [DEVICE_TOKENS_HEADER]: options.tokens.join(',') } : {}),
        ...options.headers,
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  }

  const share = (booking: MadeBooking) =>
    call('POST', `/api/booking/${booking.pnr}/share`, { tokens: [booking.deviceToken] });
  const shared = (token: string, headers: Record<string, string> = {}) =>
    call('GET', `/api/booking/shared/${token}`, { headers });

  describe('share links', () => {
    it('shares a confirmed booking: the token is stored hashed, the view has names and flights only', async () => {
      const booking = await confirmedBooking();
      const response = await share(booking);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { token, url } = BookingShareResponseSchema.parse(response.json());
      expect(token).toMatch(/^[0-9a-f]{40}$/);
      expect(url).toMatch(new RegExp(`/shared-booking/${token}$`));

      const rows = await app.db
        .selectFrom('booking_shares')
        .selectAll()
        .where('booking_id', '=', booking.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(secretHash(token));
      expect(JSON.stringify(rows)).not.toContain(token);

      const view = await shared(token);
      expect(view.statusCode, view.body).toBe(200);
      const body = SharedBookingResponseSchema.parse(view.json());
      expect(body.shared.passengers).toEqual([{ firstName: 'TravellerA', lastName: 'Popescu' }]);
      expect(body.shared.status).toBe('pay_at_airline');
      expect(body.shared.flights).toHaveLength(1);
      expect(body.shared.flights[0]?.segments[0]?.flightNumber).toMatch(/\S/);
      // Nothing of the documents, the contact, the price or the payment.
      const detail = BookingResponseSchema.parse(
        (await getBooking(app, booking.pnr, { tokens: [booking.deviceToken] })).json(),
      ).booking;
      for (const secret of [
        detail.passengers[0]?.documentNumber ?? 'missing',
        detail.passengers[0]?.birthDate ?? 'missing',
        BOOKER.email,
        BOOKER.phone,
        booking.pnr,
        'DIRECT_TO_AIRLINE',
      ]) {
        expect(view.body).not.toContain(secret);
      }
      expect(view.body).not.toMatch(/price|total|amount|currency|email|phone|document/i);
    });

    it('keeps one active link: sharing again stops the old one; stopping ends the new one', async () => {
      const booking = await confirmedBooking();
      const first = BookingShareResponseSchema.parse((await share(booking)).json()).token;
      const second = BookingShareResponseSchema.parse((await share(booking)).json()).token;
      expect(second).not.toBe(first);
      expectApiError(await shared(first), 404, 'NOT_FOUND');
      expect((await shared(second)).statusCode).toBe(200);
      const active = await app.db
        .selectFrom('booking_shares')
        .select('id')
        .where('booking_id', '=', booking.id)
        .where('revoked_at', 'is', null)
        .execute();
      expect(active).toHaveLength(1);

      const stop = await call('DELETE', `/api/booking/${booking.pnr}/share`, {
        tokens: [booking.deviceToken],
      });
      expect(stop.statusCode, stop.body).toBe(200);
      expect(stop.json()).toEqual({ success: true, revoked: true });
      const gone = expectApiError(
        await shared(second, { 'accept-language': 'de' }),
        404,
        'NOT_FOUND',
      );
      expect(gone.errors['params.token']).toEqual([
        'Dieser geteilte Buchungslink funktioniert nicht: Er wurde vielleicht beendet.',
      ]);
      const again = await call('DELETE', `/api/booking/${booking.pnr}/share`, {
        tokens: [booking.deviceToken],
      });
      expect(again.json()).toEqual({ success: true, revoked: false });
    });

    it('refuses an unpaid booking, and anyone without access as for an unknown PNR', async () => {
      const unpaid = await unpaidBooking();
      const refused = expectApiError(await share(unpaid), 409, 'BOOKING_NOT_CONFIRMED');
      expect(refused.errors._).toEqual(['This can be done once the booking is paid or confirmed.']);

      const booking = await confirmedBooking();
      const stranger = await call('POST', `/api/booking/${booking.pnr}/share`, {
        tokens: [unpaid.deviceToken],
      });
      const unknown = await call('POST', '/api/booking/ZZZZZZ9/share', {
        tokens: [unpaid.deviceToken],
      });
      expectApiError(stranger, 404, 'NOT_FOUND');
      expect(stranger.body).toBe(unknown.body.replace('ZZZZZZ9', booking.pnr));
      const strangerStop = await call('DELETE', `/api/booking/${booking.pnr}/share`);
      expectApiError(strangerStop, 404, 'NOT_FOUND');
      expect(
        await app.db
          .selectFrom('booking_shares')
          .select('id')
          .where('booking_id', '=', booking.id)
          .execute(),
      ).toEqual([]);
      expectApiError(await shared('not-a-token'), 400, 'VALIDATION_ERROR');
    });

    it('expires once the last flight has landed, with its own code and text', async () => {
      const booking = await confirmedBooking();
      const { token } = BookingShareResponseSchema.parse((await share(booking)).json());
      const { validUntil } = SharedBookingResponseSchema.parse((await shared(token)).json()).shared;
      const before = clock.now();
      try {
        clock.set(new Date(Date.parse(validUntil) - 60_000));
        expect((await shared(token)).statusCode).toBe(200);
        clock.set(validUntil);
        const expired = expectApiError(
          await shared(token, { 'accept-language': 'fr' }),
          410,
          'SHARE_LINK_EXPIRED',
        );
        expect(expired.errors._).toEqual([
          'Ce voyage est terminé, son lien partagé ne fonctionne donc plus.',
        ]);
      } finally {
        clock.set(before);
      }
    });

    it('limits shared reads per client', async () => {
      const remoteAddress = freshClient();
      const answers: number[] = [];
      for (let i = 0; i < 61; i += 1) {
        const response = await call('GET', `/api/booking/shared/${'0'.repeat(40)}`, {
          remoteAddress,
        });
        answers.push(response.statusCode);
      }
      expect(answers.slice(0, 60).every((status) => status === 404)).toBe(true);
      expect(answers[60]).toBe(429);
    });
  });

  describe('re-sending the tickets', () => {
    const resend = (booking: MadeBooking, email: string, tokens = [booking.deviceToken]) =>
      call('POST', `/api/booking/${booking.pnr}/resend-tickets`, { tokens, payload: { email } });

    it('sends the tickets e-mail to another address over SMTP and records a keyed hash of it', async () => {
      const booking = await confirmedBooking();
      const response = await resend(booking, 'friend@example.org');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ success: true, sentTo: 'friend@example.org' });
      await drainOutbox(app);
      const mail = await testApp.smtp.waitFor((received) =>
        received.to.includes('friend@example.org'),
      );
      expect(mail.subject).toContain(booking.pnr);
      expect(mail.text).toContain('TravellerA Popescu');
      expect(mail.text).toMatch(/\d{13}/);
      const rows = await app.db
        .selectFrom('booking_ticket_resends')
        .selectAll()
        .where('booking_id', '=', booking.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.email_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(rows)).not.toContain('friend');
      expect(rows[0]?.email_hash).not.toBe(secretHash('friend@example.org'));
    });

    it('allows 5 an hour per booking, then 429 with its own code until the hour has passed', async () => {
      const booking = await confirmedBooking();
      for (let i = 0; i < 5; i += 1) {
        const response = await resend(booking, `copy${i}@example.org`);
        expect(response.statusCode, response.body).toBe(200);
        clock.advance(60_000);
      }
      const limited = await resend(booking, 'copy5@example.org');
      const body = expectApiError(limited, 429, 'TICKET_RESEND_LIMIT');
      expect(body.errors._?.[0]).toMatch(/too many times in the last hour/);
      expect(Number(limited.headers['retry-after'])).toBe(HOUR_MS / 1000 - 5 * 60);
      const rows = await app.db
        .selectFrom('booking_ticket_resends')
        .select('id')
        .where('booking_id', '=', booking.id)
        .execute();
      expect(rows).toHaveLength(5);
      clock.advance(HOUR_MS - 5 * 60_000 + 1_000);
      expect((await resend(booking, 'copy6@example.org')).statusCode).toBe(200);
      await drainOutbox(app);
    });

    it('refuses an unpaid booking, a bad address and a stranger', async () => {
      const unpaid = await unpaidBooking();
      expectApiError(await resend(unpaid, 'friend@example.org'), 409, 'BOOKING_NOT_CONFIRMED');
      const booking = await confirmedBooking();
      const bad = expectApiError(await resend(booking, 'not an address'), 400, 'VALIDATION_ERROR');
      expect(Object.keys(bad.errors)).toEqual(['body.email']);
      expectApiError(
        await resend(booking, 'friend@example.org', [unpaid.deviceToken]),
        404,
        'NOT_FOUND',
      );
      const rows = await app.db
        .selectFrom('booking_ticket_resends')
        .select('id')
        .where('booking_id', 'in', [booking.id, unpaid.id])
        .execute();
      expect(rows).toEqual([]);
    });
  });

  describe('feedback', () => {
    const send = (
      booking: MadeBooking,
      payload: Record<string, unknown>,
      tokens = [booking.deviceToken],
    ) => call('POST', `/api/booking/${booking.pnr}/feedback`, { tokens, payload });

    it('stores one feedback per booking, replaced when sent again, and shows it with the booking', async () => {
      const booking = await unpaidBooking();
      const before = BookingResponseSchema.parse(
        (await getBooking(app, booking.pnr, { tokens: [booking.deviceToken] })).json(),
      );
      expect(before.booking.feedback).toBeNull();

      const first = await send(booking, { rating: 2, comment: '  Slow seat choice.  ' });
      expect(first.statusCode, first.body).toBe(200);
      expect(BookingFeedbackResponseSchema.parse(first.json()).feedback).toMatchObject({
        rating: 2,
        comment: 'Slow seat choice.',
      });
      clock.advance(60_000);
      const second = await send(booking, { rating: 5 });
      const saved = BookingFeedbackResponseSchema.parse(second.json()).feedback;
      expect(saved).toEqual({ rating: 5, comment: '', updatedAt: clock.now().toISOString() });

      const rows = await app.db
        .selectFrom('booking_feedback')
        .selectAll()
        .where('booking_id', '=', booking.id)
        .execute();
      expect(rows).toHaveLength(1);
      const detail = BookingResponseSchema.parse(
        (await getBooking(app, booking.pnr, { tokens: [booking.deviceToken] })).json(),
      );
      expect(detail.booking.feedback).toEqual(saved);
    });

    it('refuses ratings out of 1–5, long comments, and another traveller’s booking', async () => {
      const booking = await unpaidBooking();
      for (const rating of [0, 6, 2.5, '4']) {
        const body = expectApiError(await send(booking, { rating }), 400, 'VALIDATION_ERROR');
        expect(Object.keys(body.errors)).toEqual(['body.rating']);
      }
      const long = expectApiError(
        await send(booking, { rating: 4, comment: 'x'.repeat(2_001) }),
        400,
        'VALIDATION_ERROR',
      );
      expect(Object.keys(long.errors)).toEqual(['body.comment']);
      expect((await send(booking, { rating: 4, comment: 'x'.repeat(2_000) })).statusCode).toBe(200);

      const other = await unpaidBooking();
      expectApiError(await send(other, { rating: 1 }, [booking.deviceToken]), 404, 'NOT_FOUND');
      expect(
        await app.db
          .selectFrom('booking_feedback')
          .select('id')
          .where('booking_id', '=', other.id)
          .execute(),
      ).toEqual([]);
    });
  });
});
