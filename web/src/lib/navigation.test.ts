import { describe, expect, it } from 'vitest';
import { focusHeading, isNewPage, shouldResetScroll, type NavigationKind } from './navigation.ts';

const at = (path: string) => {
  const [pathname = '', search = ''] = path.split(/(?=\?)/);
  return { pathname, search };
};

describe('shouldResetScroll', () => {
  it.each<[string, string, NavigationKind, boolean]>([
    ['/', '/bookings', 'PUSH', true],
    ['/bookings', '/bookings/AB12CD3', 'REPLACE', true],
    [
      '/flights/1/0/0/12.2026-12-01._',
      '/multi/1/0/0/12.2026-12-01._/13.2026-12-09._',
      'PUSH',
      false,
    ],
    ['/multi/1/0/0/12.2026-12-01._', '/flights/1/0/0/12.2026-12-01._?s=0', 'REPLACE', false],
    ['/flights/1/0/0/12.2026-12-01._', '/bookings', 'PUSH', true],
    ['/bookings', '/bookings', 'PUSH', false],
    ['/bookings', '/contact-us', 'POP', false],
    ['/bookings?page=1', '/bookings?page=2', 'PUSH', true],
  ])('%s → %s (%s): %s', (from, to, kind, reset) => {
    expect(shouldResetScroll(at(from), at(to), kind)).toBe(reset);
  });
});

describe('isNewPage', () => {
  it.each<[string, string, boolean]>([
    ['/', '/bookings', true],
    ['/bookings?page=1', '/bookings?page=2', true],
    ['/bookings', '/bookings', false],
    ['/', '/flights/1/0/0/12.2026-12-01._', true],
    ['/flights/1/0/0/12.2026-12-01._', '/flights/1/0/0/12.2026-12-01._?s=0', false],
    ['/flights/1/0/0/12.2026-12-01._', '/flights/1/0/0/12.2026-12-01.10.Q', false],
    ['/flights/1/0/0/12.2026-12-01._', '/choose', true],
  ])('%s → %s: %s', (from, to, fresh) => {
    expect(isNewPage(at(from), at(to))).toBe(fresh);
  });
});

describe('focusHeading', () => {
  it('focuses the level-1 heading, waiting for it to appear', async () => {
    const main = document.createElement('main');
    document.body.append(main);
    const stop = focusHeading(main);
    const heading = document.createElement('h1');
    heading.textContent = 'Contact us';
    main.append(heading);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    stop();
    main.remove();
  });
});
