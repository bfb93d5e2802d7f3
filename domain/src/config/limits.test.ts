import { describe, expect, it } from 'vitest';
import {
  AIRPORT_SELECT_MAX_RESULTS,
  AIRPORT_SELECT_MIN_QUERY,
  LINK_TOKEN_LENGTH,
  PNR_LENGTH,
  isAirportQuerySearchable,
} from './limits.ts';
import { predicateCases } from '../testing/predicate-cases.ts';

describe('limits', () => {
  it('match the spec', () => {
    expect(PNR_LENGTH).toBe(7);
    expect(LINK_TOKEN_LENGTH).toBe(40);
    expect(AIRPORT_SELECT_MAX_RESULTS).toBe(100);
    expect(AIRPORT_SELECT_MIN_QUERY).toBe(1);
  });

  it.each(predicateCases(['s', ' s ', 'Sofia'], ['', '   ']))(
    'airport query %j is searchable: %s',
    (query, searchable) => {
      expect(isAirportQuerySearchable(query)).toBe(searchable);
    },
  );
});
