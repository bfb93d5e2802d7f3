import type { PriceWatch } from '@uniquair/contract/price-watch';

/** A signed-in traveller's watch of Sofia → London through March 2027, for one adult. */
export function testWatch(overrides: Partial<PriceWatch> = {}): PriceWatch {
  return {
    number: 12,
    route: 3,
    from: 'SOF',
    to: 'LHR',
    date: null,
    month: '2027-03',
    passengers: { adults: 1, children: 0, infants: 0 },
    bags: 0,
    subscribedPrice: { amount: 12_000, currency: 'EUR' },
    currentPrice: { amount: 9_900, currency: 'EUR' },
    targetPrice: null,
    endsOn: '2027-03-31',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
