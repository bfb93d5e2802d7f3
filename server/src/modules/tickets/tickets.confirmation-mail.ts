import { formatDate, formatMoney } from '../../lib/intl-format.ts';
import {
  layoutMail,
  mailFormatter,
  type MailBlock,
  type RenderedMail,
} from '../../lib/mail-layout.ts';

/** The catalogue keys of the booking confirmation e-mail (besides `mail.greeting`/`signature`). */
export const CONFIRMATION_MAIL_KEYS = [
  'mail.bookingConfirmation.subject',
  'mail.bookingConfirmation.body',
  'mail.bookingConfirmation.subjectPayAtAirline',
  'mail.bookingConfirmation.bodyPayAtAirline',
  'mail.bookingConfirmation.flights',
  'mail.bookingConfirmation.flight',
  'mail.bookingConfirmation.passengers',
  'mail.bookingConfirmation.ticket',
  'mail.bookingConfirmation.action',
  'mail.bookingConfirmation.note',
] as const;

export interface ConfirmationMailContent {
  locale: string;
  firstName: string;
  pnr: string;
  /** Confirmed with the payment due to the airline (DIRECT_TO_AIRLINE). */
  payAtAirline: boolean;
  total: { amount: number; currency: string };
  flights: readonly { from: string; to: string; date: string; flightNumbers: string }[];
  passengers: readonly {
    name: string;
    /** One per flight segment; `route` is the segment's (`ZRH–MIA`). */
    tickets: readonly { route: string; number: string }[];
  }[];
  /** Opens the booking (login-quick hand-off). */
  link: string;
  /** How long the link works. */
  linkDays: number;
  /** The invoice PDF is attached (with the e-ticket PDF); the e-mail says so. */
  invoiceAttached: boolean;
}

/**
 * The booking confirmation e-mail, in the booking's language and the one mail layout
 * (`lib/mail-layout.ts`): the flights, every passenger with their ticket number per flight
 * segment, and a
 * link that opens the booking. Written from the shared catalogues.
 */
export async function renderConfirmationMail(
  content: ConfirmationMailContent,
): Promise<RenderedMail> {
  const { locale: resolved, format } = await mailFormatter(content.locale, {
    firstName: content.firstName,
    pnr: content.pnr,
  });
  const amount = formatMoney(content.total.amount, content.total.currency, resolved);
  const paragraph = (text: string): MailBlock => ({ kind: 'paragraph', text });
  return layoutMail({
    locale: resolved,
    subject: format(
      content.payAtAirline
        ? 'mail.bookingConfirmation.subjectPayAtAirline'
        : 'mail.bookingConfirmation.subject',
    ),
    blocks: [
      paragraph(format('mail.greeting')),
      paragraph(
        format(
          content.payAtAirline
            ? 'mail.bookingConfirmation.bodyPayAtAirline'
            : 'mail.bookingConfirmation.body',
          { amount },
        ),
      ),
      { kind: 'heading', text: format('mail.bookingConfirmation.flights') },
      {
        kind: 'list',
        items: content.flights.map((flight) => ({
          lines: [
            format('mail.bookingConfirmation.flight', {
              from: flight.from,
              to: flight.to,
              date: formatDate(flight.date, resolved),
              flightNumbers: flight.flightNumbers,
            }),
          ],
        })),
      },
      { kind: 'heading', text: format('mail.bookingConfirmation.passengers') },
      {
        kind: 'list',
        items: content.passengers.map((passenger) => ({
          title: passenger.name,
          lines: passenger.tickets.map((ticket) =>
            format('mail.bookingConfirmation.ticket', {
              route: ticket.route,
              number: ticket.number,
            }),
          ),
        })),
      },
      ...(content.invoiceAttached ? [paragraph(format('invoice.mail.attached'))] : []),
      { kind: 'action', label: format('mail.bookingConfirmation.action'), link: content.link },
      paragraph(format('mail.bookingConfirmation.note', { days: content.linkDays })),
      paragraph(format('mail.signature')),
    ],
    linkFooter: { hint: format('mail.linkHint'), link: content.link },
  });
}
