import { describe, expect, it } from 'vitest';
import {
  MOBILE_BREAKPOINT_PX,
  MOBILE_MEDIA_QUERY,
  SPINNER_SIZES,
  isMobileWidth,
} from './layout.ts';

describe('mobile breakpoint', () => {
  it.each([
    [320, true],
    [1023, true],
    [1024, true],
    [1024.5, false],
    [1025, false],
    [1920, false],
  ])('width %d is mobile: %s', (width, mobile) => {
    expect(isMobileWidth(width)).toBe(mobile);
  });

  it('is 1024 px, also as a media query', () => {
    expect(MOBILE_BREAKPOINT_PX).toBe(1024);
    expect(MOBILE_MEDIA_QUERY).toBe('(max-width: 1024px)');
  });

  it('lists the spinner sizes', () => {
    expect(SPINNER_SIZES).toEqual([24, 48, 72, 96, 'full']);
  });
});
