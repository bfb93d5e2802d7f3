import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeLogText } from './log-text.ts';

describe('escapeLogText', () => {
  it('turns line breaks and other controls into visible escapes', () => {
    expect(escapeLogText('a\nb\r\nc\td\u001b[31me\u2028f\\g')).toBe(
      'a\\nb\\r\\nc\\td\\u001b[31me\\u2028f\\\\g',
    );
  });

  it('keeps ordinary text, accents and scripts as they are', () => {
    expect(escapeLogText('Städte 東京 — ok')).toBe('Städte 東京 — ok');
  });

  it('cuts long text and says how much was left out', () => {
    expect(escapeLogText('abcdefgh', 3)).toBe('abc… (5 more)');
  });

  it('never leaves a line break or control character in its output', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        // eslint-disable-next-line no-control-regex
        expect(escapeLogText(text)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      }),
    );
  });
});
