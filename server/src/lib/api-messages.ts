import type { FastifyRequest } from 'fastify';
import { IntlMessageFormat } from 'intl-messageformat';
import { negotiateLocale } from '@uniquair/domain/locale/accept-language';
import {
  CATALOGUE_LOCALES,
  SOURCE_LOCALE,
  hasCatalogue,
  loadMessages,
  sourceMessages,
  type MessageKey,
  type Messages,
} from '@uniquair/i18n/messages';
import { icuLocale } from './mail-layout.ts';

/** Values a message is formatted with. */
export type MessageValues = Readonly<Record<string, string | number>>;

const catalogues = new Map<string, Messages>([[SOURCE_LOCALE, sourceMessages]]);
const compiled = new Map<string, IntlMessageFormat>();

/**
 * Loads every catalogue once, so that error messages can be worded synchronously, even where no
 * promise can be awaited (a connection refused before its request was read).
 */
export async function loadApiMessages(): Promise<void> {
  for (const locale of CATALOGUE_LOCALES) {
    if (!catalogues.has(locale)) catalogues.set(locale, (await loadMessages(locale)).messages);
  }
}

export function isMessageKey(text: string): text is MessageKey {
  return Object.hasOwn(sourceMessages, text);
}

/**
 * A catalogue text in `locale`, English when the locale has no catalogue (or its catalogue is not
 * loaded yet). Each message is parsed once per process.
 */
export function apiText(locale: string, key: MessageKey, values: MessageValues = {}): string {
  const resolved = catalogues.has(locale) ? locale : SOURCE_LOCALE;
  const cacheKey = `${resolved}\u0000${key}`;
  let format = compiled.get(cacheKey);
  if (format === undefined) {
    const messages = catalogues.get(resolved) ?? sourceMessages;
    format = new IntlMessageFormat(messages[key], icuLocale(resolved));
    compiled.set(cacheKey, format);
  }
  return String(format.format(values));
}

/** `2024-06-04` as the locale writes a day in full ("4 June 2024", "4. Juni 2024"; SPEC §5). */
export function longDate(locale: string, ymd: string): string {
  const at = Date.parse(`${ymd}T00:00:00Z`);
  if (Number.isNaN(at)) return ymd;
  const tag = locale === SOURCE_LOCALE ? 'en-GB' : icuLocale(locale);
  return new Intl.DateTimeFormat(tag, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
}

/** The name of an ISO weekday (1 = Monday) in the locale. */
export function weekdayName(locale: string, isoWeekday: number): string {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(icuLocale(locale), { weekday: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, isoWeekday),
  );
}

/** The `uq_locale` cookie (or its `__Host-` form over HTTPS) read from the raw header. */
const LOCALE_COOKIE = /(?:^|;\s*)(?:__Host-)?uq_locale=([A-Za-z_]{2,8})(?:;|$)/;

/**
 * The language error messages are worded in for this request: the locale the visitor chose
 * (`uq_locale` cookie), else the best match of `Accept-Language`, else English. It reads only the
 * headers, so it also words the errors of a request refused before any route or hook ran.
 */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): string {
  const chosen = LOCALE_COOKIE.exec(request.headers.cookie ?? '')?.[1];
  if (chosen !== undefined && hasCatalogue(chosen)) return chosen;
  return negotiateLocale(request.headers['accept-language'], CATALOGUE_LOCALES, SOURCE_LOCALE);
}
