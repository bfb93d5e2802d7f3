import { ALL_DAYS_MASK } from '@uniquair/domain/routes/day-of-week';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAirports, type SeedAirport } from './airports.ts';
import { buildNetwork } from './network.ts';
import { isTrunkPair } from './trunks.ts';
import { createRandom } from './random.ts';
import { TEST_TODAY as TODAY } from '../../../test/helpers/database.ts';

describe('the seed network', () => {
  let airports: SeedAirport[];
  beforeAll(async () => {
    airports = await loadAirports();
  });

  // Whatever the draw: three seeds, each its own network.
  for (const seed of [1, 2, 3]) {
    it(`serves the busiest real routes every day, twice a day or more, with seed ${seed}`, () => {
      const routes = buildNetwork(airports, createRandom(seed).derive('network'), TODAY);
      for (const [from, to] of [
        ['LHR', 'JFK'],
        ['JFK', 'LHR'],
        ['JFK', 'LAX'],
        ['GMP', 'CJU'],
      ] as const) {
        const route = routes.find((candidate) => candidate.from === from && candidate.to === to);
        if (route === undefined) throw new Error(`no route ${from}-${to}`);
        expect(route.dow).toBe(ALL_DAYS_MASK);
        expect(route.rating).toBe(5);
        expect(route.availableFrom <= TODAY).toBe(true);
        expect(route.availableUntil).toBeNull();
        const direct = route.services.filter((service) => service.legs.length === 1);
        expect(direct.length).toBeGreaterThanOrEqual(2);
        expect(new Set(direct.map((service) => service.departureMinutes)).size).toBe(direct.length);
      }
    });
  }

  it('knows a trunk pair in either direction and nothing else', () => {
    expect(isTrunkPair('LHR', 'JFK')).toBe(true);
    expect(isTrunkPair('JFK', 'LHR')).toBe(true);
    expect(isTrunkPair('LHR', 'MAN')).toBe(false);
  });
});
