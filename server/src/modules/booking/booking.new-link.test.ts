import {
  BookingHandOffResponseSchema,
  CreateBookingResponseSchema,
  SEAT_HOLD_MINUTES,
} from '@uniquair/contract/booking';
import { describe, expect, it } from 'vitest';
import { freshClient } from '../../../test/helpers/accounts.ts';
import {
  bookingBody,
  createBooking,
  searchTrip,
  useMailingBookingTestApp,
} from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { linkIn, type ReceivedMail } from '../../../test/helpers/smtp.ts';
import { LINKS_PER_BOOKING_PER_HOUR, REQUESTED_LINK_HOURS } from './booking.hand-off.ts';

const HOUR_MS = 3_600_000;

describe(`a new e-mailed link on request (${dialectUnderTest()})`, () => {
  const clock = testClock();
  const testApp = useMailingBookingTestApp(clock, { BOOKING_LOOKUP_MISSES: '3' });

  const ask = (pnr: string, client = freshClient()) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/booking/${pnr}/send-link`,
      remoteAddress: client,
      payload: {},
    });
  const use = (link: string) =>
    testApp.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      remoteAddress: freshClient(),
      payload: {},
    });
  const mailsTo = (address: string) =>
    testApp.smtp.received.filter((mail) => mail.to.includes(address));
  /** The next e-mail to `address` after the `seen` ones. */
  const nextMail = async (address: string, seen: number): Promise<ReceivedMail> => {
    await testApp.smtp.waitFor(() => mailsTo(address).length > seen);
    return mailsTo(address)[seen] as ReceivedMail;
  };

  async function book(email: string, days: number): Promise<string> {
    const search = await searchTrip(testApp.app, { oneWay: true, days });
    const response = await createBooking(
      testApp.app,
      bookingBody(search, {
        booker: {
          firstName: 'Mara',
          lastName: 'Ionescu',
          email,
          phoneCode: '40',
          phone: '722000111',
        },
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { pnr } = CreateBookingResponseSchema.parse(response.json());
    await nextMail(email, 0); // the booking-created e-mail
    return pnr;
  }

  it('sends the booker a link to finish paying while the hold runs, then one to open the booking', async () => {
    const email = 'mara.ionescu@example.com';
    const pnr = await book(email, 40);

    const asked = await ask(pnr.toLowerCase());
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ success: true });
    expect(asked.headers['cache-control']).toContain('no-store');
    const mail = await nextMail(email, 1);
    expect(mail.subject).toBe(`Your link to booking ${pnr}`);
    expect(mail.text).toContain('Hello Mara,');
    const finish = linkIn(mail, new RegExp(`^/api/booking/${pnr}/finish/[0-9a-f]{40}$`));
    const finished = await use(finish);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(BookingHandOffResponseSchema.parse(finished.json()).next).toBe(`/booking/${pnr}/pay`);
    expectApiError(await use(finish), 410, 'LINK_EXPIRED');

    // Past the hold the booking can no longer be paid: the link opens it, for a day.
    clock.advance(SEAT_HOLD_MINUTES * 60_000 + 1_000);
    expect((await ask(pnr)).statusCode).toBe(202);
    const loginQuick = new RegExp(`^/api/booking/login-quick/${pnr}/[0-9a-f]{40}$`);
    const late = linkIn(await nextMail(email, 2), loginQuick);
    clock.advance(REQUESTED_LINK_HOURS * HOUR_MS + 1_000);
    expectApiError(await use(late), 410, 'LINK_EXPIRED');
    expect((await ask(pnr)).statusCode).toBe(202);
    const opened = await use(linkIn(await nextMail(email, 3), loginQuick));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(BookingHandOffResponseSchema.parse(opened.json()).next).toBe(`/bookings/${pnr}`);
  });

  it(`sends at most ${LINKS_PER_BOOKING_PER_HOUR} links an hour to a booking's address, and only to it`, async () => {
    const email = 'cap.owner@example.com';
    const pnr = await book(email, 42);
    // The booking-created e-mail carried the first link of the hour.
    for (let i = 0; i < LINKS_PER_BOOKING_PER_HOUR + 2; i += 1) {
      expect((await ask(pnr)).statusCode).toBe(202);
    }
    await nextMail(email, LINKS_PER_BOOKING_PER_HOUR - 1);
    await testApp.app.mail.flush();
    expect(mailsTo(email)).toHaveLength(LINKS_PER_BOOKING_PER_HOUR);
    expect(testApp.smtp.received.every((mail) => mail.to.length === 1)).toBe(true);

    clock.advance(HOUR_MS + 1_000);
    expect((await ask(pnr)).statusCode).toBe(202);
    await nextMail(email, LINKS_PER_BOOKING_PER_HOUR);
  });

  it('answers an unknown PNR alike, sends nothing, and counts it as a miss', async () => {
    const client = freshClient();
    const before = testApp.smtp.received.length;
    for (let i = 0; i < 3; i += 1) {
      const response = await ask('ZZZZZZ9', client);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ success: true });
    }
    await testApp.app.mail.flush();
    expect(testApp.smtp.received).toHaveLength(before);
    // Past the look-up limit the client waits, whatever the PNR.
    const locked = await ask('ZZZZZZ9', client);
    expectApiError(locked, 429, 'TOO_MANY_REQUESTS');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expectApiError(await ask('bad', client), 400, 'VALIDATION_ERROR');
  });

  it('offers it on the page of a used or expired link, in the visitor’s language', async () => {
    const page = await testApp.app.inject({
      url: `/api/booking/login-quick/K7Q2ZP4/${'a'.repeat(40)}`,
      headers: { 'accept-language': 'de' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<button id="again" type="button" hidden data-path="/api/booking/K7Q2ZP4/send-link"',
    );
    expect(page.body).toContain('>Neuen Link per E-Mail senden</button>');
    const openapi = await testApp.app.inject({ url: '/api/openapi.json' });
    const paths = openapi.json<{ paths: Record<string, Record<string, { responses: object }>> }>()
      .paths;
    expect(Object.keys(paths['/api/booking/{pnr}/send-link']?.post?.responses ?? {})).toContain(
      '202',
    );
  });
});
