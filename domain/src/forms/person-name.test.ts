import { describe, expect, it } from 'vitest';
import { isPersonName } from './person-name.ts';

describe('isPersonName', () => {
  it('takes names in any script, with marks, spaces, apostrophes, hyphens and dots', () => {
    for (const name of [
      'Ana',
      'Jean-Luc',
      "O'Brien",
      'D’Angelo',
      'Mary Ann',
      'St. John',
      'Zoë',
      'Nguyễn Văn',
      'Ølstad',
      'Владимир',
      'ʻIolani',
      '김민준',
      'अनन्या',
      'José María',
      'e\u0301lodie',
    ]) {
      expect(isPersonName(name), name).toBe(true);
    }
  });

  it('refuses markup, braces, digits, symbols, control characters and names without a letter', () => {
    for (const name of [
      '<script>alert(2)</script>',
      'Ana<b>',
      '{{constructor}}',
      'Ana{',
      'R2D2',
      'Ana; DROP',
      'Ana\u0000',
      'Ana\nPop',
      'Ana\tPop',
      'Ana\u202eP',
      '---',
      '. .',
      '',
      'a@b',
      'Ana & Bob',
    ]) {
      expect(isPersonName(name), JSON.stringify(name)).toBe(false);
    }
  });
});
