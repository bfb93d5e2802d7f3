import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import type { RandomBytes } from '../security/random-bytes.ts';
import {
  PNR_ALPHABET,
  generatePnr,
  isLowerCasePnr,
  isPnr,
  normalizePnr,
  parsePnr,
  toLowerCasePnr,
} from './pnr.ts';

/** A source that replays the given bytes in a loop. */
function replay(bytes: readonly number[]): RandomBytes {
  let next = 0;
  return (n) =>
    Uint8Array.from({ length: n }, () => {
      const byte = bytes[next % bytes.length] ?? 0;
      next += 1;
      return byte;
    });
}

describe('PNR forms', () => {
  it.each([
    ['ABC1234', true, false],
    ['abc1234', true, true],
    ['AbC1234', true, false],
    ['1234567', true, true],
    ['ABC123', false, false],
    ['ABC12345', false, false],
    ['ABC-123', false, false],
    ['ABC 123', false, false],
    ['', false, false],
    ['ÄBC1234', false, false],
    ['abc123٤', false, false],
  ])('%j: general %s, lower-case %s', (text, general, lower) => {
    expect(isPnr(text)).toBe(general);
    expect(isLowerCasePnr(text)).toBe(lower);
  });

  it('normalises to upper case', () => {
    expect(parsePnr('abc1234')).toBe('ABC1234');
    expect(normalizePnr('aBc1234')).toBe('ABC1234');
    expect(parsePnr('abc')).toBeNull();
    expect(() => normalizePnr('abc')).toThrow(RangeError);
  });

  it('the lower-case form is valid for the payment-success route and reads back', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]{7}$/), (text) => {
        const pnr = normalizePnr(text);
        expect(isLowerCasePnr(toLowerCasePnr(pnr))).toBe(true);
        expect(parsePnr(toLowerCasePnr(pnr))).toBe(pnr);
        expect(parsePnr(pnr)).toBe(pnr);
      }),
    );
  });
});

describe('generatePnr', () => {
  it('uses 31 unambiguous characters', () => {
    expect(PNR_ALPHABET).toHaveLength(31);
    expect(new Set(PNR_ALPHABET).size).toBe(31);
    for (const ambiguous of ['0', '1', 'O', 'I', 'L'])
      expect(PNR_ALPHABET).not.toContain(ambiguous);
  });

  it('maps bytes onto the alphabet', () => {
    expect(generatePnr(replay([0, 1, 2, 30, 31, 32, 61]))).toBe('234Z23Z');
  });

  it('skips bytes that would bias the draw (248 and above)', () => {
    expect(generatePnr(replay([255, 248, 0, 247, 1, 2, 3, 4, 5]))).toBe('2Z34567');
  });

  it('always gives a valid upper-case PNR of the alphabet', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 40 }), (bytes) => {
        fc.pre(bytes.some((b) => b < 248));
        const pnr = generatePnr(replay([...bytes]));
        expect(isPnr(pnr)).toBe(true);
        expect([...pnr].every((c) => PNR_ALPHABET.includes(c))).toBe(true);
      }),
    );
  });

  it('gives every character the same chance: usable byte values cover each one 8 times', () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 256; byte += 1) {
      if (byte >= 248) {
        expect(() => generatePnr(replay([byte]))).toThrow(DomainError);
        continue;
      }
      const pnr = generatePnr(replay([byte]));
      const char = pnr[0] ?? '';
      expect(pnr).toBe(char.repeat(7));
      counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(31);
    expect(new Set(counts.values())).toEqual(new Set([8]));
  });

  it('throws RANDOM_SOURCE_INVALID for a source that returns too few bytes or only unusable ones', () => {
    expect(() => generatePnr(() => new Uint8Array(3))).toThrow(DomainError);
    expect(() => generatePnr(replay([255]))).toThrow(
      expect.objectContaining({ code: 'RANDOM_SOURCE_INVALID' }),
    );
  });
});
