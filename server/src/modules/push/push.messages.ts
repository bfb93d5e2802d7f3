import { IntlMessageFormat } from 'intl-messageformat';
import { loadMessages } from '@uniquair/i18n/messages';

/**
 * The push messages the server sends (SPEC §3 "Backend notification": type, data.pnr,
 * notification.title and options), worded in the subscriber's language from the shared
 * catalogues. Kept small: push services need only carry 4096 bytes (RFC 8291), and a message
 * carries no personal data beyond the PNR.
 */
export interface PushMessage {
  readonly type:
    'booking.status' | 'payment.trustly.paid' | 'app.update' | 'support.reply' | 'price.watch';
  readonly data: {
    readonly pnr?: string;
    /** `support.reply`: the ticket the team answered. */
    readonly ticketId?: number;
    readonly status?: string;
    readonly holdExpiresAt?: string;
    /** `price.watch`: the watch's number ("Stop watching" ends it with the push endpoint). */
    readonly watch?: number;
    /** `price.watch`: the search the notification opens (a path of the app). */
    readonly url?: string;
  };
  readonly notification: {
    readonly title: string;
    readonly options: {
      readonly body: string;
      readonly tag: string;
      readonly lang: string;
      readonly icon: string;
      readonly badge: string;
      readonly actions?: ReadonlyArray<{ readonly action: string; readonly title: string }>;
    };
  };
}

export const ICON = '/icons/icon-192.png';
export const BADGE = '/icons/icon-96.png';

const STATUS_TEXT: Readonly<Record<string, string>> = {
  paid: 'push.bookingStatus.paid',
  ticketed: 'push.bookingStatus.ticketed',
  pay_at_airline: 'push.bookingStatus.payAtAirline',
  cancelled: 'push.bookingStatus.cancelled',
  expired: 'push.bookingStatus.expired',
  // A flight of the booking was retimed or cancelled (docs/schedule-changes.md).
  schedule_changed: 'scheduleChange.push.body',
  // The traveller moved a leg to another flight (docs/flight-changes.md).
  flight_changed: 'change.push.body',
};

/** Texts of one language from the shared catalogues, formatted as ICU messages. */
export async function pushFormatter(locale: string) {
  const { locale: resolved, messages } = await loadMessages(locale);
  const catalogue = messages as Readonly<Record<string, string>>;
  const language = resolved.replace('_', '-');
  return {
    language,
    t: (key: string, values: Record<string, string> = {}): string => {
      const message = catalogue[key];
      if (message === undefined) throw new Error(`Missing push text ${key} (${resolved})`);
      return String(new IntlMessageFormat(message, language).format(values));
    },
  };
}

/** `booking.status`: the booking changed (paid, ticketed …); View opens it. */
export async function bookingStatusMessage(
  locale: string,
  booking: { readonly pnr: string; readonly status: string },
): Promise<PushMessage> {
  const { t, language } = await pushFormatter(locale);
  return {
    type: 'booking.status',
    data: { pnr: booking.pnr, status: booking.status },
    notification: {
      title: t('push.bookingStatus.title', { pnr: booking.pnr }),
      options: {
        body: t(STATUS_TEXT[booking.status] ?? 'push.bookingStatus.updated'),
        tag: `booking-${booking.pnr}`,
        lang: language,
        icon: ICON,
        badge: BADGE,
        actions: [{ action: 'view', title: t('push.view') }],
      },
    },
  };
}

/**
 * `support.reply`: the support team answered a ticket; the notification opens it. Names the
 * ticket by its number only: what the traveller wrote stays off the push services.
 */
export async function supportReplyMessage(
  locale: string,
  ticket: { readonly ticketId: number },
): Promise<PushMessage> {
  const { t, language } = await pushFormatter(locale);
  return {
    type: 'support.reply',
    data: { ticketId: ticket.ticketId },
    notification: {
      title: t('push.supportReply.title'),
      options: {
        body: t('push.supportReply.body', { id: String(ticket.ticketId) }),
        tag: `support-${ticket.ticketId}`,
        lang: language,
        icon: ICON,
        badge: BADGE,
        actions: [{ action: 'view', title: t('push.view') }],
      },
    },
  };
}

/** `payment.trustly.paid`: the bank payment arrived; View opens the booking. */
export async function trustlyPaidMessage(
  locale: string,
  booking: { readonly pnr: string; readonly status: string; readonly holdExpiresAt: string | null },
): Promise<PushMessage> {
  const { t, language } = await pushFormatter(locale);
  return {
    type: 'payment.trustly.paid',
    data: {
      pnr: booking.pnr,
      status: booking.status,
      ...(booking.holdExpiresAt !== null ? { holdExpiresAt: booking.holdExpiresAt } : {}),
    },
    notification: {
      title: t('push.trustlyPaid.title', { pnr: booking.pnr }),
      options: {
        body: t('push.trustlyPaid.body'),
        tag: `payment-${booking.pnr}`,
        lang: language,
        icon: ICON,
        badge: BADGE,
        actions: [{ action: 'view', title: t('push.view') }],
      },
    },
  };
}

/** `app.update`: a new version of the app is deployed. */
export async function appUpdateMessage(locale: string): Promise<PushMessage> {
  const { t, language } = await pushFormatter(locale);
  return {
    type: 'app.update',
    data: {},
    notification: {
      title: t('push.appUpdate.title'),
      options: {
        body: t('push.appUpdate.body'),
        tag: 'app-update',
        lang: language,
        icon: ICON,
        badge: BADGE,
      },
    },
  };
}
