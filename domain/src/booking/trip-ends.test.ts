import { describe, expect, it } from 'vitest';
import { tripEnds } from './trip-ends.ts';

/** The legs of a trip, each written as its [from, to] airports. */
const legs = (...pairs: [string, string][]) => pairs.map(([from, to]) => ({ from, to }));

describe('tripEnds', () => {
  it.each([
    ['a one-way trip by its two ends', legs(['LHR', 'JFK']), { from: 'LHR', to: 'JFK' }],
    [
      'a return by where it goes, not where it comes back to',
      legs(['LHR', 'CDG'], ['CDG', 'LHR']),
      { from: 'LHR', to: 'CDG' },
    ],
    [
      'an open jaw by where the last flight ends',
      legs(['LHR', 'CDG'], ['ORY', 'LGW']),
      { from: 'LHR', to: 'LGW' },
    ],
    [
      'a multi-city trip by where the last flight ends',
      legs(['LHR', 'CDG'], ['CDG', 'FCO'], ['FCO', 'MAD']),
      { from: 'LHR', to: 'MAD' },
    ],
    [
      'a multi-city round by its first stop',
      legs(['LHR', 'CDG'], ['CDG', 'FCO'], ['FCO', 'LHR']),
      { from: 'LHR', to: 'CDG' },
    ],
  ])('names %s', (_trip, trip, ends) => {
    expect(tripEnds(trip)).toEqual(ends);
  });

  it('has no ends without legs', () => {
    expect(tripEnds([])).toEqual({ from: '', to: '' });
  });
});
