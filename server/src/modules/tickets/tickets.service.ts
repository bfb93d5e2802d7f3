import { createHash, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { queueRenderedMail, type MailAttachment } from '../mail/mail.service.ts';
import type { OutboxDispatcher, OutboxContext } from '../outbox/outbox.service.ts';
import { enqueue } from '../outbox/outbox.service.ts';
import { renderConfirmationMail } from './tickets.confirmation-mail.ts';
import { eTicketFileName, renderETicket } from './tickets.e-ticket-pdf.ts';
import {
  deleteFlightTickets,
  flightsOfBooking,
  insertTicket,
  markTicketed,
  passengersOfBooking,
  ticketNumberExists,
  ticketsOfBooking,
} from './tickets.repository.ts';

/** How long the confirmation e-mail's link opens the booking. */
export const CONFIRMATION_LINK_DAYS = 30;

/** Statuses in which a booking gets tickets. */
const TICKETABLE = new Set(['paid', 'ticketed', 'pay_at_airline']);

/**
 * The 3-digit airline prefix of an e-ticket number for a carrier code: a stable number from 100
 * to 999 derived from the code (the same carrier always gets the same prefix).
 */
export function airlinePrefix(carrier: string): string {
  const digest = createHash('sha256').update(carrier.toUpperCase()).digest();
  return String(100 + (digest.readUInt32BE(0) % 900));
}

/** A 13-digit e-ticket number: the carrier's prefix and 10 random digits. */
export function newTicketNumber(
  carrier: string,
  random: () => number = () => randomInt(0, 1e10),
): string {
  return `${airlinePrefix(carrier)}${String(random()).padStart(10, '0')}`;
}

/** A booked leg's segment as the tickets read it (the stored `segments` JSON, contract shape). */
interface TicketSegment {
  carrier: string;
  flightNumber: string;
  from: string;
  to: string;
  departureLocal: string;
  arrivalLocal: string;
}

/**
 * The segments of a booked leg, in flown order. A leg always has at least one: a stored list
 * that cannot be read stands for one segment of our own code (`UQ`), so its passengers are
 * still ticketed.
 */
function ticketSegmentsOf(segments: string): TicketSegment[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(segments);
  } catch {
    parsed = [];
  }
  const list = Array.isArray(parsed) ? (parsed as Record<string, unknown>[]) : [];
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const read = list.map((segment) => ({
    carrier: text(segment.carrier) || 'UQ',
    flightNumber: text(segment.flightNumber),
    from: text(segment.from),
    to: text(segment.to),
    departureLocal: text(segment.departureLocal),
    arrivalLocal: text(segment.arrivalLocal),
  }));
  return read.length > 0
    ? read
    : [{ carrier: 'UQ', flightNumber: '', from: '', to: '', departureLocal: '', arrivalLocal: '' }];
}

/** Draws ticket numbers of a carrier until one is free, and stores it. */
async function issueTicket(
  trx: Kysely<Database>,
  ticket: { bookingId: number; flightIndex: number; segmentIndex: number; passengerIndex: number },
  carrier: string,
  now: Date,
): Promise<void> {
  let number = newTicketNumber(carrier);
  while (await ticketNumberExists(trx, number)) number = newTicketNumber(carrier);
  await insertTicket(trx, { ...ticket, number, now: now.toISOString() });
}

/**
 * Issues the booking's tickets: one per passenger (infants included) per flight segment (a
 * connection's flights each get a ticket of their own carrier), each number unique (a clash
 * draws again). Only missing tickets are issued, so running it again issues
 * nothing. A paid booking becomes `ticketed`; a pay-at-airline one keeps its status. Answers how
 * many tickets it issued, or null when the booking is not in a ticketable status.
 */
export async function issueTickets(
  trx: Kysely<Database>,
  bookingId: number,
  now: Date,
): Promise<{
  issued: number;
  status: string;
  pnr: string;
  ownerUserId: number | null;
  method: string | null;
} | null> {
  const booking = await trx
    .selectFrom('bookings')
    .select(['id', 'pnr', 'status', 'owner_user_id', 'payment_method'])
    .where('id', '=', bookingId)
    .executeTakeFirst();
  if (booking === undefined || !TICKETABLE.has(booking.status)) return null;
  const nowIso = now.toISOString();
  const [flights, passengers, existing] = await Promise.all([
    flightsOfBooking(trx, bookingId),
    passengersOfBooking(trx, bookingId),
    ticketsOfBooking(trx, bookingId),
  ]);
  const have = new Set(
    existing.map(
      (ticket) => `${ticket.flight_index}:${ticket.segment_index}:${ticket.passenger_index}`,
    ),
  );
  let issued = 0;
  for (const flight of flights) {
    const segments = ticketSegmentsOf(flight.segments);
    for (const [segmentIndex, segment] of segments.entries()) {
      for (let passengerIndex = 0; passengerIndex < passengers.length; passengerIndex += 1) {
        if (have.has(`${flight.position}:${segmentIndex}:${passengerIndex}`)) continue;
        const place = { bookingId, flightIndex: flight.position, segmentIndex, passengerIndex };
        await issueTicket(trx, place, segment.carrier, now);
        issued += 1;
      }
    }
  }
  let status = booking.status;
  if (status === 'paid' && (await markTicketed(trx, bookingId, nowIso))) status = 'ticketed';
  return {
    issued,
    status,
    pnr: booking.pnr,
    ownerUserId: booking.owner_user_id,
    method: booking.payment_method,
  };
}

