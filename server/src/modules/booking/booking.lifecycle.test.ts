import {
  BookingHandOffResponseSchema,
  BookingResponseSchema,
  CreateBookingResponseSchema,
  PaymentOptionsResponseSchema,
  SEAT_HOLD_MINUTES,
} from '@uniquair/contract/booking';
import { addDays } from '@uniquair/domain/dates/ymd';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshClient } from '../../../test/helpers/accounts.ts';
import {
  bookingRowByPnr,
  bookingBody,
  createBooking,
  fareClassOf,
  getBooking,
  searchTrip,
  setFareClass,
  useMailingBookingTestApp,
} from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { dailyRoundTrip } from '../../../test/helpers/search.ts';
import { linkIn, tokenIn } from '../../../test/helpers/smtp.ts';
import { secretHash } from '../../lib/secret-hash.ts';
import { markSeatsSold } from './booking.hold-repository.ts';
import { issueBookingLinkToken } from './booking.repository.ts';

const HOLD_MS = SEAT_HOLD_MINUTES * 60_000;

describe(`booking holds, hand-offs and e-mail (${dialectUnderTest()})`, () => {
  const clock = testClock();
  const testApp = useMailingBookingTestApp(clock, {
    PAYMENT_PROVIDERS: 'CREDIT_CARD,PAYPAL,DIRECT_TO_AIRLINE',
  });

  it('expires an unpaid hold when it ends: seats and price calendars come back', async () => {
    const { app } = testApp;
    const { out } = await dailyRoundTrip(app.db);
    const day = addDays(TEST_TODAY, 24);
    // Make the day's cheapest fare have exactly one seat, so booking it changes the calendar.
    // Fewer seats left raise their flight's prices (docs/decisions/009), which may make another
    // flight's fare the cheapest: that one then gets one seat, until the cheapest has one.
    const cheapestFare = () =>
      app.db
        .selectFrom('fare_classes')
        .innerJoin('flights', 'flights.id', 'fare_classes.flight_id')
        .select([
          'fare_classes.id',
          'fare_classes.flight_id',
          'fare_classes.letter',
          'fare_classes.seats_left',
          'price_minor',
        ])
        .where('flights.route_id', '=', out.id)
        .where('flights.departure_date', '=', day)
        .where('fare_classes.seats_left', '>', 0)
        .where('fare_classes.currency', '=', 'USD')
        .orderBy('price_minor')
        .orderBy('fare_classes.id')
        .limit(1)
        .executeTakeFirstOrThrow();
    let cheapest = await cheapestFare();
    while (cheapest.seats_left !== 1) {
      await setFareClass(app, cheapest.id, { seats_left: 1 });
      await app.fares.afterSeatsChanged([out.id], [day]);
      cheapest = await cheapestFare();
    }
    const calendar = () =>
      app.db
        .selectFrom('route_day_prices')
        .select('min_price_minor')
        .where('route_id', '=', out.id)
        .where('date', '=', day)
        .executeTakeFirst();
    expect((await calendar())?.min_price_minor).toBe(cheapest.price_minor);

    const search = await searchTrip(app, { oneWay: true, days: 24 });
    const selection = {
      destinationIndex: 0,
      flightId: String(cheapest.flight_id),
      fareClass: cheapest.letter,
    };
    const response = await createBooking(app, bookingBody(search, { selections: [selection] }));
    expect(response.statusCode, response.body).toBe(200);
    const { pnr, deviceToken, holdExpiresAt } = CreateBookingResponseSchema.parse(response.json());
    await app.bookings.calendarsSettled();
    expect((await fareClassOf(app, selection)).seats_left).toBe(0);
    expect((await calendar())?.min_price_minor ?? Infinity).toBeGreaterThan(cheapest.price_minor);

    // One second before the end it still holds; the sweeper leaves it alone.
    clock.advance(HOLD_MS - 1_000);
    expect(await app.bookings.expireOverdueHolds()).toBe(0);
    const running = BookingResponseSchema.parse(
      (await getBooking(app, pnr, { tokens: [deviceToken] })).json(),
    ).booking;
    expect(running).toMatchObject({ status: 'not_paid', payable: true, holdExpiresAt });

    // At the end, a read expires it: seats back, hold released, calendar back.
    clock.advance(1_000);
    const ended = BookingResponseSchema.parse(
      (await getBooking(app, pnr, { tokens: [deviceToken] })).json(),
    ).booking;
    expect(ended).toMatchObject({ status: 'expired', payable: false });
    await app.bookings.calendarsSettled();
    expect((await fareClassOf(app, selection)).seats_left).toBe(1);
    expect((await calendar())?.min_price_minor).toBe(cheapest.price_minor);
    const holds = await app.db
      .selectFrom('seat_holds')
      .innerJoin('bookings', 'bookings.id', 'seat_holds.booking_id')
      .select('seat_holds.state')
      .where('bookings.pnr', '=', pnr)
      .execute();
    expect(holds).toEqual([{ state: 'released' }]);
    // Reading it again gives nothing back twice.
    await getBooking(app, pnr, { tokens: [deviceToken] });
    expect((await fareClassOf(app, selection)).seats_left).toBe(1);

    // A payment completing now re-takes the seat, all or nothing, once.
    const bookingId = (await bookingRowByPnr(app, pnr)).id;
    expect(await app.bookings.retakeSeats(bookingId)).toBe(true);
    expect(await app.bookings.retakeSeats(bookingId)).toBe(false);
    expect((await fareClassOf(app, selection)).seats_left).toBe(0);
    const revived = BookingResponseSchema.parse(
      (await getBooking(app, pnr, { tokens: [deviceToken] })).json(),
    ).booking;
    expect(revived.status).toBe('not_paid');
    expect(Date.parse(revived.holdExpiresAt ?? '')).toBe(clock.now().getTime() + HOLD_MS);
    // Paid: the held seats are sold, and expiry no longer touches them.
    await app.db.transaction().execute(async (trx) => {
      expect(await markSeatsSold(trx, bookingId, clock.now().toISOString())).toBe(1);
      await trx
        .updateTable('bookings')
        .set({ status: 'paid' })
        .where('id', '=', bookingId)
        .execute();
    });
    clock.advance(HOLD_MS + 1_000);
    expect(await app.bookings.expireOverdueHolds()).toBe(0);
    expect((await fareClassOf(app, selection)).seats_left).toBe(0);
  });

  it('the sweeper expires every overdue hold; a sold-out seat cannot be re-taken', async () => {
    const { app } = testApp;
    const search = await searchTrip(app, { oneWay: true, days: 26 });
    const body = bookingBody(search);
    const created = await Promise.all([createBooking(app, body), createBooking(app, body)]);
    const pnrs = created.map((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return CreateBookingResponseSchema.parse(response.json()).pnr;
    });
    const selection = body.selections[0];
    if (!selection) throw new Error('no selection');
    const held = (await fareClassOf(app, selection)).seats_left;
    clock.advance(HOLD_MS);
    expect(await app.bookings.expireOverdueHolds()).toBe(2);
    expect(await app.bookings.expireOverdueHolds()).toBe(0);
    expect((await fareClassOf(app, selection)).seats_left).toBe(held + 2);
    const statuses = await app.db
      .selectFrom('bookings')
      .select('status')
      .where('pnr', 'in', pnrs)
      .execute();
    expect(statuses).toEqual([{ status: 'expired' }, { status: 'expired' }]);

    // The seats are sold to someone else meanwhile: re-taking fails and changes nothing.
    const fare = await fareClassOf(app, selection);
    await setFareClass(app, fare.id, { seats_left: 0 });
    const id = (await bookingRowByPnr(app, pnrs[0] ?? '')).id;
    expect(await app.bookings.retakeSeats(id)).toBe(false);
    const after = await app.db
      .selectFrom('bookings')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('expired');
    expect((await fareClassOf(app, selection)).seats_left).toBe(0);
  });

  describe('the booking-created e-mail and the finish link', () => {
    let pnr: string;
    let link: string;

    beforeAll(async () => {
      const search = await searchTrip(testApp.app, { oneWay: true, days: 33 });
      const response = await createBooking(
        testApp.app,
        bookingBody(search, {
          booker: {
            firstName: 'Ioana',
            lastName: 'Marin',
            email: 'ioana.marin@example.com',
            phoneCode: '40',
            phone: '722000111',
          },
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      ({ pnr } = CreateBookingResponseSchema.parse(response.json()));
      const mail = await testApp.smtp.waitFor((received) =>
        received.to.includes('ioana.marin@example.com'),
      );
      expect(mail.subject).toBe(`Your booking ${pnr} is on hold`);
      expect(mail.text).toContain('Hello Ioana,');
      expect(mail.text).toContain(`Your booking ${pnr} is held until`);
      expect(mail.html).toContain(pnr);
      link = linkIn(mail, new RegExp(`^/api/booking/${pnr}/finish/[0-9a-f]{40}$`));
    });

    it('opening the link shows a page and uses nothing', async () => {
      for (let i = 0; i < 3; i += 1) {
        const page = await testApp.app.inject({ url: new URL(link).pathname });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.headers['cache-control']).toBe('no-store');
        expect(page.headers['referrer-policy']).toBe('no-referrer');
        const csp = String(page.headers['content-security-policy']);
        const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
        expect(nonce).toBeDefined();
        expect(csp).toContain("default-src 'none'");
        expect(page.body).toContain(`<script nonce="${nonce ?? ''}">`);
        expect(page.body).toContain('<html lang="en">');
        expect(page.body).toContain(`Open booking ${pnr} on this device to complete the payment.`);
        expect(page.body).toContain('>Continue to payment</button>');
      }
      const unused = await testApp.app.db
        .selectFrom('booking_link_tokens')
        .select('used_at')
        .where('token_hash', '=', secretHash(tokenIn(link)))
        .executeTakeFirstOrThrow();
      expect(unused.used_at).toBeNull();
      // Its language follows the visitor.
      const german = await testApp.app.inject({
        url: new URL(link).pathname,
        headers: { 'accept-language': 'de' },
      });
      expect(german.body).toContain('<html lang="de">');
      expect(german.body).toContain('Weiter zur Zahlung');
    });

    it('20 concurrent uses: exactly one gets a device token for the booking', async () => {
      const path = new URL(link).pathname;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          testApp.app.inject({
            method: 'POST',
            url: path,
            remoteAddress: freshClient(),
            payload: {},
          }),
        ),
      );
      const ok = answers.filter((answer) => answer.statusCode === 200);
      expect(ok).toHaveLength(1);
      for (const answer of answers.filter((a) => a.statusCode !== 200)) {
        expectApiError(answer, 410, 'LINK_EXPIRED');
      }
      const handOff = BookingHandOffResponseSchema.parse(ok[0]?.json());
      expect(handOff).toMatchObject({ pnr, next: `/booking/${pnr}/pay` });
      const read = await getBooking(testApp.app, pnr, { tokens: [handOff.deviceToken] });
      expect(read.statusCode).toBe(200);
      // The token stays stored only as a hash.
      const stored = await testApp.app.db
        .selectFrom('booking_device_tokens')
        .select('token_hash')
        .where('token_hash', '=', handOff.deviceToken)
        .execute();
      expect(stored).toEqual([]);
    });
  });

  it('login-quick links: single use, expiring, for their booking only', async () => {
    const { app } = testApp;
    const search = await searchTrip(app, { oneWay: true, days: 35 });
    const [first, second] = await Promise.all([
      createBooking(app, bookingBody(search)),
      createBooking(app, bookingBody(search)),
    ]);
    const a = CreateBookingResponseSchema.parse(first?.json());
    const b = CreateBookingResponseSchema.parse(second?.json());
    const idOf = async (pnr: string) => (await bookingRowByPnr(app, pnr)).id;
    const now = clock.now();
    const token = await issueBookingLinkToken(
      app.db,
      await idOf(a.pnr),
      'login_quick',
      new Date(now.getTime() + 60 * 60_000),
      now,
    );
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    const use = (pnr: string, value = token, path = 'login-quick') =>
      app.inject({
        method: 'POST',
        url:
          path === 'login-quick'
            ? `/api/booking/login-quick/${pnr}/${value}`
            : `/api/booking/${pnr}/${path}/${value}`,
        remoteAddress: freshClient(),
        payload: {},
      });
    // Another booking's PNR, or the other kind of link: refused, and the token is not used up.
    expectApiError(await use(b.pnr), 410, 'LINK_EXPIRED');
    expectApiError(await use(a.pnr, token, 'finish'), 410, 'LINK_EXPIRED');
    const page = await app.inject({ url: `/api/booking/login-quick/${a.pnr}/${token}` });
    expect(page.body).toContain('>Open my booking</button>');
    const used = await use(a.pnr.toLowerCase());
    expect(used.statusCode, used.body).toBe(200);
    expect(BookingHandOffResponseSchema.parse(used.json())).toMatchObject({
      pnr: a.pnr,
      next: `/bookings/${a.pnr}`,
    });
    expectApiError(await use(a.pnr), 410, 'LINK_EXPIRED');

    // Expired links say so, like used ones.
    const late = await issueBookingLinkToken(
      app.db,
      await idOf(b.pnr),
      'login_quick',
      new Date(now.getTime() + 60_000),
      now,
    );
    clock.advance(60_000);
    expectApiError(await use(b.pnr, late), 410, 'LINK_EXPIRED');
    // Malformed tokens never reach the service.
    expectApiError(await use(b.pnr, 'abc'), 400, 'VALIDATION_ERROR');
  });

  it('the finish link of a booking that can no longer be paid leads to the booking page', async () => {
    const { app } = testApp;
    const search = await searchTrip(app, { oneWay: true, days: 36 });
    const created = await createBooking(app, bookingBody(search));
    const { pnr } = CreateBookingResponseSchema.parse(created.json());
    const now = clock.now();
    const row = await bookingRowByPnr(app, pnr);
    const finish = async () => {
      const token = await issueBookingLinkToken(
        app.db,
        row.id,
        'finish',
        new Date(now.getTime() + 60 * 60_000),
        now,
      );
      const used = await app.inject({
        method: 'POST',
        url: `/api/booking/${pnr}/finish/${token}`,
        remoteAddress: freshClient(),
        payload: {},
      });
      expect(used.statusCode, used.body).toBe(200);
      return BookingHandOffResponseSchema.parse(used.json()).next;
    };
    expect(await finish()).toBe(`/booking/${pnr}/pay`);
    await app.db
      .updateTable('bookings')
      .set({ status: 'ticketed' })
      .where('id', '=', row.id)
      .execute();
    expect(await finish()).toBe(`/bookings/${pnr}`);
  });

  it('payment options: the enabled methods at the booking’s charge, and where cards are tokenised', async () => {
    const { app } = testApp;
    const search = await searchTrip(app, { oneWay: true, days: 37 });
    const response = await createBooking(app, bookingBody(search), { cookie: 'uq_currency=GBP' });
    expect(response.statusCode, response.body).toBe(200);
    const { pnr, deviceToken } = CreateBookingResponseSchema.parse(response.json());
    const row = await bookingRowByPnr(app, pnr);
    expect(row.currency).toBe('GBP');
    const options = await getBooking(app, pnr, { tokens: [deviceToken], path: 'payment-options' });
    expect(options.statusCode, options.body).toBe(200);
    const body = PaymentOptionsResponseSchema.parse(options.json());
    expect(body.options).toEqual([
      { method: 'CREDIT_CARD', amount: row.total_minor, currency: 'GBP', kind: 'card' },
      { method: 'PAYPAL', amount: row.total_minor, currency: 'GBP', kind: 'redirect' },
      { method: 'DIRECT_TO_AIRLINE', amount: row.total_minor, currency: 'GBP', kind: 'offline' },
    ]);
    expect(body.cardTokenization).toEqual(app.paymentProvider.cardTokenization());
    expectApiError(await getBooking(app, pnr, { path: 'payment-options' }), 404, 'NOT_FOUND');
  });

  it('documents every booking route in the OpenAPI document', async () => {
    const response = await testApp.app.inject({ url: '/api/openapi.json' });
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/api/booking/create'] ?? {})).toEqual(['post']);
    for (const path of [
      '/api/booking/{pnr}/get',
      '/api/booking/{pnr}/extra-data',
      '/api/booking/{pnr}/payment-options',
      '/api/booking/{pnr}/invoice',
    ]) {
      expect(Object.keys(paths[path] ?? {}), path).toEqual(['get']);
    }
    const invoice = paths['/api/booking/{pnr}/invoice']?.get as {
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    expect(Object.keys(invoice.responses['200']?.content ?? {})).toEqual(['application/pdf']);
    expect(Object.keys(invoice.responses['409']?.content ?? {})).toEqual(['application/json']);
    for (const path of [
      '/api/booking/{pnr}/finish/{token}',
      '/api/booking/login-quick/{pnr}/{token}',
    ]) {
      expect(Object.keys(paths[path] ?? {}).sort(), path).toEqual(['get', 'post']);
    }
  });
});
