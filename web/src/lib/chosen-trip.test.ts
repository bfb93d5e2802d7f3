import { afterEach, describe, expect, it } from 'vitest';
import { forgetTrip, rememberedTrip, rememberTrip } from './chosen-trip.ts';

afterEach(() => window.sessionStorage.clear());

describe('chosen trip', () => {
  it('keeps the last trip path for the visit', () => {
    expect(rememberedTrip()).toBeNull();
    rememberTrip('/flights/1/0/0/12.2026-12-01.10.Q');
    rememberTrip('/flights/2/0/0/12.2026-12-01._');
    expect(rememberedTrip()).toBe('/flights/2/0/0/12.2026-12-01._');
    forgetTrip();
    expect(rememberedTrip()).toBeNull();
  });
});
