import { describe, expect, it } from 'vitest';
import { allInPriceMinor, BAG_COUNTS, bagFeeMinor, fareRulesOf } from './fare-rules.ts';

describe('bag fees', () => {
  it.each([
    // letter, fee for 0, 1 and 2 bags per passenger and leg
    ['Q', [0, 3_500, 7_000]],
    ['M', [0, 0, 4_500]],
    ['B', [0, 0, 4_500]],
    ['Y', [0, 0, 0]],
    ['J', [0, 0, 0]],
    // A supplier's own letter: the strictest rules, no bag sold.
    ['Z', [0, null, null]],
  ] as const)('%s costs %j for 0, 1 and 2 bags', (letter, fees) => {
    expect(BAG_COUNTS.map((bags) => bagFeeMinor(letter, bags))).toEqual(fees);
  });

  it('prices a fare all-in, or not at all when it cannot carry the bags', () => {
    expect(allInPriceMinor(12_000, 'Q', 2)).toBe(19_000);
    expect(allInPriceMinor(12_000, 'Y', 2)).toBe(12_000);
    expect(allInPriceMinor(12_000, 'Z', 1)).toBeNull();
    expect(fareRulesOf('Z').extras).toEqual([]);
  });
});