/**
 * Re-issues the tickets of one flight of a booking after it moved to another flight (schedule
 * changes, docs/schedule-changes.md): each passenger who had a ticket for it gets a new number
 * for every segment of the new flight, of that segment's carrier, in the caller's transaction. A flight without tickets (not yet issued)
 * stays without: the payment's outbox entry issues them. Answers how many were re-issued.
 */
export async function reissueFlightTickets(
  trx: Kysely<Database>,
  bookingId: number,
  flightIndex: number,
  now: Date,
): Promise<number> {
  const removed = await deleteFlightTickets(trx, bookingId, flightIndex);
  if (removed.length === 0) return 0;
  const flight = (await flightsOfBooking(trx, bookingId)).find(
    (candidate) => candidate.position === flightIndex,
  );
  const segments = ticketSegmentsOf(flight?.segments ?? '[]');
  let issued = 0;
  for (const passengerIndex of removed) {
    for (const [segmentIndex, segment] of segments.entries()) {
      const place = { bookingId, flightIndex, segmentIndex, passengerIndex };
      await issueTicket(trx, place, segment.carrier, now);
      issued += 1;
    }
  }
  return issued;
}

export interface TicketHandlerOptions {
  publicUrl: string;
  /** Whether e-mails leave the server (an SMTP server is configured). */
  mailDelivers: () => boolean;
  /** Called after the confirmation e-mail is committed (sends it soon). */
  kickMail: () => void;
  /** The booking module's link tokens (`login_quick` for the e-mail's link). */
  issueLinkToken: (
    db: Kysely<Database>,
    bookingId: number,
    purpose: 'login_quick',
    expiresAt: Date,
    now: Date,
  ) => Promise<string>;
  /** The booking module's invoice PDF of a booking, null when it has none (not paid to us). */
  invoicePdf: (
    db: Kysely<Database>,
    bookingId: number,
  ) => Promise<{ fileName: string; content: Buffer } | null>;
}

interface BookingPayload {
  bookingId: number;
}

function bookingIdOf(payload: unknown): number {
  const id = (payload as Partial<BookingPayload> | null)?.bookingId;
  if (typeof id !== 'number' || !Number.isInteger(id))
    throw new Error('outbox payload without bookingId');
  return id;
}

/**
 * `booking.paid` / `booking.confirmed`: issue the tickets, then (same transaction, which also
 * marks the outbox entry done) enqueue the confirmation e-mail and the push entries. The entry is
 * written once, by the transition that paid or confirmed the booking, so all of this happens once.
 */
async function onBookingPaid(payload: unknown, context: OutboxContext): Promise<void> {
  const bookingId = bookingIdOf(payload);
  const now = context.now();
  const outcome = await issueTickets(context.db, bookingId, now);
  if (outcome === null) {
    context.log.warn({ bookingId }, 'tickets not issued: the booking is not paid or confirmed');
    return;
  }
  if (outcome.issued === 0) return;
  const push = {
    pnr: outcome.pnr,
    bookingId,
    status: outcome.status,
    ownerUserId: outcome.ownerUserId,
  };
  await enqueue(context.db, 'mail.booking-confirmation', { bookingId }, now);
  await enqueue(context.db, 'push.booking-status', push, now);
  if (outcome.method === 'TRUSTLY') {
    await enqueue(context.db, 'push.payment-trustly-paid', push, now);
  }
}

/** Registers the ticket and confirmation e-mail handlers on the outbox. */
export function registerTicketHandlers(
  outbox: OutboxDispatcher,
  options: TicketHandlerOptions,
): void {
  outbox.register('booking.paid', onBookingPaid, { transactional: true });
  outbox.register('booking.confirmed', onBookingPaid, { transactional: true });
  outbox.register(
    'mail.booking-confirmation',
    async (payload, context) => {
      await writeConfirmationMail(context, bookingIdOf(payload), options, recipientOf(payload));
      context.afterCommit(options.kickMail);
    },
    {
      transactional: true,
      // The PDFs are drawn before the transaction: on SQLite it holds the one connection.
      prepare: (payload, db) => confirmationAttachments(db, bookingIdOf(payload), options),
    },
  );
}

