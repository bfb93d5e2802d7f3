import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { CheapestDaysResponseSchema } from '@uniquair/contract/pricing';
import { SearchInitResponseSchema } from '@uniquair/contract/search';
import { addDays, ymdParts, type Ymd } from '@uniquair/domain/dates/ymd';
import { inventoryFlightIds } from '@uniquair/domain/search/connections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClient } from '../../../test/helpers/accounts.ts';
import { getBooking, searchTrip } from '../../../test/helpers/booking.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import type { PaymentsTestApp } from '../../../test/helpers/payments.ts';
import { comparable, pdfText } from '../../../test/helpers/pdf-text.ts';
import {
  bookingDetail,
  legOf,
  startScheduleChangeTestApp,
  ticketedBooking,
} from '../../../test/helpers/schedule-changes.ts';
import { dailyRoundTrip } from '../../../test/helpers/search.ts';
import { drainOutbox } from '../outbox/outbox.service.ts';
import type { MadeBooking } from '../../../test/helpers/payments-test-kit.ts';

const at = (days: number): Ymd => addDays(TEST_TODAY, days);

/**
 * A server whose inventory rolls forward (docs/database.md "Rolling the inventory forward"): flown
 * flights leave for the archive but a booked one stays, its booking whole, and the days rolled in
 * are searched and priced like the seeded ones.
 */
describe(`the rolling inventory of a running server (${dialectUnderTest()})`, () => {
  const clock = testClock();
  let test: PaymentsTestApp;
  let booking: MadeBooking;
  let flightIds: number[];

  beforeAll(async () => {
    test = await startScheduleChangeTestApp(clock);
    booking = await ticketedBooking(test, await searchTrip(test.app, { oneWay: true, days: 1 }));
    flightIds = inventoryFlightIds((await legOf(test.app, booking.id)).flight_ref);
  }, 60_000);

  afterAll(() => test.close());

  /** The e-ticket PDF of the tickets e-mail sent again to `email`, as text. */
  async function resentETicket(email: string): Promise<string> {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/booking/${booking.pnr}/resend-tickets`,
      remoteAddress: freshClient(),
      headers: { [DEVICE_TOKENS_HEADER]: booking.deviceToken },
      payload: { email },
    });
    expect(response.statusCode, response.body).toBe(200);
    await drainOutbox(test.app);
    const eTicket = await test.app.db
      .selectFrom('mail_attachments as a')
      .innerJoin('mail_outbox as m', 'm.id', 'a.mail_id')
      .select('a.content')
      .where('m.to_address', '=', email)
      .where('a.filename', 'like', '%e-ticket%')
      .executeTakeFirstOrThrow();
    return comparable(await pdfText(eTicket.content));
  }

  it('archives the flown flights but the booked one, and the booking stays whole', async () => {
    // Nine days on, the booked day (tomorrow then) is more than a week ago.
    clock.set(`${at(9)}T06:00:00.000Z`);
    const detail = await bookingDetail(test.app, booking);
    const invoice = await getBooking(test.app, booking.pnr, {
      tokens: [booking.deviceToken],
      path: 'invoice',
    });
    expect(invoice.statusCode).toBe(200);
    const eTicket = await resentETicket('before@example.org');

    const summary = await test.app.inventory.roll();

    expect(summary.days).toHaveLength(9);
    expect(summary.archived).toMatchObject({ before: at(2), kept: flightIds.length });
    expect(summary.archived?.flights).toBeGreaterThan(500);
    const live = await test.app.db
      .selectFrom('flights')
      .select('id')
      .where('departure_date', '<', at(2))
      .execute();
    expect(live.map((row) => row.id).sort()).toEqual([...flightIds].sort());
    const archived = await test.app.db
      .selectFrom('archived_flights')
      .select('id')
      .where('id', 'in', flightIds)
      .execute();
    expect(archived).toEqual([]);

    expect(await bookingDetail(test.app, booking)).toEqual(detail);
    const invoiceAfter = await getBooking(test.app, booking.pnr, {
      tokens: [booking.deviceToken],
      path: 'invoice',
    });
    expect(invoiceAfter.statusCode).toBe(200);
    expect(comparable(await pdfText(invoiceAfter.rawPayload))).toBe(
      comparable(await pdfText(invoice.rawPayload)),
    );
    expect(await resentETicket('after@example.org')).toBe(eTicket);
  }, 300_000);

  it('searches and prices the days rolled in', async () => {
    const { out } = await dailyRoundTrip(test.app.db);
    const day = at(9 + 364);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/search/init',
      remoteAddress: freshClient(),
      payload: {
        destinations: [{ route: out.id, date: day }],
        passengers: { adults: 1, children: 0, infants: 0 },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const leg = SearchInitResponseSchema.parse(response.json()).result?.results[0];
    expect(leg?.flights.length).toBeGreaterThan(0);
    expect(
      leg?.flights.every((flight) => flight.segments[0]?.departureLocal.slice(0, 10) === day),
    ).toBe(true);

    const { year, month } = ymdParts(day);
    const calendar = await test.app.inject({
      url: `/api/cheapest-price/days/${out.id}/${year}/${month}`,
    });
    expect(calendar.statusCode, calendar.body).toBe(200);
    const days = CheapestDaysResponseSchema.parse(calendar.json()).days;
    expect(days.find((marker) => marker.date === day)?.price).toBe(leg?.cheapestPrice);
  });
});
