import { addDays } from '@uniquair/domain/dates/ymd';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/build.ts';
import { TEST_TODAY } from '../../../test/helpers/database.ts';
import { dailyRoundTrip } from '../../../test/helpers/search.ts';
import { PriceGridRepository } from './pricing.grid-repository.ts';
import { PricingRepository } from './pricing.repository.ts';
import { PricingService } from './pricing.service.ts';

describe('the pricing service’s prepared answers', () => {
  const test = useTestApp({});
  let service: PricingService | undefined;
  afterEach(() => service?.close());

  it('keeps the calendars while flexible-dates grids fill their own room', async () => {
    const { db, now } = test.app;
    service = new PricingService({
      repository: new PricingRepository(db),
      gridRepository: new PriceGridRepository(db),
      db,
      now,
      cacheTtlMs: 60_000,
      maxEntries: 3,
    });
    const { out, back } = await dailyRoundTrip(db);
    const months = service.months(out.id);
    expect(service.months(out.id)).toBe(months);
    // More grids than the room holds, as a traveller trying day after day would ask for.
    for (let day = 10; day < 15; day += 1) {
      await service.grid({
        outRouteId: out.id,
        backRouteId: back.id,
        out: addDays(TEST_TODAY, day),
        back: addDays(TEST_TODAY, day + 7),
        bags: 0,
      });
    }
    expect(service.months(out.id)).toBe(months);
  });
});
