import { IntlMessageFormat } from 'intl-messageformat';
import { BRAND_NAME } from '@uniquair/domain/config/app';
import { loadMessages } from '@uniquair/i18n/messages';
import { escapeHtml } from '../../lib/html-escape.ts';

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
    tickets: readonly { flightIndex: number; number: string }[];
  }[];
  /** Opens the booking (login-quick hand-off). */
  link: string;
  /** How long the link works. */
  linkDays: number;
}

const STYLE = {
  body: 'margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1d2433;',
  card: 'max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px;',
  brand: 'margin:0 0 24px;font-size:20px;font-weight:700;color:#123a8c;',
  text: 'margin:0 0 16px;font-size:16px;line-height:1.5;',
  heading: 'margin:24px 0 8px;font-size:17px;font-weight:700;',
  list: 'margin:0 0 16px;padding-left:20px;font-size:15px;line-height:1.6;',
  button:
    'display:inline-block;padding:12px 24px;background:#123a8c;color:#ffffff;border-radius:6px;font-weight:700;text-decoration:none;',
  small: 'margin:16px 0 0;font-size:13px;line-height:1.5;color:#4a5268;word-break:break-all;',
};

function icuLocale(locale: string): string {
  return locale.replace('_', '-');
}

function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    const format = new Intl.NumberFormat(icuLocale(locale), { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency}`;
  }
}

function formatDate(ymd: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(icuLocale(locale), {
      dateStyle: 'medium',
      timeZone: 'UTC',
    }).format(new Date(`${ymd}T00:00:00Z`));
  } catch {
    return ymd;
  }
}

/**
 * The booking confirmation e-mail, in the booking's language: the flights, every passenger with
 * their ticket number per flight, and a link that opens the booking. Written from the shared
 * catalogues; every value is escaped in the HTML part.
 */
export async function renderConfirmationMail(
  content: ConfirmationMailContent,
): Promise<{ subject: string; text: string; html: string }> {
  const { locale: resolved, messages } = await loadMessages(content.locale);
  const catalogue = messages as Readonly<Record<string, string>>;
  const format = (key: string, values: Record<string, string | number> = {}) => {
    const message = catalogue[key];
    if (message === undefined) throw new Error(`Missing mail text ${key} (${resolved})`);
    return String(
      new IntlMessageFormat(message, icuLocale(resolved)).format({
        brand: BRAND_NAME,
        firstName: content.firstName,
        pnr: content.pnr,
        ...values,
      }),
    );
  };
  const amount = formatMoney(content.total.amount, content.total.currency, resolved);
  const subject = format(
    content.payAtAirline
      ? 'mail.bookingConfirmation.subjectPayAtAirline'
      : 'mail.bookingConfirmation.subject',
  );
  const greeting = format('mail.greeting');
  const body = format(
    content.payAtAirline
      ? 'mail.bookingConfirmation.bodyPayAtAirline'
      : 'mail.bookingConfirmation.body',
    { amount },
  );
  const flightLines = content.flights.map((flight) =>
    format('mail.bookingConfirmation.flight', {
      from: flight.from,
      to: flight.to,
      date: formatDate(flight.date, resolved),
      flightNumbers: flight.flightNumbers,
    }),
  );
  const passengerBlocks = content.passengers.map((passenger) => ({
    name: passenger.name,
    lines: passenger.tickets.map((ticket) =>
      format('mail.bookingConfirmation.ticket', {
        route: `${content.flights[ticket.flightIndex]?.from ?? ''}–${content.flights[ticket.flightIndex]?.to ?? ''}`,
        number: ticket.number,
      }),
    ),
  }));
  const flightsHeading = format('mail.bookingConfirmation.flights');
  const passengersHeading = format('mail.bookingConfirmation.passengers');
  const action = format('mail.bookingConfirmation.action');
  const note = format('mail.bookingConfirmation.note', { days: content.linkDays });
  const linkHint = format('mail.linkHint');
  const signature = format('mail.signature');

  const text = [
    greeting,
    body,
    [flightsHeading, ...flightLines.map((line) => `- ${line}`)].join('\n'),
    [
      passengersHeading,
      ...passengerBlocks.flatMap((block) => [
        `- ${block.name}`,
        ...block.lines.map((line) => `  ${line}`),
      ]),
    ].join('\n'),
    `${action}:\n${content.link}`,
    note,
    signature,
  ].join('\n\n');

  const paragraph = (words: string) => `<p style="${STYLE.text}">${escapeHtml(words)}</p>`;
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(icuLocale(resolved))}">`,
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="${STYLE.body}">`,
    `<div style="${STYLE.card}">`,
    `<p style="${STYLE.brand}">${escapeHtml(BRAND_NAME)}</p>`,
    paragraph(greeting),
    paragraph(body),
    `<h2 style="${STYLE.heading}">${escapeHtml(flightsHeading)}</h2>`,
    `<ul style="${STYLE.list}">${flightLines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    `<h2 style="${STYLE.heading}">${escapeHtml(passengersHeading)}</h2>`,
    `<ul style="${STYLE.list}">${passengerBlocks
      .map(
        (block) =>
          `<li><strong>${escapeHtml(block.name)}</strong><br>${block.lines.map((line) => escapeHtml(line)).join('<br>')}</li>`,
      )
      .join('')}</ul>`,
    `<p style="${STYLE.text}"><a href="${escapeHtml(content.link)}" style="${STYLE.button}">${escapeHtml(action)}</a></p>`,
    paragraph(note),
    paragraph(signature),
    `<p style="${STYLE.small}">${escapeHtml(linkHint)}<br>${escapeHtml(content.link)}</p>`,
    '</div></body></html>',
  ].join('\n');

  return { subject, text, html };
}
