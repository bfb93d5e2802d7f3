/**
 * What each fare class allows (SPEC §7 flight info: fare conditions and baggage allowance). The
 * letters are those of the inventory (server/src/db/seed/fares.ts): economy Q (cheapest), M, B,
 * Y (fully flexible) and business J. Fees are per passenger and journey, in minor units of USD,
 * the currency of every price in a search. A letter not listed (a supplier's own) gets the
 * strictest conditions, so nothing is promised that may not hold.
 */

export interface FareRules {
  refundable: boolean;
  refundFee: number | null;
  changeable: boolean;
  changeFee: number | null;
  cabinBags: { pieces: number; weightKg: number };
  checkedBags: { pieces: number; weightKg: number };
}

const CABIN_BAG = { pieces: 1, weightKg: 8 };

export const FARE_RULES: Readonly<Record<string, FareRules>> = {
  Q: {
    refundable: false,
    refundFee: null,
    changeable: false,
    changeFee: null,
    cabinBags: CABIN_BAG,
    checkedBags: { pieces: 0, weightKg: 0 },
  },
  M: {
    refundable: false,
    refundFee: null,
    changeable: true,
    changeFee: 7_500,
    cabinBags: CABIN_BAG,
    checkedBags: { pieces: 1, weightKg: 23 },
  },
  B: {
    refundable: true,
    refundFee: 10_000,
    changeable: true,
    changeFee: 0,
    cabinBags: CABIN_BAG,
    checkedBags: { pieces: 1, weightKg: 23 },
  },
  Y: {
    refundable: true,
    refundFee: 0,
    changeable: true,
    changeFee: 0,
    cabinBags: CABIN_BAG,
    checkedBags: { pieces: 2, weightKg: 23 },
  },
  J: {
    refundable: true,
    refundFee: 0,
    changeable: true,
    changeFee: 0,
    cabinBags: { pieces: 2, weightKg: 8 },
    checkedBags: { pieces: 2, weightKg: 32 },
  },
};

/** The rules of a fare class letter; the strictest ones for a letter we do not know. */
export function fareRulesOf(letter: string): FareRules {
  return FARE_RULES[letter] ?? (FARE_RULES.Q as FareRules);
}
