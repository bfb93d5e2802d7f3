/**
 * What a voluntary change of a booked leg costs (docs/flight-changes.md). Pure: the server prices
 * the options it lists with it, and the same function decides whether the price a traveller
 * accepted is still the one on offer.
 *
 * - The booked fare's change fee is due for every seated passenger (infants pay no fare).
 * - A dearer new fare adds the difference for every seated passenger.
 * - A cheaper new fare gives nothing back on a non-refundable fare: the traveller keeps the fare
 *   paid (the leg keeps its price). On a refundable fare the difference first pays the fee and
 *   what is left over is paid out.
 * - Base amounts are USD minor units; charge amounts are converted at the booking's own rate
 *   (what was charged for its base total), so a change costs in the currency paid, at the rate
 *   paid.
 */

export interface ChangePriceInput {
  /** Fare of one seated passenger on the booked leg and on the new flight, base currency. */
  oldFare: number;
  newFare: number;
  /** Passengers with a seat. */
  seated: number;
  /** Change fee per seated passenger, base currency (the booked fare's rules). */
  changeFee: number;
  /** Whether the booked fare is refundable. */
  refundable: boolean;
  /** The booking's charge and base totals: their ratio is the conversion rate. */
  charged: number;
  base: number;
}

export interface ChangePrice {
  /** Charge currency, minor units. */
  changeFee: number;
  /** New fare less old fare for every seated passenger (negative: cheaper). */
  fareDifference: number;
  /** What the traveller pays for the change. */
  toPay: number;
  /** What goes back to the traveller (a cheaper refundable fare, beyond the fee). */
  payout: number;
  /** What the booking's charged total for fares and extras moves by. */
  totalDelta: number;
  /** What the booking's base total moves by. */
  baseDelta: number;
  /** The leg's fare per seated passenger after the change (base currency). */
  legFare: number;
}

/** `amount` of the base currency in the charge currency at the booking's rate, half away from 0. */
function convert(amount: number, charged: number, base: number): number {
  if (base <= 0) return 0;
  const exact = (Math.abs(amount) * charged) / base;
  return Math.sign(amount) * Math.round(exact);
}

/** The price of moving a leg from its booked fare to another (see the top of this file). */
export function changePrice(input: ChangePriceInput): ChangePrice {
  const { seated, charged, base } = input;
  const feeBase = input.changeFee * seated;
  const differenceBase = (input.newFare - input.oldFare) * seated;
  const changeFee = convert(feeBase, charged, base);
  const fareDifference = convert(differenceBase, charged, base);
  if (fareDifference >= 0) {
    return {
      changeFee,
      fareDifference,
      toPay: changeFee + fareDifference,
      payout: 0,
      totalDelta: fareDifference,
      baseDelta: differenceBase,
      legFare: input.newFare,
    };
  }
  if (!input.refundable) {
    return {
      changeFee,
      fareDifference,
      toPay: changeFee,
      payout: 0,
      totalDelta: 0,
      baseDelta: 0,
      legFare: input.oldFare,
    };
  }
  const net = changeFee + fareDifference;
  return {
    changeFee,
    fareDifference,
    toPay: Math.max(0, net),
    payout: Math.max(0, -net),
    totalDelta: fareDifference,
    baseDelta: differenceBase,
    legFare: input.newFare,
  };
}
