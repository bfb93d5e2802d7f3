import { describe, expect, it } from 'vitest';
import { APP_VERSION, BRAND_NAME, TAGLINE, pageTitle } from './app.ts';

describe('product identity', () => {
  it('has the brand, tagline and version of the spec', () => {
    expect(BRAND_NAME).toBe('Uniquair');
    expect(TAGLINE).toBe('Unique routes, unique moments');
    expect(APP_VERSION).toBe('0.7.0');
  });

  it.each([
    ['My bookings', 'Uniquair - My bookings'],
    ['  Support  ', 'Uniquair - Support'],
    ['', 'Uniquair'],
    ['   ', 'Uniquair'],
    [undefined, 'Uniquair'],
  ])('pageTitle(%j) = %j', (title, expected) => {
    expect(pageTitle(title)).toBe(expected);
  });
});
