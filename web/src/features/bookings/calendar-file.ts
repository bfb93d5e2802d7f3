/**
 * iCalendar files (RFC 5545) of a booked flight, made in the browser so they work offline too:
 * one VEVENT per segment, times in UTC (`…Z`), texts escaped and long lines folded.
 */

export interface CalendarEvent {
  /** Globally unique and stable: the same flight gives the same UID, so calendars update it. */
  readonly uid: string;
  /** ISO instants. */
  readonly start: string;
  readonly end: string;
  readonly summary: string;
  readonly location: string;
  readonly description: string;
}

/** `2026-12-24T05:05:00.000Z` → `20261224T050500Z` (UTC date-time, RFC 5545 §3.3.5 form 2). */
export function icsDateTime(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${String(instant)}`);
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function icsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * Folds a content line into lines of at most 75 octets (RFC 5545 §3.1): each continuation starts
 * with one space; a UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A whole calendar of `events`, CRLF line ends, stamped `now`. */
export function calendarFile(events: readonly CalendarEvent[], now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Uniquair//Bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${icsText(event.uid)}`,
      `DTSTAMP:${icsDateTime(now)}`,
      `DTSTART:${icsDateTime(event.start)}`,
      `DTEND:${icsDateTime(event.end)}`,
      `SUMMARY:${icsText(event.summary)}`,
      `LOCATION:${icsText(event.location)}`,
      `DESCRIPTION:${icsText(event.description)}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A file name without characters file systems refuse, keeping letters of any script. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\\/:*?"<>|]+/g, '-')
    .replace(/\p{Cc}+/gu, '-')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return `${cleaned || 'flight'}.ics`;
}
