/**
 * What each fare class allows (SPEC §7 flight info: fare conditions and baggage allowance). The
 * letters are those of the inventory (server/src/db/seed/fares.ts): economy Q (cheapest), M, B,
 * Y (fully flexible) and business J. Fees are per passenger and journey, in minor units of USD,
 * the currency of every price in a search. A letter not listed (a supplier's own) gets the
 * strictest conditions, so nothing is promised that may not hold (and sells no extras).
 *
 * Extras: economy fares without two checked bags sell extra checked bags (23 kg each), priced per
 * bag, passenger and leg; the booking prices them with these same rules.
 */

export interface FareRules {
  refundable: boolean;
  refundFee: number | null;
  changeable: boolean;
  changeFee: number | null;
  cabinBags: { pieces: number; weightKg: number };
  checkedBags: { pieces: number; weightKg: number };
  /** What can be bought on top of the fare, per passenger and leg (none where two bags are included). */
  extras: readonly FareExtra[];
}

/** An extra a fare sells: its price per unit in minor units of USD and the most per passenger. */
export interface FareExtra {
  code: 'checked_bag';
  price: number;
  maxPerPassenger: number;
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
    extras: [{ code: 'checked_bag', price: 3_500, maxPerPassenger: 2 }],
  },
  M: {
    refundable: false,
    refundFee: null,
    changeable: true,
    changeFee: 7_500,
    cabinBags: CABIN_BAG,
    checkedBags: { pieces: 1, weightKg: 23 },
    extras: [{ code: 'checked_bag', price: 4_500, maxPerPassenger: 1 }],
  },
  B: {
    refundable: true,
    refundFee: 10_000,
    changeable: true,
    changeFee: 0,
    cabinBags: CABIN_BAG,
    checkedBags: { pieces: 1, weightKg: 23 },
    extras: [{ code: 'checked_bag', price: 4_500, maxPerPassenger: 1 }],
  },
  Y: {
    refundable: true,
    refundFee: 0,
    changeable: true,
    changeFee: 0,
    cabinBags: CABIN_BAG,
    checkedBags: { pieces: 2, weightKg: 23 },
    extras: [],
  },
  J: {
    refundable: true,
    refundFee: 0,
    changeable: true,
    changeFee: 0,
    cabinBags: { pieces: 2, weightKg: 8 },
    checkedBags: { pieces: 2, weightKg: 32 },
    extras: [],
  },
};

/** The rules of a fare class letter; the strictest ones for a letter we do not know. */
export function fareRulesOf(letter: string): FareRules {
  return FARE_RULES[letter] ?? { ...(FARE_RULES.Q as FareRules), extras: [] };
}

/** A fare's conditions and baggage allowance as the API shows them (flight info, booking legs). */
export function fareTermsOf(rules: FareRules) {
  return {
    conditions: {
      refundable: rules.refundable,
      refundFee: rules.refundFee,
      changeable: rules.changeable,
      changeFee: rules.changeFee,
    },
    baggage: { cabin: rules.cabinBags, checked: rules.checkedBags },
  };
}

/** The extra a fare class sells under a code, or null when it sells none. */
export function fareExtraOf(letter: string, code: string): FareExtra | null {
  return fareRulesOf(letter).extras.find((extra) => extra.code === code) ?? null;
}

/** Checked bags per passenger a traveller may ask prices for (search `bags`, calendars `?bags=`). */
export const MAX_BAGS_PER_PASSENGER = 2;

/** A count of checked bags per passenger that prices can be asked for: 0, 1 or 2. */
export type BagCount = 0 | 1 | 2;

/** Every bag count, in order (the price summary keeps a cheapest price for each). */
export const BAG_COUNTS: readonly BagCount[] = [0, 1, 2];

/**
 * What `bags` checked bags per passenger cost on top of a fare of class `letter`, per passenger
 * and leg, in minor units of USD: the bags the fare does not include, bought as its checked-bag
 * extra. `null` when the fare cannot carry that many (it sells no such extra, or fewer).
 */
export function bagFeeMinor(letter: string, bags: number): number | null {
  const rules = fareRulesOf(letter);
  const extraBags = Math.max(0, bags - rules.checkedBags.pieces);
  if (extraBags === 0) return 0;
  const extra = rules.extras.find((candidate) => candidate.code === 'checked_bag');
  if (!extra || extra.maxPerPassenger < extraBags) return null;
  return extra.price * extraBags;
}

/**
 * A fare's all-in price for one passenger and leg with `bags` checked bags: the fare plus the bag
 * extras it needs, or `null` when it cannot carry them (such a fare is never the cheapest).
 */
export function allInPriceMinor(fareMinor: number, letter: string, bags: number): number | null {
  const fee = bagFeeMinor(letter, bags);
  return fee === null ? null : fareMinor + fee;
}
