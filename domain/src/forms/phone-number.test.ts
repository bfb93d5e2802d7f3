import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  internationalPhone,
  nationalPhone,
  parsePhone,
  type PhoneProblem,
} from './phone-number.ts';

describe('parsePhone', () => {
  it.each([
    ['+49 30 1234567', '49', '49', '301234567'],
    ['030 1234567', '49', '49', '301234567'],
    ['(212) 555-0123', '1', '1', '2125550123'],
    ['0049 30 1234567', '49', '49', '301234567'],
    ['0049 30 1234567', '1', '49', '301234567'],
    ['030-123-4567', '49', '49', '301234567'],
    ['030.123.4567', '49', '49', '301234567'],
    ['030/1234567', '49', '49', '301234567'],
    ['  +1 (212) 555\u20110123 ', '44', '1', '2125550123'],
    ['88 123-4567', '359', '359', '881234567'],
    ['0721 234 567', '40', '40', '721234567'],
    ['06 12 34 56 78', '33', '33', '612345678'],
  ])('reads %j with the code %s as +%s %s', (typed, chosen, phoneCode, phone) => {
    expect(parsePhone(typed, chosen)).toEqual({ ok: true, phoneCode, phone });
  });

  it('lets a calling code typed in the number win over the chosen one', () => {
    expect(parsePhone('+44 20 7946 0958', '49')).toEqual({
      ok: true,
      phoneCode: '44',
      phone: '2079460958',
    });
    expect(parsePhone('0044 20 7946 0958', '49')).toMatchObject({ phoneCode: '44' });
  });

  it.each<[string, string, PhoneProblem]>([
    ['', '49', 'REQUIRED'],
    [' - ( ) ', '49', 'REQUIRED'],
    ['12', '49', 'TOO_SHORT'],
    ['555 1234', '1', 'TOO_SHORT'],
    ['+49 30 1234567890123456', '49', 'TOO_LONG'],
    ['722 0001', '40', 'INVALID'],
    ['030 CALL ME', '49', 'CHARACTERS'],
    ['abc', '49', 'CHARACTERS'],
    ['30+1234567', '49', 'CHARACTERS'],
    ['+999 1234567', '49', 'UNKNOWN_CALLING_CODE'],
    ['030 1234567', '', 'NO_CALLING_CODE'],
  ])('refuses %j with the code %j: %s', (typed, chosen, problem) => {
    expect(parsePhone(typed, chosen)).toEqual({ ok: false, problem });
  });

  it('needs no chosen code for an international number', () => {
    expect(parsePhone('+49 30 1234567', '')).toEqual({
      ok: true,
      phoneCode: '49',
      phone: '301234567',
    });
  });
});

describe('formatPhone', () => {
  it('lays a number out as its country writes it', () => {
    expect(formatPhone('0301234567', '49')).toBe('030 1234567');
    expect(formatPhone('2125550123', '1')).toBe('(212) 555-0123');
    expect(formatPhone('+49-30-1234567', '1')).toBe('+49 30 1234567');
    expect(formatPhone('0049301234567', '1')).toBe('+49 30 1234567');
  });

  it('leaves what is not a number, or has no calling code, as typed', () => {
    expect(formatPhone('call me', '49')).toBe('call me');
    expect(formatPhone('030 1234567', '')).toBe('030 1234567');
  });
});

describe('nationalPhone', () => {
  it('writes stored digits as the country does at home', () => {
    expect(nationalPhone('49', '301234567')).toBe('030 1234567');
    expect(nationalPhone('44', '2079460958')).toBe('020 7946 0958');
    expect(nationalPhone('1', '2125550123')).toBe('(212) 555-0123');
  });
});

describe('internationalPhone', () => {
  it('writes stored digits for the world', () => {
    expect(internationalPhone('49', '301234567')).toBe('+49 30 1234567');
    expect(internationalPhone('1', '2125550123')).toBe('+1 212 555 0123');
  });
});
