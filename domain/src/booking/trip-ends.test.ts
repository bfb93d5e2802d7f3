import { describe, expect, it } from 'vitest';
import { tripEnds } from './trip-ends.ts';

describe('tripEnds', () => {
  it('names a one-way trip by its two ends', () => {
    expect(tripEnds([{ from: 'LHR', to: 'JFK' }])).toEqual({ from: 'LHR', to: 'JFK' });
  });

  it('names a return by where it goes, not where it comes back to', () => {
    expect(
      tripEnds([
        { from: 'LHR', to: 'CDG' },
        { from: 'CDG', to: 'LHR' },
      ]),
    ).toEqual({ from: 'LHR', to: 'CDG' });
  });

  it('names an open jaw and a multi-city trip by where the last flight ends', () => {
    expect(
      tripEnds([
        { from: 'LHR', to: 'CDG' },
        { from: 'ORY', to: 'LGW' },
      ]),
    ).toEqual({ from: 'LHR', to: 'LGW' });
    expect(
      tripEnds([
        { from: 'LHR', to: 'CDG' },
        { from: 'CDG', to: 'FCO' },
        { from: 'FCO', to: 'MAD' },
      ]),
    ).toEqual({ from: 'LHR', to: 'MAD' });
  });

  it('names a multi-city round by its first stop', () => {
    expect(
      tripEnds([
        { from: 'LHR', to: 'CDG' },
        { from: 'CDG', to: 'FCO' },
        { from: 'FCO', to: 'LHR' },
      ]),
    ).toEqual({ from: 'LHR', to: 'CDG' });
  });

  it('has no ends without legs', () => {
    expect(tripEnds([])).toEqual({ from: '', to: '' });
  });
});
