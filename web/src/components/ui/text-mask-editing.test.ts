import { describe, expect, it } from 'vitest';
import {
  caretBeforeBackspace,
  caretBeforeDelete,
  maskedValue,
  maskInputMode,
  remask,
  withoutTrailingLiterals,
} from './text-mask-editing.ts';

describe('remask', () => {
  it.each([
    // mask, edited text, caret → value, caret
    ['##/##', '1', 1, '1', 1],
    ['##/##', '12', 2, '12', 2],
    ['##/##', '123', 3, '12/3', 4],
    ['##/##', '12/', 3, '12/', 3],
    ['##/##', '1234', 4, '12/34', 5],
    ['##/##', '12/345', 6, '12/34', 5],
    ['##/##', '1a2', 2, '12', 1],
    ['##/##', '152/34', 2, '15/23', 2],
    ['##/##', '1x2/34', 2, '12/34', 1],
    ['##/##', '2/34', 0, '23/4', 0],
    ['(###) ###-####', '5551234567', 10, '(555) 123-4567', 14],
    ['(###) ###-####', '(555) 123-4567', 14, '(555) 123-4567', 14],
    ['AA-nnnn', 'ab12cd', 6, 'AB-12cd', 7],
    ['NNN', 'a1b', 3, 'A1B', 3],
    ['X##', '+12', 3, '+12', 3],
    ['X##', '12', 2, '', 0],
  ])('%s: %s (caret %i) → %s (caret %i)', (mask, edited, caret, value, expectedCaret) => {
    expect(remask(mask, edited, caret)).toEqual({ value, caret: expectedCaret });
  });

  it('keeps a pasted value whole, with or without literals', () => {
    expect(remask('####-####-####-####', '4111111111111111', 16).value).toBe('4111-1111-1111-1111');
    expect(remask('####-####-####-####', '4111-1111-1111-1111', 19).value).toBe(
      '4111-1111-1111-1111',
    );
  });

  it('counts characters outside the BMP as one', () => {
    expect(remask('A-A', '𐐨𐐨', 4)).toEqual({ value: '𐐀-𐐀', caret: 5 });
  });
});

describe('caretBeforeBackspace', () => {
  it('moves the caret over literals to the typed character before them', () => {
    expect(caretBeforeBackspace('##/##', '12/3', 3)).toBe(2);
    expect(caretBeforeBackspace('(###) ###-####', '(555) 123', 6)).toBe(4);
  });

  it('leaves the caret after a typed character, at the start, or after a literal at the end', () => {
    expect(caretBeforeBackspace('##/##', '12/3', 4)).toBeNull();
    expect(caretBeforeBackspace('##/##', '12/3', 0)).toBeNull();
    expect(caretBeforeBackspace('##/##', '12/', 3)).toBeNull();
  });
});

describe('caretBeforeDelete', () => {
  it('moves the caret over literals to the typed character after them', () => {
    expect(caretBeforeDelete('##/##', '12/34', 2)).toBe(3);
    expect(caretBeforeDelete('(###) ###-####', '(555) 123', 4)).toBe(6);
  });

  it('leaves the caret before a typed character or at the end', () => {
    expect(caretBeforeDelete('##/##', '12/34', 1)).toBeNull();
    expect(caretBeforeDelete('##/##', '12/34', 5)).toBeNull();
  });
});

describe('withoutTrailingLiterals', () => {
  it('drops the literals at the end only', () => {
    expect(withoutTrailingLiterals('##/##', '12/')).toBe('12');
    expect(withoutTrailingLiterals('(###) ###', '(555) ')).toBe('(555');
    expect(withoutTrailingLiterals('(###) ###', '(')).toBe('');
    expect(withoutTrailingLiterals('##/##', '12/3')).toBe('12/3');
  });
});

describe('maskedValue', () => {
  it('gives the masked text, the raw characters and completeness', () => {
    expect(maskedValue('##/##', '1234')).toEqual({ masked: '12/34', raw: '1234', complete: true });
    expect(maskedValue('##/##', '123')).toEqual({ masked: '12/3', raw: '123', complete: false });
    expect(maskedValue('AA-nn', 'gbxy')).toEqual({ masked: 'GB-xy', raw: 'GBxy', complete: true });
  });
});

describe('maskInputMode', () => {
  it('asks for a numeric keyboard when every token is a digit', () => {
    expect(maskInputMode('##/##')).toBe('numeric');
    expect(maskInputMode('(###) ###-####')).toBe('numeric');
    expect(maskInputMode('AA-####')).toBe('text');
    expect(maskInputMode('---')).toBe('text');
  });
});
