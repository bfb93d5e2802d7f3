import type { FastifyInstance } from 'fastify';
import {
  icuLocale,
  layoutMail,
  mailFormatter,
  type MailBlock,
  type RenderedMail,
} from '../../lib/mail-layout.ts';
import { queueRenderedMail } from '../mail/mail.service.ts';
import { registerOutboxHandler, type OutboxContext } from '../outbox/outbox.service.ts';
import { issueBookingLinkToken } from './booking.repository.ts';
import { changeForMail } from './booking.schedule-change-repository.ts';
import { SCHEDULE_CHANGE_MAIL_TOPIC } from './booking.schedule-changes.ts';

/** How long the e-mail's link opens the booking. */
const LINK_DAYS = 14;

export interface ScheduleChangeMailContent {
  locale: string;
  firstName: string;
  pnr: string;
  from: string;
  to: string;
  /** Times as the traveller reads them: local at each airport. */
  old: { departure: string; arrival: string };
  /** Null: the flight was cancelled, or the connection missed. */
  new: { departure: string; arrival: string } | null;
  /** New times of one flight of the connection broke it. */
  missedConnection: boolean;
  link: string;
}

/** An instant as the wall clock of an airport shows it, in the reader's language. */
export function localTime(instant: string, timeZone: string | undefined, locale: string): string {
  try {
    return new Intl.DateTimeFormat(icuLocale(locale), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: timeZone ?? 'UTC',
    }).format(new Date(instant));
  } catch {
    return instant;
  }
}

/**
 * The schedule-change e-mail, in the booking's language and the one mail layout: the leg's old
 * and new times (or that it was cancelled), what the traveller can do, and a link that opens the
 * booking where they answer.
 */
export async function renderScheduleChangeMail(
  content: ScheduleChangeMailContent,
): Promise<RenderedMail> {
  const { locale, format } = await mailFormatter(content.locale, {
    firstName: content.firstName,
    pnr: content.pnr,
    from: content.from,
    to: content.to,
  });
  const paragraph = (text: string): MailBlock => ({ kind: 'paragraph', text });
  const kind = content.missedConnection
    ? 'MissedConnection'
    : content.new === null
      ? 'Cancelled'
      : 'Retimed';
  return layoutMail({
    locale,
    subject: format(`scheduleChange.mail.subject${kind}`),
    blocks: [
      paragraph(format('mail.greeting')),
      paragraph(format(`scheduleChange.mail.body${kind}`)),
      {
        kind: 'list',
        items: [
          {
            title: format('scheduleChange.mail.old'),
            lines: [format('scheduleChange.mail.times', content.old)],
          },
          ...(content.new === null
            ? []
            : [
                {
                  title: format('scheduleChange.mail.new'),
                  lines: [format('scheduleChange.mail.times', content.new)],
                },
              ]),
        ],
      },
      paragraph(format('scheduleChange.mail.choices')),
      { kind: 'action', label: format('scheduleChange.mail.action'), link: content.link },
      paragraph(format('mail.signature')),
    ],
    linkFooter: { hint: format('mail.linkHint'), link: content.link },
  });
}

/** `mail.schedule-change`: writes the e-mail of one change (same transaction as the entry). */
async function writeScheduleChangeMail(
  context: OutboxContext,
  changeId: number,
  options: ScheduleChangeMailOptions,
): Promise<void> {
  const { db } = context;
  const now = context.now();
  const found = await changeForMail(db, changeId);
  if (!found) return;
  const { change, booking, leg, zones } = found;
  const fromZone = zones.get(leg.from_airport);
  const toZone = zones.get(leg.to_airport);
  const token = await issueBookingLinkToken(
    db,
    Number(booking.id),
    'login_quick',
    new Date(now.getTime() + LINK_DAYS * 86_400_000),
    now,
  );
  const rendered = await renderScheduleChangeMail({
    locale: booking.locale,
    firstName: booking.booker_first_name,
    pnr: booking.pnr,
    from: leg.from_airport,
    to: leg.to_airport,
    old: {
      departure: localTime(change.old_departure_utc, fromZone, booking.locale),
      arrival: localTime(change.old_arrival_utc, toZone, booking.locale),
    },
    new:
      change.new_departure_utc === null || change.new_arrival_utc === null
        ? null
        : {
            departure: localTime(change.new_departure_utc, fromZone, booking.locale),
            arrival: localTime(change.new_arrival_utc, toZone, booking.locale),
          },
    missedConnection: change.missed_connection === 1,
    link: `${options.publicUrl}/api/booking/login-quick/${booking.pnr}/${token}`,
  });
  await queueRenderedMail(
    db,
    { kind: 'scheduleChange', to: booking.booker_email, locale: booking.locale, ...rendered },
    { delivers: options.app.mail.delivers, now },
  );
}

export interface ScheduleChangeMailOptions {
  app: FastifyInstance;
  publicUrl: string;
}

/** Registers the e-mail of schedule changes on the outbox (the booking plugin calls it). */
export function registerScheduleChangeMail(options: ScheduleChangeMailOptions): void {
  registerOutboxHandler(
    options.app,
    SCHEDULE_CHANGE_MAIL_TOPIC,
    async (payload, context) => {
      const changeId = (payload as { changeId?: unknown } | null)?.changeId;
      if (typeof changeId !== 'number') throw new Error('outbox payload without changeId');
      await writeScheduleChangeMail(context, changeId, options);
      context.afterCommit(() => options.app.mail.kick());
    },
    { transactional: true },
  );
}
