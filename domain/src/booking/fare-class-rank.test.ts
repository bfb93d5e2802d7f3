import { describe, expect, it } from 'vitest';
import { fareClassRank, isSameOrHigherClass } from './fare-class-rank.ts';

describe('fare class ranks', () => {
  it.each([
    ['Q', 'economy', 'Q', 'economy', true],
    ['Q', 'economy', 'M', 'economy', true],
    ['M', 'economy', 'Q', 'economy', false],
    ['B', 'economy', 'Y', 'economy', true],
    ['Y', 'economy', 'B', 'economy', false],
    ['Y', 'economy', 'J', 'business', true],
    ['J', 'business', 'Y', 'economy', false],
    ['J', 'business', 'J', 'business', true],
    ['X', 'economy', 'Q', 'economy', true],
    ['Q', 'economy', 'X', 'economy', false],
  ])('%s/%s → %s/%s: %s', (bookedLetter, bookedCabin, letter, cabin, expected) => {
    expect(
      isSameOrHigherClass({ letter: bookedLetter, cabin: bookedCabin }, { letter, cabin }),
    ).toBe(expected);
  });

  it('puts every business class above every economy class', () => {
    for (const letter of ['Q', 'M', 'B', 'Y']) {
      expect(fareClassRank('J', 'business')).toBeGreaterThan(fareClassRank(letter, 'economy'));
    }
  });
});
