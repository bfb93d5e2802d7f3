import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cancellationBlock,
  cancellationQuote,
  inFreeWindow,
  shareOut,
  type QuoteFlight,
  type QuoteInput,
} from './cancellation-quote.ts';

const BOOKED = '2026-12-01T10:00:00.000Z';
const DAY = 24 * 3_600_000;
const later = (ms: number) => new Date(Date.parse(BOOKED) + ms).toISOString();

const flight = (overrides: Partial<QuoteFlight> = {}): QuoteFlight => ({
  index: 0,
  destinationIndex: 0,
  fareClass: 'B',
  farePrice: 40_000,
  refundable: true,
  refundFee: 10_000,
  ...overrides,
});

const input = (overrides: Partial<QuoteInput> = {}): QuoteInput => ({
  flights: [flight()],
  passengers: [{ index: 0, seated: true }],
  extras: [],
  paid: { amount: 40_000, currency: 'USD' },
  bookedAt: BOOKED,
  firstDeparture: later(30 * DAY),
  now: later(2 * DAY),
  ...overrides,
});

describe('cancellationQuote', () => {
  it.each([
    ['refundable fare: paid less the fee', input(), { refund: 30_000, fee: 10_000, kept: 0 }],
    [
      'fee-free refundable fare (Y)',
      input({ flights: [flight({ fareClass: 'Y', refundFee: 0 })] }),
      { refund: 40_000, fee: 0, kept: 0 },
    ],
    [
      'non-refundable fare: nothing back, nothing charged as fee',
      input({ flights: [flight({ fareClass: 'Q', refundable: false, refundFee: null })] }),
      { refund: 0, fee: 0, kept: 40_000 },
    ],
    [
      'fee above the paid share is capped at it',
      input({ flights: [flight({ farePrice: 5_000 })], paid: { amount: 5_000, currency: 'USD' } }),
      { refund: 0, fee: 5_000, kept: 0 },
    ],
    [
      'free window: within 24 h and 7+ days ahead, everything back, even non-refundable',
      input({
        flights: [flight({ refundable: false, refundFee: null })],
        now: later(23 * 3_600_000),
      }),
      { refund: 40_000, fee: 0, kept: 0 },
    ],
    [
      'an unanswered schedule change: everything back, even non-refundable, fee waived',
      input({
        flights: [
          flight({ fareClass: 'Q', refundable: false, refundFee: null }),
          flight({ index: 1, destinationIndex: 1 }),
        ],
        paid: { amount: 80_000, currency: 'USD' },
        scheduleChanged: true,
      }),
      { refund: 80_000, fee: 0, kept: 0 },
    ],
    [
      'no free window when the flight is under 7 days away',
      input({ firstDeparture: later(6 * DAY), now: later(3_600_000) }),
      { refund: 30_000, fee: 10_000, kept: 0 },
    ],
    [
      'unpaid booking: nothing to give back',
      input({ paid: { amount: 0, currency: 'USD' } }),
      {
        refund: 0,
        fee: 0,
        kept: 0,
      },
    ],
    [
      'fee converted at the booking rate (EUR charge of 36 000 for 40 000 USD)',
      input({ paid: { amount: 36_000, currency: 'EUR' } }),
      { refund: 27_000, fee: 9_000, kept: 0 },
    ],
  ])('%s', (_, quoteInput, expected) => {
    const quote = cancellationQuote(quoteInput);
    expect({ refund: quote.refund, fee: quote.fee, kept: quote.nonRefundable }).toEqual(expected);
    expect(quote.currency).toBe(quoteInput.paid.currency);
  });

  it('makes one line per passenger and flight; infants pay no fare, extras count on their leg', () => {
    const quote = cancellationQuote(
      input({
        flights: [flight(), flight({ index: 1, destinationIndex: 1, refundable: false })],
        passengers: [
          { index: 0, seated: true },
          { index: 1, seated: false },
        ],
        extras: [{ destinationIndex: 1, passengerIndex: 0, price: 4_500 }],
        paid: { amount: 84_500, currency: 'USD' },
      }),
    );
    expect(quote.lines.map((line) => [line.flightIndex, line.passengerIndex, line.paid])).toEqual([
      [0, 0, 40_000],
      [0, 1, 0],
      [1, 0, 44_500],
      [1, 1, 0],
    ]);
    expect(quote.lines[2]).toMatchObject({ refundable: false, refund: 0, nonRefundable: 44_500 });
    expect(quote.lines[1]).toMatchObject({ fee: 0, refund: 0 });
    expect(quote.refund).toBe(30_000);
  });
});

