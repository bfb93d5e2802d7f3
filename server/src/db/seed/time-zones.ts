import { ymdFromUtcDate, ymdToUtcDate, type Ymd } from '@uniquair/domain/dates/ymd';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A local wall-clock reading: calendar date and minutes after midnight. */
export interface LocalDateTime {
  date: Ymd;
  minutes: number;
}

/**
 * Converts between UTC instants and local wall-clock time in one IANA time zone, with the rules
 * of the `Intl` time-zone database (daylight saving included). Offsets are looked up once per UTC
 * day and only worked out to the minute on days when the offset changes, which keeps seeding
 * a year of flights fast.
 */
export class ZoneClock {
  readonly timeZone: string;
  readonly #format: Intl.DateTimeFormat;
  readonly #midnightOffsets = new Map<number, number>();

  constructor(timeZone: string) {
    this.timeZone = timeZone;
    this.#format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  /** Minutes the local clock is ahead of UTC at an instant. */
  offsetMinutes(epochMs: number): number {
    const dayStart = Math.floor(epochMs / DAY_MS) * DAY_MS;
    const atStart = this.#offsetAtMidnight(dayStart);
    const atEnd = this.#offsetAtMidnight(dayStart + DAY_MS);
    return atStart === atEnd ? atStart : this.#exactOffset(epochMs);
  }

  /** The local date and time at a UTC instant. */
  toLocal(epochMs: number): LocalDateTime {
    const local = epochMs + this.offsetMinutes(epochMs) * MINUTE_MS;
    const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
    return {
      date: ymdFromUtcDate(new Date(dayStart)),
      minutes: Math.floor((local - dayStart) / MINUTE_MS),
    };
  }

  /**
   * The UTC instant of a local date and time. A time skipped by a clock change (02:30 on the
   * spring-forward night) moves forward by the size of the gap; a time that occurs twice (autumn)
   * takes the earlier instant, as `Temporal`'s "compatible" disambiguation does.
   */
  toUtc(date: Ymd, minutes: number): number {
    const wall = ymdToUtcDate(date).getTime() + minutes * MINUTE_MS;
    const before = this.offsetMinutes(wall - DAY_MS);
    const after = this.offsetMinutes(wall + DAY_MS);
    const earlier = wall - Math.max(before, after) * MINUTE_MS;
    const later = wall - Math.min(before, after) * MINUTE_MS;
    const fits = (instant: number) => instant + this.offsetMinutes(instant) * MINUTE_MS === wall;
    if (fits(earlier)) return earlier;
    if (fits(later)) return later;
    return wall - before * MINUTE_MS;
  }

  #offsetAtMidnight(dayStart: number): number {
    let offset = this.#midnightOffsets.get(dayStart);
    if (offset === undefined) {
      offset = this.#exactOffset(dayStart);
      this.#midnightOffsets.set(dayStart, offset);
    }
    return offset;
  }

  #exactOffset(epochMs: number): number {
    const instant = Math.floor(epochMs / 1000) * 1000;
    const parts: Record<string, number> = {};
    for (const part of this.#format.formatToParts(instant)) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    const asUtc = Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
      parts.second ?? 0,
    );
    return Math.round((asUtc - instant) / MINUTE_MS);
  }
}

/** `HH:mm` for minutes after midnight. */
export function formatClock(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
