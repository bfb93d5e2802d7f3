import { describe, expect, it } from 'vitest';
import { flightMinutes } from './geo.ts';

describe('flightMinutes', () => {
  it('gives realistic block times on a five-minute grid', () => {
    expect(flightMinutes(350)).toBe(65);
    expect(flightMinutes(5_540)).toBe(445);
    for (const km of [300, 1_234, 8_000]) expect(flightMinutes(km) % 5).toBe(0);
  });

  it('never decreases as the distance grows', () => {
    let previous = 0;
    for (let km = 250; km <= 16_000; km += 7) {
      const minutes = flightMinutes(km);
      expect(minutes).toBeGreaterThanOrEqual(previous);
      previous = minutes;
    }
  });
});
