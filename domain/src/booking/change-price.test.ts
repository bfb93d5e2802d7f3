import { describe, expect, it } from 'vitest';
import { changePrice } from './change-price.ts';

/** A booking charged 9,000 EUR cents for 10,000 USD cents: 0.9 EUR per USD. */
const RATE = { charged: 9_000, base: 10_000 };

describe('changePrice', () => {
  it('charges the fee and a dearer fare’s difference for every seated passenger, at the booking’s rate', () => {
    const price = changePrice({
      oldFare: 10_000,
      newFare: 12_000,
      seated: 2,
      changeFee: 7_500,
      refundable: false,
      ...RATE,
    });
    expect(price).toEqual({
      changeFee: 13_500,
      fareDifference: 3_600,
      toPay: 17_100,
      payout: 0,
      totalDelta: 3_600,
      baseDelta: 4_000,
      legFare: 12_000,
    });
  });

  it('never pays out a cheaper fare’s difference on a non-refundable fare: the fee is due and the leg keeps its price', () => {
    const price = changePrice({
      oldFare: 12_000,
      newFare: 10_000,
      seated: 1,
      changeFee: 7_500,
      refundable: false,
      ...RATE,
    });
    expect(price.toPay).toBe(6_750);
    expect(price.payout).toBe(0);
    expect(price.fareDifference).toBe(-1_800);
    expect(price.totalDelta).toBe(0);
    expect(price.baseDelta).toBe(0);
    expect(price.legFare).toBe(12_000);
  });

  it('lets a refundable fare’s cheaper difference pay the fee first, then pays out the rest', () => {
    const covered = changePrice({
      oldFare: 20_000,
      newFare: 15_000,
      seated: 1,
      changeFee: 10_000,
      refundable: true,
      ...RATE,
    });
    expect(covered).toMatchObject({ toPay: 4_500, payout: 0, totalDelta: -4_500 });

    const over = changePrice({
      oldFare: 20_000,
      newFare: 5_000,
      seated: 1,
      changeFee: 0,
      refundable: true,
      ...RATE,
    });
    expect(over).toMatchObject({ toPay: 0, payout: 13_500, totalDelta: -13_500, legFare: 5_000 });
  });

  it('costs nothing for the same fare on a fare without a fee', () => {
    const price = changePrice({
      oldFare: 30_000,
      newFare: 30_000,
      seated: 3,
      changeFee: 0,
      refundable: true,
      ...RATE,
    });
    expect(price).toMatchObject({ toPay: 0, payout: 0, totalDelta: 0, baseDelta: 0 });
  });
});
