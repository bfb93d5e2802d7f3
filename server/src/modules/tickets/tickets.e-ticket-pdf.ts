import { BRAND_NAME } from '@uniquair/domain/config/app';
import { formatDate } from '../../lib/intl-format.ts';
import { mailFormatter } from '../../lib/mail-layout.ts';
import { renderPdf } from '../../lib/pdf-document.ts';

export interface ETicketContent {
  locale: string;
  pnr: string;
  flights: readonly {
    from: string;
    to: string;
    flightNumbers: string;
    /** Local departure and arrival, `YYYY-MM-DDTHH:MM…` (the airports' own time). */
    departureLocal: string;
    arrivalLocal: string;
  }[];
  passengers: readonly {
    name: string;
    tickets: readonly { flightIndex: number; number: string }[];
  }[];
}

/** `2026-12-01T10:05:00` as the locale writes the day, with the local time of the airport. */
function localTime(value: string, locale: string): string {
  if (value.length < 16) return value;
  return `${formatDate(value.slice(0, 10), locale)} ${value.slice(11, 16)}`;
}

/**
 * The e-ticket of a booking as a PDF, in its language and the documents' layout
 * (`lib/pdf-document.ts`): the PNR, every flight with local departure and arrival, and each
 * passenger's ticket number per flight.
 */
export async function renderETicket(content: ETicketContent): Promise<Buffer> {
  const { locale, format } = await mailFormatter(content.locale, {});
  const route = (index: number) => {
    const flight = content.flights[index];
    return flight === undefined ? '' : `${flight.from}–${flight.to}`;
  };
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
        rows: content.flights.map((flight, index) => [
          flight.flightNumbers,
          route(index),
          localTime(flight.departureLocal, locale),
          localTime(flight.arrivalLocal, locale),
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
          passenger.tickets.map((ticket) => [
            passenger.name,
            route(ticket.flightIndex),
            ticket.number,
          ]),
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