describe('inFreeWindow', () => {
  it.each([
    [later(DAY - 1), later(8 * DAY), true],
    [later(DAY), later(8 * DAY), false],
    [later(DAY - 1), later(DAY - 1 + 7 * DAY), true],
    [later(DAY - 1), later(DAY - 2 + 7 * DAY), false],
  ])('at %s, first flight %s → %s', (now, departure, expected) => {
    expect(inFreeWindow(BOOKED, departure, now)).toBe(expected);
  });
});

describe('cancellationBlock', () => {
  it.each([
    ['not_paid', null],
    ['paid', null],
    ['ticketed', null],
    ['pay_at_airline', null],
    ['cancelled', 'cancelled'],
    ['expired', 'expired'],
  ])('%s → %s', (status, expected) => {
    expect(cancellationBlock(status, later(10 * DAY), later(DAY))).toBe(expected);
  });

  it('a booking whose first flight has left is flown', () => {
    expect(cancellationBlock('ticketed', later(DAY), later(DAY))).toBe('flown');
  });
});

describe('properties', () => {
  const arbitraryInput = fc
    .record({
      fares: fc.array(
        fc.record({
          farePrice: fc.integer({ min: 0, max: 500_000 }),
          refundable: fc.boolean(),
          refundFee: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      seated: fc.array(fc.boolean(), { minLength: 1, maxLength: 9 }),
      extra: fc.integer({ min: 0, max: 20_000 }),
      paid: fc.integer({ min: 0, max: 5_000_000 }),
      hoursSinceBooking: fc.integer({ min: 0, max: 96 }),
      daysToDeparture: fc.integer({ min: 1, max: 60 }),
    })
    .map((value): QuoteInput =>
      input({
        flights: value.fares.map((fare, index) =>
          flight({ ...fare, index, destinationIndex: index }),
        ),
        passengers: value.seated.map((seated, index) => ({ index, seated })),
        extras: [{ destinationIndex: 0, passengerIndex: 0, price: value.extra }],
        paid: { amount: value.paid, currency: 'EUR' },
        now: later(value.hoursSinceBooking * 3_600_000),
        firstDeparture: later(value.hoursSinceBooking * 3_600_000 + value.daysToDeparture * DAY),
      }),
    );

  it('the lines add up to what was paid, and each line to paid = fee + refund + kept', () => {
    fc.assert(
      fc.property(arbitraryInput, (quoteInput) => {
        const quote = cancellationQuote(quoteInput);
        expect(quote.paid).toBe(quoteInput.paid.amount);
        expect(quote.refund + quote.fee + quote.nonRefundable).toBe(quote.paid);
        for (const line of quote.lines) {
          expect(line.refund).toBeGreaterThanOrEqual(0);
          expect(line.fee).toBeGreaterThanOrEqual(0);
          expect(line.fee + line.refund + line.nonRefundable).toBe(line.paid);
          if (!line.refundable && !quote.freeWindow) expect(line.refund).toBe(0);
        }
        if (quote.freeWindow) expect(quote.refund).toBe(quote.paid);
      }),
    );
  });

  it('shareOut gives non-negative shares adding up to the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          const shares = shareOut(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          expect(shares.every((share) => share >= 0)).toBe(true);
        },
      ),
    );
  });
});
