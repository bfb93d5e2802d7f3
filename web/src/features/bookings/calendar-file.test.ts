import { describe, expect, it } from 'vitest';
import { calendarFile, foldLine, icsDateTime, icsText, safeFileName } from './calendar-file.ts';

describe('calendar files (RFC 5545)', () => {
  it('writes UTC date-times with Z', () => {
    expect(icsDateTime('2026-12-24T05:05:00.000Z')).toBe('20261224T050500Z');
    expect(icsDateTime('2026-12-24T07:05:00+02:00')).toBe('20261224T050500Z');
    expect(() => icsDateTime('soon')).toThrow(RangeError);
  });

  it('escapes backslashes, semicolons, commas and line breaks in texts', () => {
    expect(icsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const ascii = `SUMMARY:${'x'.repeat(200)}`;
    const folded = foldLine(ascii).split('\r\n');
    expect(folded.every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(folded.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(folded.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(ascii);

    const hangul = `SUMMARY:${'항공편'.repeat(30)}`;
    const parts = foldLine(hangul).split('\r\n');
    expect(parts.every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(parts.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(hangul);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('makes a calendar with one event per segment, CRLF line ends', () => {
    const file = calendarFile(
      [
        {
          uid: 'K7Q2ZP4-0-0@uniquair',
          start: '2026-12-24T05:05:00.000Z',
          end: '2026-12-24T09:10:00.000Z',
          summary: 'Flight UQ 101: SOF–LHR',
          location: 'Sofia (SOF)',
          description: 'Booking K7Q2ZP4, Uniquair.',
        },
      ],
      new Date('2026-11-26T04:00:00.000Z'),
    );
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/\n|\r/);
    const lines = file.split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).toContain('UID:K7Q2ZP4-0-0@uniquair');
    expect(lines).toContain('DTSTAMP:20261126T040000Z');
    expect(lines).toContain('DTSTART:20261224T050500Z');
    expect(lines).toContain('DTEND:20261224T091000Z');
    expect(lines).toContain('SUMMARY:Flight UQ 101: SOF–LHR');
    expect(lines).toContain('LOCATION:Sofia (SOF)');
    expect(lines).toContain('DESCRIPTION:Booking K7Q2ZP4\\, Uniquair.');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('names files in any script without characters file systems refuse', () => {
    expect(safeFileName('рейс-1-SOF-LHR')).toBe('рейс-1-SOF-LHR.ics');
    expect(safeFileName('a/b:c *d')).toBe('a-b-c-d.ics');
    expect(safeFileName('///')).toBe('flight.ics');
  });
});
