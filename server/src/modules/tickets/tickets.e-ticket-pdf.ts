import { BRAND_NAME } from '@uniquair/domain/config/app';
import { formatDate } from '../../lib/intl-format.ts';
import { mailFormatter } from '../../lib/mail-layout.ts';
import { renderPdf } from '../../lib/pdf-document.ts';

export interface ETicketContent {
  locale: string;
  pnr: string;
  /** Every flight segment of the booking, in flown order (a connection is two or three). */
  segments: readonly {
    from: string;
    to: string;
    flightNumber: string;
    /** Local departure and arrival, `YYYY-MM-DDTHH:MM…` (the airports' own time). */
    departureLocal: string;
    arrivalLocal: string;
  }[];
  passengers: readonly {
    name: string;
    /** One per flight segment; `route` is the segment's (`ZRH–MIA`). */
    tickets: readonly { route: string; number: string }[];
  }[];
}

/** `2026-12-01T10:05:00` as the locale writes the day, with the local time of the airport. */
function localTime(value: string, locale: string): string {
  if (value.length < 16) return value;
  return `${formatDate(value.slice(0, 10), locale)} ${value.slice(11, 16)}`;
}

/**
 * The e-ticket of a booking as a PDF, in its language and the documents' layout
 * (`lib/pdf-document.ts`): the PNR, every flight segment with local departure and arrival, and
 * each passenger's ticket number per segment.
 */
export async function renderETicket(content: ETicketContent): Promise<Buffer> {
  const { locale, format } = await mailFormatter(content.locale, {});
  return renderPdf({
    locale,
    title: `${format('invoice.ticket.title')} ${content.pnr}`,
    author: BRAND_NAME,
    blocks: [
      {
        kind: 'title',
        text: format('invoice.ticket.title'),
        subtitle: format('invoice.ticket.subtitle', { pnr: content.pnr }),
      },
      { kind: 'heading', text: format('invoice.ticket.flights') },
      {
        kind: 'table',
        columns: [
          { label: format('invoice.ticket.flight'), width: 0.2 },
          { label: format('invoice.ticket.route'), width: 0.2 },
          { label: format('invoice.ticket.departure'), width: 0.3 },
          { label: format('invoice.ticket.arrival'), width: 0.3 },
        ],
        rows: content.segments.map((segment) => [
          segment.flightNumber,
          `${segment.from}–${segment.to}`,
          localTime(segment.departureLocal, locale),
          localTime(segment.arrivalLocal, locale),
        ]),
      },
      { kind: 'heading', text: format('invoice.ticket.passengers') },
      {
        kind: 'table',
        columns: [
          { label: format('invoice.ticket.passenger'), width: 0.45 },
          { label: format('invoice.ticket.route'), width: 0.2 },
          { label: format('invoice.ticket.number'), width: 0.35 },
        ],
        rows: content.passengers.flatMap((passenger) =>
          passenger.tickets.map((ticket) => [passenger.name, ticket.route, ticket.number]),
        ),
      },
      { kind: 'paragraph', text: format('invoice.ticket.note') },
    ],
  });
}

/** The file name of a booking's e-ticket PDF. */
export function eTicketFileName(pnr: string): string {
  return `${BRAND_NAME.toLowerCase()}-e-ticket-${pnr}.pdf`;
}
