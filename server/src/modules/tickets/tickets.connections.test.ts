import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookConnection } from '../../../test/helpers/connections.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import type { PaymentsTestApp } from '../../../test/helpers/payments.ts';
import { comparable, pdfText } from '../../../test/helpers/pdf-text.ts';
import {
  bookingDetail,
  startScheduleChangeTestApp,
} from '../../../test/helpers/schedule-changes.ts';
import { airlinePrefix, issueTickets } from './tickets.service.ts';

/**
 * Tickets of a connection (docs/payments-flow.md "Tickets and the confirmation e-mail"): each flight of a booked leg is a segment
 * with a ticket of its own, numbered with its carrier's prefix, in the booking, the confirmation
 * e-mail and the e-ticket PDF.
 */
describe(`tickets of a connection (${dialectUnderTest()})`, () => {
  let test: PaymentsTestApp;
  const touched = new Set<number>();

  beforeAll(async () => {
    test = await startScheduleChangeTestApp(testClock());
  });

  afterAll(() => test.close());

  /** The confirmation e-mail of a booking, as the outbox wrote it, and its e-ticket PDF's text. */
  async function confirmation(pnr: string) {
    const mail = await test.app.db
      .selectFrom('mail_outbox')
      .select(['id', 'text_body'])
      .where('kind', '=', 'bookingConfirmation')
      .where('subject', 'like', `%${pnr}%`)
      .executeTakeFirstOrThrow();
    const eTicket = await test.app.db
      .selectFrom('mail_attachments')
      .select('content')
      .where('mail_id', '=', mail.id)
      .where('filename', 'like', '%e-ticket%')
      .executeTakeFirstOrThrow();
    return { text: mail.text_body, eTicket: comparable(await pdfText(eTicket.content)) };
  }

  it('issues a ticket per flight of a connection of two airlines, each of its own carrier', async () => {
    const { booking } = await bookConnection(test, touched, {
      accept: (flight) => flight.segments[0]?.carrier !== flight.segments[1]?.carrier,
    });
    const detail = await bookingDetail(test.app, booking);
    const segments = detail.flights[0]?.segments ?? [];
    expect(segments).toHaveLength(2);
    expect(detail.tickets).toHaveLength(2);
    expect(detail.tickets.map((ticket) => [ticket.flightIndex, ticket.segmentIndex])).toEqual([
      [0, 0],
      [0, 1],
    ]);
    segments.forEach((segment, index) => {
      expect(detail.tickets[index]?.number.slice(0, 3)).toBe(airlinePrefix(segment.carrier));
    });
    expect(airlinePrefix(segments[0]?.carrier ?? '')).not.toBe(
      airlinePrefix(segments[1]?.carrier ?? ''),
    );

    const { text, eTicket } = await confirmation(booking.pnr);
    for (const [index, segment] of segments.entries()) {
      const number = detail.tickets[index]?.number ?? '';
      expect(text).toContain(`${segment.from}–${segment.to}: e-ticket ${number}`);
      expect(eTicket).toContain(segment.flightNumber);
      expect(eTicket).toContain(`${segment.from}–${segment.to} ${number}`);
    }
  });

  it('issues nothing more when run again, and only the missing segment’s tickets', async () => {
    const { booking } = await bookConnection(test, touched);
    const { db } = test.app;
    const before = (await bookingDetail(test.app, booking)).tickets;
    expect(before).toHaveLength(2);
    expect(await issueTickets(db, booking.id, new Date())).toMatchObject({ issued: 0 });

    // A booking ticketed before connections had tickets per segment: only its first segment's.
    await db
      .deleteFrom('tickets')
      .where('booking_id', '=', booking.id)
      .where('segment_index', '=', 1)
      .execute();
    expect(await issueTickets(db, booking.id, new Date())).toMatchObject({ issued: 1 });
    const after = (await bookingDetail(test.app, booking)).tickets;
    expect(after[0]).toEqual(before[0]);
    expect(after[1]).toMatchObject({ segmentIndex: 1, passengerIndex: 0 });
    expect(after[1]?.number).not.toBe(before[1]?.number);
  });
});
