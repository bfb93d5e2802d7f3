import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { LINK_TOKEN_BYTES, generateLinkToken, isLinkToken, parseLinkToken } from './link-token.ts';
import { predicateCases } from '../testing/predicate-cases.ts';

describe('link tokens', () => {
  it.each(
    predicateCases(
      ['0123456789abcdef0123456789abcdef01234567', '0123456789ABCDEF0123456789ABCDEF01234567'],
      [
        '0123456789abcdef0123456789abcdef0123456',
        '0123456789abcdef0123456789abcdef012345678',
        '0123456789abcdef0123456789abcdef0123456g',
        '',
        ' 123456789abcdef0123456789abcdef01234567',
      ],
    ),
  )('%j is a token: %s', (text, valid) => {
    expect(isLinkToken(text)).toBe(valid);
    expect(parseLinkToken(text)).toBe(valid ? text.toLowerCase() : null);
  });

  it('generates 40 lower-case hex characters from 20 bytes', () => {
    expect(LINK_TOKEN_BYTES).toBe(20);
    const bytes = Uint8Array.from({ length: 20 }, (_, i) => i * 13);
    expect(generateLinkToken(() => bytes)).toBe('000d1a2734414e5b6875828f9ca9b6c3d0ddeaf7');
    expect(generateLinkToken((n) => new Uint8Array(n).fill(255))).toBe('f'.repeat(40));
  });

  it('always generates a valid canonical token, and different bytes give different tokens', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        (a, b) => {
          const token = generateLinkToken(() => a);
          expect(isLinkToken(token)).toBe(true);
          expect(parseLinkToken(token)).toBe(token);
          expect(token === generateLinkToken(() => b)).toBe(a.every((x, i) => x === b[i]));
        },
      ),
    );
  });

  it('throws RANDOM_SOURCE_INVALID when the source returns the wrong number of bytes', () => {
    expect(() => generateLinkToken(() => new Uint8Array(19))).toThrow(DomainError);
    expect(() => generateLinkToken(() => new Uint8Array(21))).toThrow(DomainError);
  });
});
