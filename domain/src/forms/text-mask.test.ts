import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MASK_TOKENS,
  acceptMaskChar,
  applyMask,
  isMaskComplete,
  isMaskToken,
  unmask,
  type MaskToken,
} from './text-mask.ts';

describe('acceptMaskChar', () => {
  it.each<[MaskToken, string, string | null]>([
    ['#', '7', '7'],
    ['#', 'a', null],
    ['#', '٣', null],
    ['#', ' ', null],
    ['A', 'q', 'Q'],
    ['A', 'Q', 'Q'],
    ['A', 'é', 'É'],
    ['A', 'ж', 'Ж'],
    ['A', 'ß', 'ß'],
    ['A', '5', null],
    ['a', 'Q', 'q'],
    ['a', 'İ', 'İ'],
    ['a', '-', null],
    ['N', 'x', 'X'],
    ['N', '9', '9'],
    ['N', '_', null],
    ['n', 'X', 'x'],
    ['n', '0', '0'],
    ['X', '-', '-'],
    ['X', '/', '/'],
    ['X', '+', '+'],
    ['X', '@', '@'],
    ['X', '€', '€'],
    ['X', ' ', null],
    ['X', 'a', null],
    ['X', '1', null],
    ['X', '\u0007', null],
  ])('%s accepts %j as %j', (token, char, expected) => {
    expect(acceptMaskChar(token, char)).toBe(expected);
  });
});

describe('applyMask', () => {
  it.each([
    ['##/##', '1234', '12/34'],
    ['##/##', '12', '12'],
    ['##/##', '123', '12/3'],
    ['##/##', '12/34', '12/34'],
    ['##/##', '12345', '12/34'],
    ['##/##', '1a34', '1'],
    ['##/##', '', ''],
    ['####-####-####-####', '4111111111111111', '4111-1111-1111-1111'],
    ['####-####-####-####', '4111 1111', '4111'],
    ['+# (###) ###-####', '15551234567', '+1 (555) 123-4567'],
    ['+# (###) ###-####', '+1 (555', '+1 (555'],
    ['AA-####', 'ab1234', 'AB-1234'],
    ['aaa', 'ABC', 'abc'],
    ['NNNNNNN', 'abc1234', 'ABC1234'],
    ['nnnnnnn', 'ABC1234', 'abc1234'],
    ['#X#', '1-2', '1-2'],
    ['#X#', '1 2', '1'],
    ['', 'anything', ''],
    ['--', '-', '-'],
    ['--', 'x', ''],
    ['A#', 'ß1', 'ß1'],
    ['AAA', '😀ab', ''],
  ])('mask %j over %j gives %j', (mask, input, output) => {
    expect(applyMask(mask, input)).toBe(output);
  });

  it('is never longer than the mask', () => {
    fc.assert(
      fc.property(maskArb(), inputArb(), (mask, input) => {
        expect([...applyMask(mask, input)].length).toBeLessThanOrEqual([...mask].length);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(maskArb(), inputArb(), (mask, input) => {
        const once = applyMask(mask, input);
        expect(applyMask(mask, once)).toBe(once);
      }),
    );
  });

  it('writes each literal at its place and only accepted characters at token places', () => {
    fc.assert(
      fc.property(maskArb(), inputArb(), (mask, input) => {
        const maskChars = [...mask];
        [...applyMask(mask, input)].forEach((char, index) => {
          const maskChar = maskChars[index] ?? '';
          if (isMaskToken(maskChar)) expect(acceptMaskChar(maskChar, char)).toBe(char);
          else expect(char).toBe(maskChar);
        });
      }),
    );
  });

  it('is a prefix of the full masked value while typing', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{0,16}$/), (digits) => {
        const mask = '####-####-####-####';
        const full = applyMask(mask, digits);
        for (let n = 0; n <= digits.length; n += 1) {
          expect(full.startsWith(applyMask(mask, digits.slice(0, n)))).toBe(true);
        }
      }),
    );
  });
});

describe('isMaskComplete', () => {
  it.each([
    ['##/##', '12/34', true],
    ['##/##', '12/3', false],
    ['##/##', '1234', false],
    ['##/##', '12/34/', false],
    ['AA', 'ab', false],
    ['AA', 'AB', true],
    ['', '', true],
  ])('%j with %j: %s', (mask, value, complete) => {
    expect(isMaskComplete(mask, value)).toBe(complete);
  });

  it('holds for the masked value of enough fitting input', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{4}$/), (digits) => {
        expect(isMaskComplete('##/##', applyMask('##/##', digits))).toBe(true);
      }),
    );
  });
});

describe('unmask', () => {
  it.each([
    ['##/##', '12/34', '1234'],
    ['+# (###) ###-####', '+1 (555) 123-4567', '15551234567'],
    ['AA-####', 'ab-12', 'AB12'],
    ['##/##', 'xx', ''],
  ])('%j over %j keeps %j', (mask, value, raw) => {
    expect(unmask(mask, value)).toBe(raw);
  });

  it('masking the raw characters again gives the same value', () => {
    fc.assert(
      fc.property(maskArb(), inputArb(), (mask, input) => {
        fc.pre(!isAmbiguous(mask));
        const masked = applyMask(mask, input);
        const raw = unmask(mask, masked);
        const remasked = applyMask(mask, raw);
        expect(masked.startsWith(remasked)).toBe(true);
        expect(unmask(mask, remasked)).toBe(raw);
      }),
    );
  });
});

/** Whether some literal of the mask is also accepted by the next token after it. */
function isAmbiguous(mask: string): boolean {
  const chars = [...mask];
  return chars.some((char, position) => {
    if (isMaskToken(char)) return false;
    const token = chars.slice(position + 1).find(isMaskToken);
    return token !== undefined && acceptMaskChar(token, char) !== null;
  });
}

function maskArb(): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        fc.constantFrom(...MASK_TOKENS),
        fc.constantFrom('-', '/', ' ', '(', ')', '+', '7', 'b'),
      ),
      {
        maxLength: 12,
      },
    )
    .map((chars) => chars.join(''));
}

function inputArb(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: 'binary', maxLength: 16 }),
    fc.stringMatching(/^[0-9a-zA-Z\-/ ()+éß]{0,16}$/),
  );
}
