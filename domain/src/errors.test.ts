import { describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_CODES, DomainError, isDomainError, isDomainErrorCode } from './errors.ts';
import { predicateCases } from './testing/predicate-cases.ts';

describe('domain error codes', () => {
  it('are unique, upper snake case', () => {
    expect(new Set(DOMAIN_ERROR_CODES).size).toBe(DOMAIN_ERROR_CODES.length);
    for (const code of DOMAIN_ERROR_CODES) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });

  it.each(
    predicateCases(
      ['ROUTE_DATE_DAY_NOT_OPERATED', 'CURRENCY_UNKNOWN'],
      ['route_date_day_not_operated', '', 'NOT_A_CODE'],
    ),
  )('isDomainErrorCode(%j) = %s', (code, known) => {
    expect(isDomainErrorCode(code)).toBe(known);
  });
});

describe('DomainError', () => {
  it('carries its code and is recognised', () => {
    const error = new DomainError('CURRENCY_UNKNOWN', 'No exponent for XYZ');
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('CURRENCY_UNKNOWN');
    expect(error.name).toBe('DomainError');
    expect(error.message).toBe('No exponent for XYZ');
    expect(isDomainError(error)).toBe(true);
  });

  it.each([new Error('x'), { code: 'CURRENCY_UNKNOWN' }, null, 'CURRENCY_UNKNOWN'])(
    'does not recognise %j',
    (value) => {
      expect(isDomainError(value)).toBe(false);
    },
  );
});
