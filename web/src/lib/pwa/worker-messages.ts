/**
 * What the page and the service worker say to each other, and the push messages the server sends
 * (SPEC §3 "Backend notification": type, data.pnr, notification.title and options). Pure, shared
 * by the worker, the app and their tests.
 */

/** Page → waiting worker: take over now (the visitor accepted the update). */
export const SKIP_WAITING = 'SKIP_WAITING';
/** Page → worker: drop the cached data (sign-out). */
export const CLEAR_DATA_CACHES = 'CLEAR_DATA_CACHES';
/** Worker → pages: a push message arrived. */
export const PUSH_MESSAGE = 'PUSH_MESSAGE';

export const PUSH_TYPES = [
  'booking.status',
  'payment.trustly.paid',
  'app.update',
  'support.reply',
  'price.watch',
] as const;
export type PushType = (typeof PUSH_TYPES)[number];

export interface PushNotificationOptions {
  readonly body?: string;
  readonly tag?: string;
  readonly icon?: string;
  readonly badge?: string;
  readonly lang?: string;
  readonly requireInteraction?: boolean;
  readonly actions?: ReadonlyArray<{ readonly action: string; readonly title: string }>;
}

export interface PushMessage {
  readonly type: PushType;
  readonly data: {
    readonly pnr?: string;
    readonly status?: string;
    /** `support.reply`: the ticket the support team answered. */
    readonly ticketId?: number;
    /** When the seat hold ends (ISO date-time), for a booking still waiting for its money. */
    readonly holdExpiresAt?: string;
    /** `price.watch`: the watch's number ("Stop watching" ends it with this browser's endpoint). */
    readonly watch?: number;
    /** `price.watch`: the search results the notification opens (a path of the app). */
    readonly url?: string;
  };
  readonly notification: { readonly title: string; readonly options: PushNotificationOptions };
}

const PNR = /^[A-Za-z0-9]{7}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 500 ? value : undefined;
}

function parseOptions(value: unknown): PushNotificationOptions {
  if (!isRecord(value)) return {};
  const actions = Array.isArray(value.actions)
    ? value.actions
        .filter(isRecord)
        .map((action) => ({
          action: optionalString(action.action) ?? '',
          title: optionalString(action.title) ?? '',
        }))
        .filter((action) => action.action !== '' && action.title !== '')
        .slice(0, 2)
    : undefined;
  const options: Record<string, unknown> = {
    body: optionalString(value.body),
    tag: optionalString(value.tag),
    icon: optionalString(value.icon),
    badge: optionalString(value.badge),
    lang: optionalString(value.lang),
    requireInteraction: value.requireInteraction === true ? true : undefined,
    actions,
  };
  return Object.fromEntries(Object.entries(options).filter(([, item]) => item !== undefined));
}

/** Reads a push payload; null for anything that is not one of our messages. */
export function parsePushMessage(text: string): PushMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || !PUSH_TYPES.includes(value.type as PushType)) return null;
  const type = value.type as PushType;
  const data = isRecord(value.data) ? value.data : {};
  const pnr = optionalString(data.pnr);
  const ticketId =
    typeof data.ticketId === 'number' && Number.isSafeInteger(data.ticketId) && data.ticketId > 0
      ? data.ticketId
      : undefined;
  const watch =
    typeof data.watch === 'number' && Number.isSafeInteger(data.watch) && data.watch > 0
      ? data.watch
      : undefined;
  const url = optionalString(data.url);
  const appPath = url !== undefined && /^\/(?!\/)/.test(url) ? url : undefined;
  if (
    type === 'support.reply'
      ? ticketId === undefined
      : type === 'price.watch'
        ? watch === undefined || appPath === undefined
        : type !== 'app.update' && (pnr === undefined || !PNR.test(pnr))
  ) {
    return null;
  }
  const notification = isRecord(value.notification) ? value.notification : {};
  const title = optionalString(notification.title);
  if (!title) return null;
  const holdExpiresAt = optionalString(data.holdExpiresAt);
  const status = optionalString(data.status);
  return {
    type,
    data: {
      ...(pnr !== undefined ? { pnr: pnr.toUpperCase() } : {}),
      ...(status !== undefined ? { status } : {}),
      ...(type === 'support.reply' && ticketId !== undefined ? { ticketId } : {}),
      ...(type === 'price.watch' ? { watch, url: appPath } : {}),
      ...(holdExpiresAt !== undefined && !Number.isNaN(Date.parse(holdExpiresAt))
        ? { holdExpiresAt }
        : {}),
    },
    notification: { title, options: parseOptions(notification.options) },
  };
}

/** The page a notification opens: the booking for booking messages, the app otherwise. */
export function notificationTarget(message: PushMessage): string {
  if (message.data.url !== undefined) return message.data.url;
  if (message.data.ticketId !== undefined) return `/support/ticket/${message.data.ticketId}`;
  return message.data.pnr !== undefined ? `/bookings/${message.data.pnr}` : '/';
}
