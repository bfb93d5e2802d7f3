import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../testing/mock-api.ts';
import { getCheapestDays } from './get-cheapest-days.ts';
import { getCheapestMonths } from './get-cheapest-months.ts';
import { getOffers } from './get-offers.ts';

describe('price calendars and offers with checked bags', () => {
  it('ask with `?bags=N` when bags are chosen, and without a query otherwise', async () => {
    const asked: string[] = [];
    mockApi({
      'GET /api/cheapest-price/days/12/2026/12': ({ url }) => {
        asked.push(`days${url.search}`);
        return json({ success: true, currency: 'USD', days: [] });
      },
      'GET /api/cheapest-price/months/12': ({ url }) => {
        asked.push(`months${url.search}`);
        return json({ success: true, currency: 'USD', months: [] });
      },
      'GET /api/cheapest-price/SOF/offers': ({ url }) => {
        asked.push(`offers${url.search}`);
        return json({ success: true, airport: 'SOF', currency: 'USD', offers: [] });
      },
    });
    await getCheapestDays(12, 2026, 12, undefined, 0);
    await getCheapestDays(12, 2026, 12, undefined, 2);
    await getCheapestMonths(12, undefined, 0);
    await getCheapestMonths(12, undefined, 1);
    await getOffers('SOF', 0);
    await getOffers('SOF', 2);
    expect(asked).toEqual([
      'days',
      'days?bags=2',
      'months',
      'months?bags=1',
      'offers',
      'offers?bags=2',
    ]);
  });
});