/** The address a re-sent confirmation goes to (`to` in the payload); null: the booker's. */
function recipientOf(payload: unknown): string | null {
  const to = (payload as { to?: unknown } | null)?.to;
  return typeof to === 'string' && to !== '' ? to : null;
}

/** A booking's rows the confirmation e-mail and its e-ticket are written from. */
async function confirmationContent(db: Kysely<Database>, bookingId: number) {
  const booking = await db
    .selectFrom('bookings')
    .selectAll()
    .where('id', '=', bookingId)
    .executeTakeFirst();
  if (booking === undefined) return null;
  const [flights, passengers, tickets] = await Promise.all([
    flightsOfBooking(db, bookingId),
    passengersOfBooking(db, bookingId),
    ticketsOfBooking(db, bookingId),
  ]);
  const legs = flights.map((flight) => ({
    flight,
    segments: ticketSegmentsOf(flight.segments),
  }));
  const routeOf = (ticket: (typeof tickets)[number]) => {
    const leg = legs.find((entry) => entry.flight.position === ticket.flight_index);
    const segment = leg?.segments[ticket.segment_index];
    return segment === undefined ? '' : `${segment.from}–${segment.to}`;
  };
  return {
    booking,
    flights: legs.map(({ flight, segments }) => ({
      from: flight.from_airport,
      to: flight.to_airport,
      date: flight.date,
      flightNumbers: segments
        .map((segment) => segment.flightNumber)
        .filter((number) => number !== '')
        .join(', '),
    })),
    segments: legs.flatMap((leg) => leg.segments),
    passengers: passengers.map((passenger, index) => ({
      name: `${passenger.first_name} ${passenger.last_name}`,
      tickets: tickets
        .filter((ticket) => ticket.passenger_index === index)
        .map((ticket) => ({ route: routeOf(ticket), number: ticket.number })),
    })),
  };
}

/** The confirmation e-mail's files: the invoice (when the booking has one) and the e-ticket. */
async function confirmationAttachments(
  db: Kysely<Database>,
  bookingId: number,
  options: TicketHandlerOptions,
): Promise<MailAttachment[]> {
  const content = await confirmationContent(db, bookingId);
  if (content === null) return [];
  const pdf = (filename: string, bytes: Buffer): MailAttachment => ({
    filename,
    contentType: 'application/pdf',
    content: bytes,
  });
  const invoice = await options.invoicePdf(db, bookingId);
  const eTicket = await renderETicket({
    locale: content.booking.locale,
    pnr: content.booking.pnr,
    segments: content.segments,
    passengers: content.passengers,
  });
  return [
    ...(invoice === null ? [] : [pdf(invoice.fileName, invoice.content)]),
    pdf(eTicketFileName(content.booking.pnr), eTicket),
  ];
}

async function writeConfirmationMail(
  context: OutboxContext,
  bookingId: number,
  options: TicketHandlerOptions,
  recipient: string | null,
): Promise<void> {
  const { db } = context;
  const now = context.now();
  const content = await confirmationContent(db, bookingId);
  if (content === null) return;
  const { booking } = content;
  const attachments = Array.isArray(context.prepared)
    ? (context.prepared as MailAttachment[])
    : await confirmationAttachments(db, bookingId, options);
  const token = await options.issueLinkToken(
    db,
    bookingId,
    'login_quick',
    new Date(now.getTime() + CONFIRMATION_LINK_DAYS * 86_400_000),
    now,
  );
  const rendered = await renderConfirmationMail({
    locale: booking.locale,
    firstName: booking.booker_first_name,
    pnr: booking.pnr,
    payAtAirline: booking.status === 'pay_at_airline',
    total: { amount: Number(booking.total_minor), currency: booking.currency },
    flights: content.flights,
    passengers: content.passengers,
    link: `${options.publicUrl}/api/booking/login-quick/${booking.pnr}/${token}`,
    linkDays: CONFIRMATION_LINK_DAYS,
    invoiceAttached: attachments.length > 1,
  });
  await queueRenderedMail(
    db,
    {
      kind: 'bookingConfirmation',
      to: recipient ?? booking.booker_email,
      locale: booking.locale,
      ...rendered,
      attachments,
    },
    { delivers: options.mailDelivers(), now },
  );
}
