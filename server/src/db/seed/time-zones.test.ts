import { parseYmd, type Ymd } from '@uniquair/domain/dates/ymd';
import { describe, expect, it } from 'vitest';
import { intlLocalTime } from '../../../test/helpers/clock.ts';
import { formatClock, ZoneClock } from './time-zones.ts';

const day = (text: string): Ymd => parseYmd(text) ?? (Number.NaN.toString() as Ymd);
const at = (iso: string): number => Date.parse(iso);

describe('ZoneClock', () => {
  it('converts local time to UTC with the offset of that date (daylight saving included)', () => {
    const london = new ZoneClock('Europe/London');
    expect(new Date(london.toUtc(day('2027-01-15'), 9 * 60)).toISOString()).toBe(
      '2027-01-15T09:00:00.000Z',
    );
    expect(new Date(london.toUtc(day('2027-07-15'), 9 * 60)).toISOString()).toBe(
      '2027-07-15T08:00:00.000Z',
    );
    const newYork = new ZoneClock('America/New_York');
    expect(new Date(newYork.toUtc(day('2027-03-13'), 18 * 60)).toISOString()).toBe(
      '2027-03-13T23:00:00.000Z',
    );
    expect(new Date(newYork.toUtc(day('2027-03-15'), 18 * 60)).toISOString()).toBe(
      '2027-03-15T22:00:00.000Z',
    );
  });

  it('handles zones without daylight saving and with half-hour offsets', () => {
    expect(new Date(new ZoneClock('Asia/Kolkata').toUtc(day('2027-06-01'), 0)).toISOString()).toBe(
      '2027-05-31T18:30:00.000Z',
    );
    expect(
      new Date(new ZoneClock('Asia/Singapore').toUtc(day('2027-06-01'), 8 * 60)).toISOString(),
    ).toBe('2027-06-01T00:00:00.000Z');
  });

  it('moves a time skipped by the spring-forward change to after the gap', () => {
    // London skips 01:00–02:00 on 28 March 2027; 01:30 is read as 02:30 BST.
    const london = new ZoneClock('Europe/London');
    const instant = london.toUtc(day('2027-03-28'), 90);
    expect(new Date(instant).toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(london.toLocal(instant)).toEqual({ date: '2027-03-28', minutes: 150 });
  });

  it('takes the earlier instant of a time that occurs twice in autumn', () => {
    // London repeats 01:00–02:00 on 31 October 2027.
    const london = new ZoneClock('Europe/London');
    expect(new Date(london.toUtc(day('2027-10-31'), 90)).toISOString()).toBe(
      '2027-10-31T00:30:00.000Z',
    );
  });

  it('reads local date and time across midnight and around the changes', () => {
    const tokyo = new ZoneClock('Asia/Tokyo');
    expect(tokyo.toLocal(at('2027-01-01T20:30:00Z'))).toEqual({ date: '2027-01-02', minutes: 330 });
    const saoPaulo = new ZoneClock('America/Sao_Paulo');
    expect(saoPaulo.toLocal(at('2027-01-01T02:00:00Z'))).toEqual({
      date: '2026-12-31',
      minutes: 1_380,
    });
    const berlin = new ZoneClock('Europe/Berlin');
    expect(berlin.toLocal(at('2027-03-28T00:59:00Z')).minutes).toBe(119);
    expect(berlin.toLocal(at('2027-03-28T01:00:00Z')).minutes).toBe(180);
  });

  it('agrees with Intl on every hour of a year', () => {
    for (const timeZone of ['Europe/Paris', 'America/Santiago', 'Australia/Lord_Howe']) {
      const clock = new ZoneClock(timeZone);
      const intl = intlLocalTime(timeZone);
      for (let t = at('2027-01-01T00:00:00Z'); t < at('2028-01-01T00:00:00Z'); t += 3_600_000) {
        const local = clock.toLocal(t);
        expect(`${local.date} ${formatClock(local.minutes)}`).toBe(intl(t));
      }
    }
  });
});

describe('formatClock', () => {
  it('writes HH:mm', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65)).toBe('01:05');
    expect(formatClock(23 * 60 + 59)).toBe('23:59');
  });
});
